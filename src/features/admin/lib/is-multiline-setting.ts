/** Spec §2, §9: a multi-line area when the key contains 'description' or the value is over 100 characters. */
export const MULTILINE_THRESHOLD = 100;

export function isMultilineSetting(key: string, value: string): boolean {
  return key.includes('description') || value.length > MULTILINE_THRESHOLD;
}
