import type { MockInstance } from 'vitest';
import { SUPABASE_URL } from '@/testing/api';
import { sessionStorageKey } from './stored-session';

const READER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let fetchSpy: MockInstance<typeof fetch>;

/** A fresh module: its "first view of the document" starts over, as on a new page load. */
async function freshSender() {
  vi.resetModules();
  return (await import('./send-view')).sendView;
}

function as(userAgent: string, { referrer = '', address = 'http://localhost:3000/pt' } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
  window.history.replaceState(null, '', address);
}

const sent = () => fetchSpy.mock.calls.map(([url, init]) => ({ url: String(url), init: init!, body: JSON.parse(String(init!.body)) }));

beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});
afterEach(() => vi.restoreAllMocks());

describe('sendView', () => {
  it('posts one view to record_view with keepalive, the anon key, no credentials, and the page and referrer', async () => {
    as(READER, { referrer: 'https://t.co/x', address: 'http://localhost:3000/pt/um-post' });
    (await freshSender())('3f1e7c1a-2b4d-4c8e-9f00-1234567890ab');
    expect(sent()).toEqual([
      {
        url: `${SUPABASE_URL}/rest/v1/rpc/record_view`,
        init: {
          method: 'POST',
          keepalive: true,
          credentials: 'omit',
          headers: { apikey: 'test-anon-key', Authorization: 'Bearer test-anon-key', 'Content-Type': 'application/json' },
          body: expect.any(String),
        },
        body: { page: '3f1e7c1a-2b4d-4c8e-9f00-1234567890ab', referrer: 't.co' },
      },
    ]);
  });

  it('uses the referrer for the first view of the document only; later views of it are direto', async () => {
    as(READER, { referrer: 'https://www.linkedin.com/feed/' });
    const sendView = await freshSender();
    sendView('/pt');
    window.history.pushState(null, '', '/en');
    sendView('/en');
    expect(sent().map((s) => s.body)).toEqual([
      { page: '/pt', referrer: 'linkedin.com' },
      { page: '/en', referrer: 'direto' },
    ]);
  });

  it('sends nothing for a crawler', async () => {
    as(GOOGLEBOT, { referrer: 'https://t.co/x' });
    (await freshSender())('/pt');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the signed-in session’s token instead of the anon key, so the database can leave the admin out', async () => {
    as(READER);
    window.localStorage.setItem(sessionStorageKey(SUPABASE_URL), JSON.stringify({ access_token: 'her.session.jwt' }));
    (await freshSender())('/pt');
    expect(sent()[0]!.init.headers).toEqual({ apikey: 'test-anon-key', Authorization: 'Bearer her.session.jwt', 'Content-Type': 'application/json' });
  });

  it('swallows a failed request: no error, no unhandled rejection', async () => {
    as(READER);
    // A plain function, not a spy: a spy handles the promises it returns itself.
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      (await freshSender())('/pt');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(calls).toBe(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      vi.unstubAllGlobals();
    }
  });
});
