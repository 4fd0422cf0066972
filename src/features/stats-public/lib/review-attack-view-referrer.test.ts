import { viewReferrer } from './view-referrer';

/**
 * Review of issue 27 (attack): a later page view of the same document is no
 * referral, whatever its address says. A reader who came from her mail to
 * /pt?ref=newsletter, opened a post and pressed Back (or forward again) is
 * shown /pt?ref=newsletter once more by the app: that view was counted as a
 * second visit from the newsletter, inflating the newsletter's share.
 */
describe('viewReferrer on a later view of the document (review)', () => {
  it('is direto even when the address still carries ?ref=newsletter (Back to the landing page)', () => {
    const landing = new URL('https://helena.example/pt?ref=newsletter&category=Rela%C3%A7%C3%B5es+com+M%C3%ADdia');
    expect(viewReferrer({ address: landing, documentReferrer: '', firstView: true })).toBe('newsletter');
    expect(viewReferrer({ address: landing, documentReferrer: '', firstView: false })).toBe('direto');
    expect(viewReferrer({ address: new URL('https://helena.example/pt/um-post?utm_source=newsletter'), documentReferrer: '', firstView: false })).toBe(
      'direto',
    );
  });
});
