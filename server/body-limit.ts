/**
 * hono's bodyLimit, for the methods that carry a body. On GET and HEAD it
 * would still ask for the request's body, which makes @hono/node-server
 * build a full fetch Request from Node's (a third of a small read's time on
 * the main thread, issue 11's profile); those bodies are never read anyway.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export function limitBodies(options: Parameters<typeof bodyLimit>[0]): MiddlewareHandler {
  const limit = bodyLimit(options);
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}
