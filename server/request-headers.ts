/**
 * A request's headers by lower-case name, read from Node's own record when
 * the request came through @hono/node-server: Node parses them once per
 * request, already joined and trimmed. Asking the fetch Request instead
 * (c.req.header) checks the name and value with regular expressions on
 * every call, or builds a whole Headers object for the full list; on a small
 * read that showed in the event loop's profile (issue 11, decision 140).
 * In-process requests (app.request in tests, the site renderer's reads) have
 * no Node request and use the fetch Request's headers.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

type HeaderRecord = Record<string, string>;

/** Node's request, when there is one with its headers (tests may pass a socket alone). */
function nodeRequest(c: Context): HttpBindings['incoming'] | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming?.headers ? incoming : undefined;
}

/** Every header of the request as one record of strings, by lower-case name. */
export function requestHeaders(c: Context): Readonly<HeaderRecord> {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header();
  const headers = incoming.headers;
  // Node joins repeated headers into one value, except Set-Cookie (a list),
  // which a request has no business sending: only then is a copy made.
  if (headers['set-cookie'] === undefined) return headers as HeaderRecord;
  const joined: HeaderRecord = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) joined[name] = Array.isArray(value) ? value.join(', ') : value;
  return joined;
}

/** A header by lower-case name in such a record. Node's record inherits from Object: a name like `constructor` is no header. */
const headerIn = (all: Readonly<HeaderRecord>, lowerCaseName: string) => (Object.hasOwn(all, lowerCaseName) ? all[lowerCaseName] : undefined);

/** Lookups by name, in any case, in a record by lower-case name (the `{ get }` the REST helpers take). */
export class HeaderLookup {
  constructor(private readonly all: Readonly<HeaderRecord>) {}

  get(name: string): string | undefined {
    return headerIn(this.all, name.toLowerCase());
  }
}

/** One header of the request, by lower-case name. */
export function requestHeader(c: Context, lowerCaseName: string): string | undefined {
  return nodeRequest(c) ? headerIn(requestHeaders(c), lowerCaseName) : c.req.header(lowerCaseName);
}
