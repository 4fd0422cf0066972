/**
 * Tests and the bench only: a local server playing the outlets of
 * tests/fixtures/clips/outlets (saved real pages, served at their original
 * paths by Host), a feed of them all (/feeds/saved.xml), plus whatever routes a test adds. Its hosts reach the
 * clips fetch through a resolver that answers 127.0.0.1 and allowHosts
 * entries, as OUTBOUND_ALLOW_HOSTS would.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const OUTLETS_DIR = path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'clips', 'outlets');

export interface SavedOutlet {
  file: string;
  url: string;
  kind: string;
}

export const savedOutlets: SavedOutlet[] = JSON.parse(readFileSync(path.join(OUTLETS_DIR, 'outlets.json'), 'utf8')).outlets;

export type Route = (req: IncomingMessage, res: ServerResponse) => boolean | void;

export interface OutletServer {
  port: number;
  /** The outlet's address on this server: same host and path, this port. */
  local(url: string): string;
  hosts: string[];
  allowHosts: string[];
  resolver: (hostname: string) => Promise<{ address: string; family: number }[]>;
  requests: string[];
  routes: Route[];
  close(): Promise<void>;
}

export async function startOutletServer(extraHosts: string[] = []): Promise<OutletServer> {
  const pages = new Map(savedOutlets.map((o) => {
    const u = new URL(o.url);
    return [`${u.hostname}${u.pathname}`, o.file];
  }));
  const byPath = new Map(savedOutlets.map((o) => [new URL(o.url).pathname, o.file]));
  const routes: Route[] = [];
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    requests.push(`${host}${req.url}`);
    for (const route of routes) if (route(req, res) !== false && res.headersSent) return;
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    // A feed of every saved page on the asking host (the e2e, which cannot add routes to the global setup's server, lists it).
    if (pathname === '/feeds/saved.xml') {
      const items = savedOutlets.map((o) => `<item><title>${o.file}</title><link>http://${req.headers.host}${new URL(o.url).pathname}</link></item>`);
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Páginas salvas</title>${items.join('')}</channel></rss>`);
    }
    // 127.0.0.1 (OUTBOUND_ALLOW_HOSTS in a child process, which has no test DNS): by path alone.
    const file = pages.get(`${host}${pathname}`) ?? (host === '127.0.0.1' ? byPath.get(pathname) : undefined);
    if (!file) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(gunzipSync(readFileSync(path.join(OUTLETS_DIR, `${file}.html.gz`))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const hosts = [...new Set([...savedOutlets.map((o) => new URL(o.url).hostname), ...extraHosts])];
  return {
    port,
    hosts,
    allowHosts: hosts.map((h) => `${h}:${port}`),
    local: (url) => {
      const u = new URL(url);
      u.protocol = 'http:';
      u.port = String(port);
      return u.href;
    },
    resolver: async (hostname) => {
      if (!hosts.includes(hostname)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return [{ address: '127.0.0.1', family: 4 }];
    },
    requests,
    routes,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
