/**
 * JSON to write inside a <script> element (the page state, JSON-LD). JSON
 * itself may hold '</script>' or '<!--' in a post's title; escaping '<', '>'
 * and '&' as \u003c… keeps the same value while the HTML parser can never see
 * the script end. U+2028/2029 are escaped for old JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
