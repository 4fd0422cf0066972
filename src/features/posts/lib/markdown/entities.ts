import { decodeNamedCharacterReference } from 'decode-named-character-reference';

// Numeric references Postgres-stored text may hold; CommonMark turns invalid ones into U+FFFD.
function fromCodePoint(code: number): string {
  const invalid = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
  return String.fromCodePoint(invalid ? 0xfffd : code);
}

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{1,31}));/g;

/**
 * marked leaves character references (`&amp;`, `&#233;`) in its tokens'
 * text, for an HTML output the browser decodes; React output shows text as
 * it is, so they are decoded here (named ones by the browser's own table, or
 * the full list on the server). Unknown names stay as typed.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (match, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex) return fromCodePoint(Number.parseInt(hex, 16));
    return (name && decodeNamedCharacterReference(name)) || match;
  });
}
