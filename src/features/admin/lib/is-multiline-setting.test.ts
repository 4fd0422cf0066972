import { isMultilineSetting } from './is-multiline-setting';

describe('isMultilineSetting (spec §9)', () => {
  it("is multi-line when the key contains 'description'", () => {
    expect(isMultilineSetting('about_description_1', 'curto')).toBe(true);
  });
  it('is multi-line only above 100 characters', () => {
    expect(isMultilineSetting('hero_title', 'x'.repeat(100))).toBe(false);
    expect(isMultilineSetting('hero_title', 'x'.repeat(101))).toBe(true);
  });
});
