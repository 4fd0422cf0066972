/** SMTP_URL, MAIL_FROM and MAIL_RATE: defaults, and a message that says how to fix each wrong value. */
import { ConfigError } from '../config.ts';
import { parseFrom, parseMailConfig } from './config.ts';

const SMTP = 'smtp://user:s3cr%40t@smtp.example.com:587';

it('defaults to the outbox folder, noreply@localhost and 300 mails a minute', () => {
  expect(parseMailConfig({})).toEqual({ smtpUrl: undefined, from: 'noreply@localhost', ratePerMinute: 300 });
});

it('takes SMTP_URL, MAIL_FROM and MAIL_RATE', () => {
  expect(parseMailConfig({ SMTP_URL: SMTP, MAIL_FROM: 'Diário <noreply@example.com>', MAIL_RATE: '60' })).toEqual({
    smtpUrl: SMTP,
    from: 'Diário <noreply@example.com>',
    ratePerMinute: 60,
  });
  expect(parseMailConfig({ SMTP_URL: 'smtps://smtp.example.com', MAIL_FROM: 'noreply@example.com' }).smtpUrl).toBe('smtps://smtp.example.com');
});

describe('SMTP_URL', () => {
  const check = (url: string) => () => parseMailConfig({ SMTP_URL: url, MAIL_FROM: 'noreply@example.com' });

  it('must be a URL, and the message does not repeat it (it may hold the password)', () => {
    const broken = check('smtp://user:s3cret@smtp example.com');
    expect(broken).toThrow(ConfigError);
    expect(broken).toThrow(/SMTP_URL is not a URL\. Use smtp:\/\/user:password@smtp\.example\.com:587/);
    expect(broken).not.toThrow(/s3cret/);
  });

  it('must be smtp:// or smtps://', () => {
    expect(check('https://user:s3cret@smtp.example.com')).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\/ \(got https:\/\/\)/);
    expect(check('https://user:s3cret@smtp.example.com')).not.toThrow(/s3cret/);
  });

  it('has a host and nothing after it, and never shows its password', () => {
    expect(check('smtp://user:s3cret@smtp.example.com:587/path?x=1')).toThrow(/must have no path, query or fragment \(got smtp:\/\/user:\*\*\*@smtp\.example\.com:587\/path\?x=1\)/);
    expect(check('smtp://user:s3cret@smtp.example.com:587/path')).not.toThrow(/s3cret/);
    expect(check('smtp://:s3cret@smtp.example.com')).toThrow(/password but no user name/);
    expect(check('smtp://user:s3%ZZcret@smtp.example.com')).toThrow(/broken %-escape/);
  });

  it('needs MAIL_FROM', () => {
    expect(() => parseMailConfig({ SMTP_URL: SMTP })).toThrow(/SMTP_URL is set but MAIL_FROM is not\. Set MAIL_FROM to the sender address/);
    expect(() => parseMailConfig({ SMTP_URL: SMTP, MAIL_FROM: ' ' })).toThrow(/MAIL_FROM is not/);
  });
});

describe('MAIL_FROM', () => {
  it('must be one address', () => {
    for (const from of ['Diário da Ana', 'a@example.com, b@example.com', 'Team: a@example.com;', '@example.com', 'noreply@']) {
      expect(() => parseMailConfig({ MAIL_FROM: from })).toThrow(/is not one email address\. Set it to an address of a domain/);
    }
  });

  it('gives its name and address', () => {
    expect(parseFrom('"Diário, da Ana" <noreply@example.com>')).toEqual({ name: 'Diário, da Ana', address: 'noreply@example.com' });
    expect(parseFrom('noreply@example.com')).toEqual({ name: '', address: 'noreply@example.com' });
  });
});

it('MAIL_RATE must be a positive whole number', () => {
  for (const rate of ['0', '-5', '1.5', 'fast', '1e3', ' 60']) {
    expect(() => parseMailConfig({ MAIL_RATE: rate })).toThrow(/is not a positive whole number\. Set it to the most mails per minute/);
  }
  expect(parseMailConfig({ MAIL_RATE: '1' }).ratePerMinute).toBe(1);
});

it('MAIL_ONE_CLICK_URL is an address the token can be added to', () => {
  const fn = 'https://ref.supabase.co/functions/v1/newsletter-unsubscribe';
  expect(parseMailConfig({ MAIL_ONE_CLICK_URL: fn }).oneClickUrl).toBe(fn);
  expect(parseMailConfig({}).oneClickUrl).toBeUndefined();
  expect(() => parseMailConfig({ MAIL_ONE_CLICK_URL: 'functions/v1/x' })).toThrow(/is not a URL\. Set it to the newsletter-unsubscribe Edge Function/);
  expect(() => parseMailConfig({ MAIL_ONE_CLICK_URL: 'ftp://example.com/x' })).toThrow(/must start with https:\/\//);
  expect(() => parseMailConfig({ MAIL_ONE_CLICK_URL: `${fn}?token=1` })).toThrow(/no query, fragment or credentials/);
});
