import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { requestHeader } from './request-headers.ts';

/** The first address of the trusted proxy's header, when the server sits behind one and the header is there. */
function forwardedBy(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim() || undefined;
}

/**
 * The address rate limits and the REST scheduler are keyed by. By default the TCP peer, because a
 * header like X-Forwarded-For is whatever the client wants it to be; only
 * when the server is told it sits behind a proxy (`trustedProxyHeader`) is
 * the first address of that header used instead. In-process requests
 * (app.request in tests) have no socket unless one is passed as env.
 */
export function clientAddress(c: Context, trustedProxyHeader: string | undefined): string {
  if (trustedProxyHeader) {
    const forwarded = forwardedBy(requestHeader(c, trustedProxyHeader.toLowerCase()));
    if (forwarded) return forwarded;
  }
  // In-process requests (app.request in tests; the site renderer's reads,
  // which the REST line counts as their reader's: server/site/render-turns.ts)
  // have no socket: answer without getConnInfo, whose throw costs a stack trace.
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return 'unknown';
  return getConnInfo(c).remote.address ?? 'unknown';
}


/** The same address for a request Node hands over before the app sees it (the view beacons' path, server/stats/beacon-path.ts). */
export function nodeClientAddress(req: IncomingMessage, trustedProxyHeader: string | undefined): string {
  if (trustedProxyHeader) {
    const value = req.headers[trustedProxyHeader.toLowerCase()];
    const forwarded = forwardedBy(Array.isArray(value) ? value.join(', ') : value);
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
