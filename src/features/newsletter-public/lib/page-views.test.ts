import { confirmAddress, confirmView, newsletterRenderPath, unsubscribeView } from './page-views';

const TOKEN = 'f'.repeat(64);
const params = (query: string) => new URLSearchParams(query);

describe('what the server renders for a newsletter address', () => {
  it('never the token: every link of a view renders, and is kept as, the same page', () => {
    const first = newsletterRenderPath('/newsletter/confirm', params(`token=${TOKEN}&lang=en`));
    const second = newsletterRenderPath('/newsletter/confirm', params(`lang=en&token=${'0'.repeat(64)}&utm_source=mail`));
    expect(first).toBe('/newsletter/confirm?token=token&lang=en');
    expect(second).toBe(first);
    const unsubscribe = newsletterRenderPath('/newsletter/unsubscribe', params('token=6f1c1a52-2b7e-4d4a-9a3e-0c9d1f6e8b21&lang=pt'));
    expect(unsubscribe).toBe('/newsletter/unsubscribe?token=token&lang=pt');
  });

  it('renders the stand-in as the same view as the real token, so the browser hydrates the same markup', () => {
    const real = confirmView(params(`token=${TOKEN}&lang=pt&result=failed`));
    const rendered = confirmView(new URL(newsletterRenderPath('/newsletter/confirm', params(`token=${TOKEN}&lang=pt&result=failed`))!, 'http://x').searchParams);
    expect(rendered).toEqual(real);
    expect(real).toEqual({ lang: 'pt', state: 'ask', failed: true });
  });

  it('reads an unknown language as Portuguese and drops unknown languages from a result', () => {
    expect(confirmView(params('lang=fr&result=confirmed&languages=en,xx,pt'))).toEqual({ lang: 'pt', state: 'confirmed', languages: ['pt', 'en'] });
    expect(newsletterRenderPath('/newsletter/subscribe', params('lang=en&result=<script>'))).toBe('/newsletter/subscribe?lang=en');
  });

  it('treats a link without a token as invalid (confirm) or incomplete (unsubscribe)', () => {
    expect(confirmView(params('lang=en'))).toEqual({ lang: 'en', state: 'invalid' });
    expect(unsubscribeView(params('lang=en&token=%20'))).toEqual({ lang: 'en', state: 'missing' });
  });

  it('leaves the token out of a result address, and keeps it where the page asks again', () => {
    expect(confirmAddress({ lang: 'pt', state: 'confirmed', languages: ['pt', 'en'] })).toBe('/newsletter/confirm?lang=pt&result=confirmed&languages=pt%2Cen');
    expect(confirmAddress({ lang: 'en', state: 'already', languages: ['en'] })).toBe('/newsletter/confirm?lang=en&result=already&languages=en');
    expect(confirmView(params('lang=en&result=already&languages=en'))).toEqual({ lang: 'en', state: 'already', languages: ['en'] });
    expect(confirmAddress({ lang: 'en', state: 'ask', failed: true }, TOKEN)).toBe(`/newsletter/confirm?token=${TOKEN}&lang=en&result=failed`);
  });

  it('is no newsletter page for any other path', () => {
    expect(newsletterRenderPath('/newsletter', params(''))).toBeUndefined();
  });
});
