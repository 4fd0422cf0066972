/** What the database accepts (the migration's checks), said before she saves. */
export const HANDLE_PATTERN = /^[a-z0-9_]{1,30}$/;

export const isValidHandle = (handle: string) => HANDLE_PATTERN.test(handle);

/** Her earlier account as a handle, @user@host (the @ in front optional), as the database accepts it. */
const ACCOUNT_HANDLE = /^@?[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:[0-9]{1,5})?$/;

/**
 * Her earlier account: its https profile address (with a host, no spaces) or
 * @user@host; the server resolves either to the actor id Mastodon's Move checks.
 */
export function isValidAccountAddress(address: string): boolean {
  if (/\s/.test(address)) return false;
  if (ACCOUNT_HANDLE.test(address)) return true;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A server's name as she types it (exemplo.social), lowercased; null when it is not one. Accepts a pasted address or @handle@host. */
export function serverName(input: string): string | null {
  let text = input.trim().toLowerCase();
  const handle = /^@?[^@\s/]+@([^@\s/]+)$/.exec(text);
  if (handle) text = handle[1]!;
  if (/^https?:\/\//.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      return null;
    }
  }
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(text) ? text : null;
}

/** Her address on the fediverse: @handle@host, the host being the site's. */
export const fediverseAddress = (handle: string, host: string) => `@${handle}@${host}`;
