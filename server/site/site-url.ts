/**
 * The origin of the site's absolute links (canonical, Open Graph, feeds,
 * sitemap): SITE_URL when set; otherwise the address the request was made to,
 * which is right on one machine (npm start, npm run dev). Behind a proxy or
 * on a public address, set SITE_URL (README, Configuration). A page built
 * from a request's address is cached under that address, so a forged Host
 * header only ever comes back to whoever sent it.
 */
export function siteUrlFor(configured: string | undefined, requestUrl: string): string {
  return configured ?? new URL(requestUrl).origin;
}
