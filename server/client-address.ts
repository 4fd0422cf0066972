import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { requestHeader } from './request-headers.ts';

/**
 * The address rate limits and the REST scheduler are keyed by. By default the TCP peer, because a
 * header like X-Forwarded-For is whatever the client wants it to be; only
 * when the server is told it sits behind a proxy (`trustedProxyHeader`) is
 * the first address of that header used instead. In-process requests
 * (app.request in tests) have no socket unless one is passed as env.
 */
export function clientAddress(c: Context, trustedProxyHeader: string | undefined): string {
  if (trustedProxyHeader) {
    const forwarded = requestHeader(c, trustedProxyHeader.toLowerCase())?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  // In-process requests (app.request in tests; the site renderer's reads,
  // which the REST line counts as their reader's: server/site/render-turns.ts)
  // have no socket: answer without getConnInfo, whose throw costs a stack trace.
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return 'unknown';
  return getConnInfo(c).remote.address ?? 'unknown';
}

