/**
 * Where a page view came from, as the statistics keep it (issue 27): the
 * referring site's host name, 'newsletter' for a link of her own mails, or
 * 'direto'. Only the host ever leaves the browser, never the address.
 */

/** The host names public.record_view accepts (private.stats_referrer): no IP address, no port, no 'localhost'. */
const HOST_NAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

const withoutWww = (host: string) => host.replace(/^www\./, '');

function fromNewsletter(params: URLSearchParams): boolean {
  const value = (name: string) => params.get(name)?.trim().toLowerCase();
  return value('ref') === 'newsletter' || value('utm_source') === 'newsletter' || value('utm_medium') === 'email';
}

/**
 * `documentReferrer` counts for the first page view of the document only:
 * the browser keeps it through the app's own navigations, which are no
 * referral. A link inside the site (same host, with or without 'www.') and a
 * referrer that is no host name are 'direto'.
 */
export function viewReferrer({ address, documentReferrer, firstView }: { address: URL; documentReferrer: string; firstView: boolean }): string {
  if (!firstView) return 'direto';
  if (fromNewsletter(address.searchParams)) return 'newsletter';
  if (!documentReferrer) return 'direto';
  let host: string;
  try {
    host = withoutWww(new URL(documentReferrer).hostname.toLowerCase().replace(/\.$/, ''));
  } catch {
    return 'direto';
  }
  if (host === withoutWww(address.hostname.toLowerCase())) return 'direto';
  return host.length <= 253 && HOST_NAME.test(host) ? host : 'direto';
}
