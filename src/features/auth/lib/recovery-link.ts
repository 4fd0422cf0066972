/**
 * The recovery mail's link lands on /auth?redefinir-senha: the query marks
 * the landing (the session itself arrives in the fragment, which supabase-js
 * reads and clears). A refused link arrives as GoTrue's error fragment.
 * On hosted Supabase the address must be in the project's Redirect URLs.
 */
export const RECOVERY_PARAM = 'redefinir-senha';

export function recoveryRedirectUrl(origin: string): string {
  return `${origin}/auth?${RECOVERY_PARAM}`;
}

/** GoTrue's `#error=…&error_code=…` after a refused link, or undefined. */
export function linkErrorIn(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('error_code') ?? params.get('error') ?? undefined;
}
