/**
 * CORS for the APIs (protocol §0: what supabase-js sends and must read).
 * Preflights are hono's cors(). For the requests themselves the headers are
 * part of the answer when encodedResponse makes it (the REST API's), else
 * added to the handler's answer after it is made: hono's cors() sets them
 * before, on a placeholder answer, which makes hono rebuild the handler's
 * answer as a full fetch Response with a stream body, and @hono/node-server
 * then read it back out (two fifths of a small read's time on the event
 * loop, issue 11's profile of /rest/v1).
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { isFinished } from './compress.ts';

const ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ALLOW_HEADERS = [
  'apikey', 'authorization', 'x-client-info', 'content-type', 'accept', 'accept-profile', 'content-profile',
  'prefer', 'range', 'range-unit', 'x-upsert', 'cache-control', 'x-metadata', 'x-supabase-api-version', 'x-retry-count',
];
const EXPOSE_HEADERS = ['Content-Range', 'Content-Profile', 'Location', 'X-Total-Count', 'Link', 'X-Supabase-Api-Version', 'Preference-Applied'];

/** The CORS headers of every API answer but a preflight's. */
export const CORS_ANSWER_HEADERS = Object.freeze({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE_HEADERS.join(',') });

export function apiCors(): MiddlewareHandler {
  const preflight = cors({ origin: '*', allowMethods: ALLOW_METHODS, allowHeaders: ALLOW_HEADERS, exposeHeaders: EXPOSE_HEADERS, maxAge: 86400 });
  const expose = CORS_ANSWER_HEADERS['Access-Control-Expose-Headers'];
  const headers = CORS_ANSWER_HEADERS;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    // Answers made with encodedResponse include them as they are made.
    c.set('corsHeaders', headers);
    await next();
    if (isFinished(c.res)) return;
    try {
      c.res.headers.set('Access-Control-Allow-Origin', '*');
      c.res.headers.set('Access-Control-Expose-Headers', expose);
    } catch {
      // An answer with immutable headers (one passed on from fetch): a copy takes them.
      const res = c.res;
      c.res = undefined;
      c.res = new Response(res.body, res);
      c.res.headers.set('Access-Control-Allow-Origin', '*');
      c.res.headers.set('Access-Control-Expose-Headers', expose);
    }
  };
}
