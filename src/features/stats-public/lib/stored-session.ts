/**
 * The access token of a session signed in on this browser, read from where
 * the admin's Supabase client keeps it (localStorage, under supabase-js's
 * default key for the project URL; stored-session.test.ts holds the two
 * together). Read only: loading the auth client onto public pages would
 * weigh on every reader, and could refresh the session and write storage.
 * An expired token is sent as it is: the API then refuses the beacon, which
 * leaves her visit uncounted, as intended.
 */
export function storedAccessToken(projectUrl: string): string | undefined {
  try {
    const raw = window.localStorage.getItem(sessionStorageKey(projectUrl));
    const token: unknown = raw ? (JSON.parse(raw) as { access_token?: unknown }).access_token : undefined;
    return typeof token === 'string' && token ? token : undefined;
  } catch {
    // No storage (a privacy mode, a sandbox) or something else under the key: no session.
    return undefined;
  }
}

/** supabase-js's default storage key: `sb-<first label of the project's host>-auth-token`. */
export function sessionStorageKey(projectUrl: string): string {
  return `sb-${new URL(projectUrl).hostname.split('.')[0]}-auth-token`;
}
