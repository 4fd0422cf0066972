import { translationStatus } from './translation-status';

const post = (translation_outdated = false) => ({ translation_outdated });

describe('translationStatus', () => {
  it('is "none" without a linked counterpart, whatever a stale flag says', () => {
    expect(translationStatus(post(), null)).toBe('none');
    expect(translationStatus(post(true), null)).toBe('none');
  });

  it('is "translated" when both versions are in step', () => {
    expect(translationStatus(post(), post())).toBe('translated');
  });

  it('is "outdated" on the post that changed, whose translation lags', () => {
    expect(translationStatus(post(), post(true))).toBe('outdated');
  });

  it('is "behind" on the post that lags its changed counterpart', () => {
    expect(translationStatus(post(true), post())).toBe('behind');
  });
});
