/**
 * The last check before the site answers a redirect (issue 22, finding 1):
 * whatever the renderer says, a Location we send must resolve to our own
 * origin and be written as a path, since browsers read `//host` and `/\host`
 * as another site and keep the URL's fragment (a session, after a mail link)
 * across the hop.
 */
const PROBE = 'http://local-redirect.invalid';

export function isLocalRedirect(location: string): boolean {
  if (!location.startsWith('/') || location.startsWith('//') || location.includes('\\')) return false;
  try {
    return new URL(location, PROBE).origin === PROBE;
  } catch {
    return false;
  }
}
