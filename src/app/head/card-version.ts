/**
 * A short fingerprint of what a share card shows, put in the card's URL
 * (?v=…): link-preview services cache an image by its URL, so a new title
 * must mean a new URL, while an unrelated edit keeps the old one. FNV-1a, not
 * a security hash: it only has to change when the text changes.
 */
export function cardVersion(parts: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
