/**
 * Headers for the SPA's pages and files. The CSP allows only this origin:
 * the SPA has one inline script, its starter, allowed by its hash (decision
 * 240), and talks to its own origin (the APIs are on
 * it; 'self' covers same-origin ws(s) too). Inline styles stay allowed:
 * Radix injects <style> elements (scroll lock) and React writes style
 * attributes. Images may be any https URL (posts link their cover images).
 */
import { bootScriptSource } from '../../scripts/boot-script.ts';

/**
 * `connect-src` is this origin, plus the hosted project when the bundle was
 * built for one (VITE_SUPABASE_URL, which `npm start` builds with).
 */
function connectSources(supabaseUrl: string | undefined): string {
  const sources = ["'self'"];
  try {
    if (supabaseUrl) {
      const u = new URL(supabaseUrl);
      sources.push(u.origin, `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`);
    }
  } catch {
    // Not a URL: the SPA could not use it either.
  }
  return sources.join(' ');
}

export function contentSecurityPolicy(
  supabaseUrl: string | undefined = process.env.VITE_SUPABASE_URL,
  { inlineScripts = false }: { inlineScripts?: boolean } = {},
): string {
  return [
    "default-src 'self'",
    // Inline scripts only under `npm run dev` (Vite's hot-reload preamble).
    inlineScripts ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' ${bootScriptSource}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connectSources(supabaseUrl)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy(),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
