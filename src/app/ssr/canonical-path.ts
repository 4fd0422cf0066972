/**
 * The one address of a path (issue 22, finding 1). A path that begins with
 * `//` or `/\` is read by browsers as another host (`//attacker.example` is
 * protocol-relative), so a Location built from request input must never begin
 * that way; the host checks it again (server/site/local-redirect.ts).
 */

/**
 * Runs of slashes become one and a trailing slash goes: `//x//a.example/` →
 * `/x/a.example`. Backslashes arrive here as slashes already (the WHATWG URL
 * parser turns them into `/` in http paths), and percent-encoded ones
 * (`%2F`, `%5C`) stay encoded, so they can only ever name a path of ours.
 */
export function canonicalPath(pathname: string): string {
  const collapsed = pathname.replace(/[/\\]+/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

