/**
 * A hono router that remembers what each method and path matched. Our routes
 * (REST's `/rpc/:fn` beside `/:table`) are beyond hono's RegExpRouter, so its
 * SmartRouter falls back to the TrieRouter, which walks the whole tree on
 * every request: a thirtieth of a small REST read's time on the event loop
 * (issue 11), for the same few paths again and again. Bounded (MAX_PATHS,
 * emptied when full) and emptied whenever a route is added. Matches are
 * shared between the requests of a path; hono only reads them.
 */
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import type { Result, Router } from 'hono/router';
import { remembered } from './remembered.ts';

const MAX_PATHS = 2000;

export class RememberedRoutes<T> implements Router<T> {
  readonly name = 'RememberedRoutes';
  private readonly matched = new Map<string, Result<T>>();

  /** hono's default router inside. */
  constructor(private readonly inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] })) {}

  add(method: string, path: string, handler: T): void {
    this.matched.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    return remembered(this.matched, MAX_PATHS, `${method} ${path}`, () => this.inner.match(method, path));
  }
}
