/**
 * Where the data lives. A hosted build sets VITE_SUPABASE_URL and
 * VITE_SUPABASE_PUBLISHABLE_KEY at build time; otherwise the page's own origin
 * is the local backend, which writes the anon key into a meta tag of index.html.
 */
export function supabaseConfig(): { url: string; key: string } {
  const url = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
  const key =
    import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY ||
    document.querySelector<HTMLMetaElement>('meta[name="supabase-anon-key"]')?.content ||
    '';
  if (!key) {
    throw new Error(
      'No Supabase key: set VITE_SUPABASE_PUBLISHABLE_KEY at build time, or serve the app from the local backend (npm start).',
    );
  }
  return { url, key };
}
