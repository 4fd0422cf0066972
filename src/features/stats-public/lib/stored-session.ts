/**
 * The access token of a session signed in on this browser, read from where
 * the admin's Supabase client keeps it (localStorage, under supabase-js's
 * default key for the project URL; stored-session.test.ts holds the two
 * together). Read only: loading the auth client onto public pages would
 * weigh on every reader, and could refresh the session and write storage.
 * null for an expired session: sent, the API would refuse it (a 401 in the
 * reader's console), and sent without it, the admin's stale session would
 * count her; so no view is sent for it.
 */
export function storedAccessToken(projectUrl: string): string | null | undefined {
  try {
    const raw = window.localStorage.getItem(sessionStorageKey(projectUrl));
    const session = raw ? (JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown }) : undefined;
    if (typeof session?.expires_at === 'number' && session.expires_at * 1000 <= Date.now()) return null;
    const token = session?.access_token;
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
