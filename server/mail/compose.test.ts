/** The bytes of a mail: MIME as mail clients and spam filters expect it, and no header a caller did not mean. */
import { simpleParser } from 'mailparser';
import { composeMail, formatAddress, type OutgoingMail } from './compose.ts';

const base: OutgoingMail = {
  to: 'leitor@example.org',
  from: formatAddress('Diário da Ana', 'noreply@example.com'),
  subject: 'Confirme sua inscrição — ação',
  text: 'Olá, leitor.',
  html: '<p>Olá, <b>leitor</b>.</p>',
  messageId: '<newsletter.p1.s1@example.com>',
};

it('is multipart/alternative with a text and an HTML part, UTF-8, with Date, Message-ID and MIME-Version', async () => {
  const raw = await composeMail(base);
  // 7-bit on the wire: every non-ASCII character is encoded, whatever the server supports.
  expect([...raw].every((byte) => byte < 0x80)).toBe(true);
  const text = raw.toString('ascii');
  expect(text).toMatch(/^MIME-Version: 1\.0\r$/m);
  expect(text).toMatch(/^Content-Type: multipart\/alternative;/m);
  expect(text).toMatch(/^Message-ID: <newsletter\.p1\.s1@example\.com>\r$/m);
  const parsed = await simpleParser(raw);
  expect(parsed.subject).toBe('Confirme sua inscrição — ação');
  expect(parsed.text).toBe('Olá, leitor.');
  expect(parsed.html).toBe('<p>Olá, <b>leitor</b>.</p>');
  expect(parsed.date).toBeInstanceOf(Date);
  expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value).toEqual([{ name: '', address: 'leitor@example.org' }]);
  expect(parsed.from?.value).toEqual([{ name: 'Diário da Ana', address: 'noreply@example.com' }]);
});

it('keeps a site name with a comma, a colon or quotes one display name', async () => {
  const from = formatAddress('Ana "A." Souza, jornalista: notas', 'noreply@example.com');
  const parsed = await simpleParser(await composeMail({ ...base, from }));
  expect(parsed.from?.value).toEqual([{ name: 'Ana "A." Souza, jornalista: notas', address: 'noreply@example.com' }]);
});

it('carries the extra headers as given', async () => {
  const raw = (await composeMail({ ...base, headers: { 'List-Id': 'Diário da Ana <news.example.com>', 'Auto-Submitted': 'auto-generated' } })).toString();
  expect(raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
  const parsed = await simpleParser(raw);
  expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
});

it('lets no line break in a subject or header value add a header', async () => {
  const raw = await composeMail({ ...base, subject: 'Oi\r\nBcc: intruso@example.net', headers: { 'X-Note': 'a\r\nBcc: intruso@example.net' } });
  const parsed = await simpleParser(raw);
  expect(parsed.bcc).toBeUndefined();
  expect(parsed.headerLines.some((h) => h.key === 'bcc')).toBe(false);
});

it('refuses a header name that is not one', async () => {
  await expect(composeMail({ ...base, headers: { 'X-A\r\nBcc': 'x' } })).rejects.toThrow(/not a header field name/);
  await expect(composeMail({ ...base, headers: { 'X:A': 'x' } })).rejects.toThrow(/not a header field name/);
});

it('writes the recipient as one address, never as the list or display name nodemailer would parse out of it', async () => {
  // Issue 41, defect 5: a string `to` went through nodemailer's address parser, which read these as victim@example.com.
  for (const to of ['root,victim@example.com', 'a@example.org, victim@example.com']) {
    const parsed = await simpleParser(await composeMail({ ...base, to }));
    const recipients = parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : [];
    expect(recipients, to).toHaveLength(1);
    expect(recipients[0]!.address, to).not.toBe('victim@example.com');
  }
});
