/**
 * The outbound fetch against servers on this machine, with DNS played by the
 * test: 127.0.0.1 plays a public site (allowed for these tests only), and a
 * "private service" on 127.0.0.5, the same port, must never see a request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicFetch, type PublicFetch, type ResolvedAddress } from './public-fetch.ts';

const PUBLIC_STAND_IN = '127.0.0.1';
const PRIVATE = '127.0.0.5';
const MB = 1024 * 1024;

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void, host: string, port = 0): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('createPublicFetch', () => {
  let site: Server;
  let privateService: Server;
  let port: number;
  const siteRequests: string[] = [];
  let privateRequests = 0;
  /** The DNS of these tests: each name's answers, one list per lookup, the last repeated. */
  let dns: Record<string, ResolvedAddress[][]> = {};
  let lookups: string[] = [];
  const resolver = async (hostname: string) => {
    lookups.push(hostname);
    const answers = dns[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.length > 1 ? answers.shift()! : answers[0]!;
  };
  const v4 = (...addresses: string[]) => addresses.map((address) => ({ address, family: 4 }));

  let publicFetch: PublicFetch;
  let strictFetch: PublicFetch;
  const fetchers: PublicFetch[] = [];
  const make = (options: Partial<Parameters<typeof createPublicFetch>[0]> = {}) => {
    const made = createPublicFetch({ timeoutMs: 5_000, maxBytes: MB, resolver, allow: [PUBLIC_STAND_IN], ...options });
    fetchers.push(made);
    return made;
  };

  beforeAll(async () => {
    site = await listen((req, res) => {
      siteRequests.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://site');
      if (url.pathname === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg', 'x-accept-was': req.headers.accept ?? '' }).end('public picture');
      if (url.pathname === '/redirect') {
        // The attacker's server closes each connection, so the next hop must connect (and look up) again.
        const headers = { location: url.searchParams.get('to')!, ...(url.searchParams.has('close') ? { connection: 'close' } : {}) };
        return res.writeHead(302, headers).end();
      }
      if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (url.pathname === '/big') return res.writeHead(200, { 'content-length': String(2 * MB) }).end(Buffer.alloc(2 * MB));
      if (url.pathname === '/big-unannounced') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 2 * MB) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        return more();
      }
      if (url.pathname === '/hang') return; // never answers
      if (url.pathname === '/stall') return void res.writeHead(200).write('the first bytes, then nothing');
      res.writeHead(404).end();
    }, PUBLIC_STAND_IN);
    port = (site.address() as AddressInfo).port;
    privateService = await listen((_req, res) => {
      privateRequests++;
      res.end('private data');
    }, PRIVATE, port);
    publicFetch = make();
    strictFetch = make({ allow: [] });
  });
  afterAll(async () => {
    await Promise.all(fetchers.map((f) => f.close()));
    site.closeAllConnections();
    await Promise.all([close(site), close(privateService)]);
  });
  beforeEach(() => {
    dns = {};
    lookups = [];
    siteRequests.length = 0;
    privateRequests = 0;
  });

  it('fetches from a public IPv4 host its name resolves to', async () => {
    dns['photos.example'] = [v4(PUBLIC_STAND_IN)];
    const response = await publicFetch(`http://photos.example:${port}/photo.jpg`, { headers: { accept: 'image/*' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-accept-was')).toBe('image/*');
    expect(await response.text()).toBe('public picture');
    expect(lookups).toEqual(['photos.example']);
  });

  it('connects to the address it checked: a name that answers a public address, then 127.0.0.5, reaches only the public one', async () => {
    dns['rebind.example'] = [v4(PUBLIC_STAND_IN), v4(PRIVATE)];
    const response = await make()(`http://rebind.example:${port}/photo.jpg`);
    expect(await response.text()).toBe('public picture');
    expect(lookups).toEqual(['rebind.example']);
    expect(privateRequests).toBe(0);
  });

  it('refuses the rebinding on the next connection: public to the first lookup, 127.0.0.5 to the second', async () => {
    dns['rebind.example'] = [v4(PUBLIC_STAND_IN), v4(PRIVATE)];
    // A fetch of its own: no kept-alive connection from an earlier test stands in for the first lookup.
    const fresh = make();
    const start = `http://rebind.example:${port}/redirect?close&to=${encodeURIComponent(`http://rebind.example:${port}/secret`)}`;
    await expect(fresh(start)).rejects.toThrow(`Endereço recusado: rebind.example aponta para uma rede privada ou reservada (${PRIVATE}: loopback)`);
    expect(lookups).toEqual(['rebind.example', 'rebind.example']);
    expect(privateRequests).toBe(0);
  });

  it.each([
    ['a private IPv4 address', `http://${PUBLIC_STAND_IN}:PORT/photo.jpg`, /Endereço recusado: 127\.0\.0\.1 aponta para uma rede privada ou reservada \(loopback\)/],
    ['a cloud metadata address', 'http://169.254.169.254/latest/meta-data/', /Endereço recusado: 169\.254\.169\.254 aponta para uma rede privada ou reservada \(linkLocal\)/],
    ['a private IPv4 address in an IPv4-mapped IPv6 address', 'http://[::ffff:127.0.0.1]:PORT/photo.jpg', /Endereço recusado: ::ffff:7f00:1 aponta para uma rede privada ou reservada \(loopback\)/],
    ['the IPv6 loopback', 'http://[::1]:PORT/photo.jpg', /Endereço recusado: ::1 aponta para uma rede privada ou reservada \(loopback\)/],
    ['an IPv6 unique-local address', 'http://[fd12:3456::1]/photo.jpg', /Endereço recusado: fd12:3456::1 aponta para uma rede privada ou reservada \(uniqueLocal\)/],
    ['an IPv6 link-local address', 'http://[fe80::1]/photo.jpg', /Endereço recusado: fe80::1 aponta para uma rede privada ou reservada \(linkLocal\)/],
    ['a file', 'file:///etc/passwd', /só endereços http:\/\/ e https:\/\/ são buscados \(não file:\)/],
  ])('refuses %s before a byte is asked for', async (_what, address, message) => {
    await expect(strictFetch(address.replace('PORT', String(port)))).rejects.toThrow(message);
    expect(siteRequests).toEqual([]);
    expect(privateRequests).toBe(0);
  });

  it('refuses a name that resolves to a private address', async () => {
    dns['intranet.example'] = [v4('10.0.0.7')];
    await expect(publicFetch(`http://intranet.example:${port}/`)).rejects.toThrow('Endereço recusado: intranet.example aponta para uma rede privada ou reservada (10.0.0.7: private)');
  });

  it('refuses a name when any of its addresses is private, not only the first', async () => {
    dns['mixed.example'] = [v4(PUBLIC_STAND_IN, PRIVATE)];
    await expect(publicFetch(`http://mixed.example:${port}/photo.jpg`)).rejects.toThrow(`Endereço recusado: mixed.example aponta para uma rede privada ou reservada (${PRIVATE}: loopback)`);
    dns['mixed6.example'] = [[{ address: PUBLIC_STAND_IN, family: 4 }, { address: 'fd00::5', family: 6 }]];
    await expect(publicFetch(`http://mixed6.example:${port}/photo.jpg`)).rejects.toThrow('Endereço recusado: mixed6.example aponta para uma rede privada ou reservada (fd00::5: uniqueLocal)');
    expect(siteRequests).toEqual([]);
  });

  it.each([
    ['a private address', `http://${PRIVATE}:PORT/`, `Endereço recusado: ${PRIVATE} aponta para uma rede privada ou reservada (loopback)`],
    ['a name of a private address', 'http://internal.example:PORT/', `Endereço recusado: internal.example aponta para uma rede privada ou reservada (${PRIVATE}: loopback)`],
  ])('refuses a redirect to %s', async (_what, target, message) => {
    dns['photos.example'] = [v4(PUBLIC_STAND_IN)];
    dns['internal.example'] = [v4(PRIVATE)];
    const to = encodeURIComponent(target.replace('PORT', String(port)));
    await expect(publicFetch(`http://photos.example:${port}/redirect?to=${to}`)).rejects.toThrow(message);
    expect(siteRequests).toHaveLength(1);
    expect(privateRequests).toBe(0);
  });

  it('follows at most five redirects', async () => {
    dns['photos.example'] = [v4(PUBLIC_STAND_IN)];
    await expect(publicFetch(`http://photos.example:${port}/loop`)).rejects.toThrow('Redirecionamentos demais (mais de 5).');
    expect(siteRequests).toHaveLength(6);
  });

  it('refuses a body past the limit, announced or not', async () => {
    dns['photos.example'] = [v4(PUBLIC_STAND_IN)];
    await expect(publicFetch(`http://photos.example:${port}/big`)).rejects.toThrow('A resposta passa de 1 MB');
    const unannounced = await publicFetch(`http://photos.example:${port}/big-unannounced`);
    expect(unannounced.status).toBe(200);
    await expect(unannounced.arrayBuffer()).rejects.toThrow('A resposta passa de 1 MB');
  });

  it('gives up on a server that never answers', async () => {
    dns['slow.example'] = [v4(PUBLIC_STAND_IN)];
    const impatient = make({ timeoutMs: 300 });
    const started = performance.now();
    await expect(impatient(`http://slow.example:${port}/hang`)).rejects.toThrow(`A página não respondeu em 0.3 s (slow.example:${port}).`);
    expect(performance.now() - started).toBeLessThan(3_000);
    const stalled = await impatient(`http://slow.example:${port}/stall`);
    await expect(stalled.arrayBuffer()).rejects.toThrow(`A página não respondeu em 0.3 s (slow.example:${port}).`);
  });

  it('says when a name cannot be found', async () => {
    await expect(publicFetch('http://nowhere.example/photo.jpg')).rejects.toThrow('O endereço nowhere.example não foi encontrado (ENOTFOUND).');
  });
});
