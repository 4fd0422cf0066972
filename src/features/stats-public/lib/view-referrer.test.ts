import { viewReferrer } from './view-referrer';

const at = (address: string) => new URL(address);

describe('viewReferrer', () => {
  it('is the referring host, in lower case and without www., on the first view of the document', () => {
    expect(viewReferrer({ address: at('https://helena.example/pt/um-post'), documentReferrer: 'https://t.co/AbC123', firstView: true })).toBe('t.co');
    expect(
      viewReferrer({ address: at('https://helena.example/pt'), documentReferrer: 'https://WWW.Google.COM/search?q=helena', firstView: true }),
    ).toBe('google.com');
    expect(viewReferrer({ address: at('https://helena.example/pt'), documentReferrer: 'android-app://com.linkedin.android/', firstView: true })).toBe(
      'com.linkedin.android',
    );
  });

  it('is direto with no referrer, from the site itself, or from what is no host name', () => {
    const address = at('https://helena.example/en/a-post');
    expect(viewReferrer({ address, documentReferrer: '', firstView: true })).toBe('direto');
    expect(viewReferrer({ address, documentReferrer: 'https://helena.example/pt', firstView: true })).toBe('direto');
    expect(viewReferrer({ address, documentReferrer: 'https://www.helena.example/pt', firstView: true })).toBe('direto');
    expect(viewReferrer({ address, documentReferrer: 'http://192.168.0.10:8080/x', firstView: true })).toBe('direto');
    expect(viewReferrer({ address, documentReferrer: 'http://localhost:5173/pt', firstView: true })).toBe('direto');
    expect(viewReferrer({ address, documentReferrer: 'not a url', firstView: true })).toBe('direto');
  });

  it('is direto on a later view of the same document: the app navigated, the browser kept the first referrer', () => {
    expect(viewReferrer({ address: at('https://helena.example/pt/outro'), documentReferrer: 'https://t.co/x', firstView: false })).toBe('direto');
  });

  it('is newsletter for her mails’ links (?ref=newsletter, utm_source=newsletter, utm_medium=email), whatever the referrer', () => {
    for (const query of ['ref=newsletter', 'utm_source=Newsletter', 'utm_medium=email&utm_source=x']) {
      expect(viewReferrer({ address: at(`https://helena.example/pt/um-post?${query}`), documentReferrer: 'https://mail.google.com/', firstView: true })).toBe(
        'newsletter',
      );
    }
    expect(viewReferrer({ address: at('https://helena.example/pt/um-post?ref=outra-coisa'), documentReferrer: '', firstView: true })).toBe('direto');
  });
});
