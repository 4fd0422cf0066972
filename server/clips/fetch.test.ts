/**
 * The addresses issue 43 says must be refused, each with nothing fetched,
 * through the clips' fetch with its real numbers (10 MB; the deadline is
 * shortened for the page that trickles forever). 127.0.0.1 on one port is
 * allow-listed as OUTBOUND_ALLOW_HOSTS would, standing in for a public outlet.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseOutboundAllowHosts } from '../outbound/public-fetch.ts';
import { createClipsFetch, type ClipsFetch } from './fetch.ts';

const MB = 1024 * 1024;

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void, host: string, port = 0): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

describe('the clips fetch refuses what issue 43 lists, fetching nothing', () => {
  let outlet: Server;
  let other: Server;
  let privateService: Server;
  let port: number;
  let otherPort: number;
  const requests: string[] = [];
  let bytesSent = 0;
  let userAgent = '';
  let clips: ClipsFetch;
  let slow: ClipsFetch;
  const dns: Record<string, string> = {};
  const resolver = async (hostname: string) => {
    if (!dns[hostname]) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return [{ address: dns[hostname]!, family: 4 }];
  };

  beforeAll(async () => {
    outlet = await listen((req, res) => {
      requests.push(`outlet ${req.url}`);
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/artigo') userAgent = req.headers['user-agent'] ?? '';
      if (url.pathname === '/artigo') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<title>Artigo</title>');
      if (url.pathname === '/redirect') return res.writeHead(302, { location: url.searchParams.get('to')! }).end();
      if (url.pathname === '/50mb') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * MB) });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const more = () => {
          while (!res.destroyed) {
            bytesSent += chunk.length;
            if (bytesSent > 50 * MB) return void res.end();
            if (!res.write(chunk)) return void res.once('drain', more);
          }
        };
        return more();
      }
      if (url.pathname === '/endless') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const more = () => {
          while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', more);
        };
        return more();
      }
      if (url.pathname === '/trickle') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('.')), 50);
        return;
      }
      if (url.pathname === '/script.js') return res.writeHead(200, { 'content-type': 'application/javascript' }).end('alert(1)');
      if (url.pathname === '/busy') return res.writeHead(429, { 'retry-after': '120' }).end();
      res.writeHead(404).end();
    }, '127.0.0.1');
    port = (outlet.address() as AddressInfo).port;
    other = await listen((req, res) => {
      requests.push(`other ${req.url}`);
      res.end('not allow-listed');
    }, '127.0.0.1');
    otherPort = (other.address() as AddressInfo).port;
    privateService = await listen((req, res) => {
      requests.push(`private ${req.url}`);
      res.end('private data');
    }, '127.0.0.5', port);
    const allowHosts = parseOutboundAllowHosts(`127.0.0.1:${port}, outlet.example:${port}`);
    dns['outlet.example'] = '127.0.0.1';
    dns['intranet.example'] = '127.0.0.5';
    clips = createClipsFetch({ allowHosts, resolver, siteUrl: 'https://jornalista.example' });
    slow = createClipsFetch({ allowHosts, resolver, timeoutMs: 600 });
  });
  afterAll(async () => {
    await clips.close();
    await slow.close();
    for (const s of [outlet, other, privateService]) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });
  beforeEach(() => {
    requests.length = 0;
  });

  it('fetches an allow-listed outlet, saying who asks', async () => {
    const response = await clips.page(`http://outlet.example:${port}/artigo`);
    expect(await response.text()).toBe('<title>Artigo</title>');
    expect(requests).toEqual(['outlet /artigo']);
    expect(userAgent).toBe('journalist-site-clips/1.0 (archives her own published work; +https://jornalista.example)');
  });

  it.each([
    ['127.0.0.1 not allow-listed (another port)', () => `http://127.0.0.1:${otherPort}/`, 'Endereço recusado: 127.0.0.1 aponta para uma rede privada ou reservada (loopback).'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', 'Endereço recusado: 169.254.169.254 aponta para uma rede privada ou reservada (linkLocal).'],
    ['[::1]', () => `http://[::1]:${port}/`, 'Endereço recusado: ::1 aponta para uma rede privada ou reservada (loopback).'],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port}/artigo`, 'Endereço recusado: ::ffff:7f00:1 aponta para uma rede privada ou reservada (loopback).'],
    ['a name resolving to a private address', () => `http://intranet.example:${port}/`, 'Endereço recusado: intranet.example aponta para uma rede privada ou reservada (127.0.0.5: loopback).'],
    ['a redirect from the allowed outlet to a private address', () => `http://outlet.example:${port}/redirect?to=${encodeURIComponent(`http://127.0.0.5:${port}/`)}`, 'Endereço recusado: 127.0.0.5 aponta para uma rede privada ou reservada (loopback).'],
    ['file:', () => 'file:///etc/passwd', 'Endereço recusado: só endereços http:// e https:// são buscados (não file:).'],
    ['ftp:', () => `ftp://outlet.example:${port}/artigo`, 'Endereço recusado: só endereços http:// e https:// são buscados (não ftp:).'],
  ])('refuses %s', async (_what, address, message) => {
    await expect(clips.page(address())).rejects.toThrow(message);
    expect(requests.filter((r) => !r.startsWith('outlet /redirect'))).toEqual([]);
  });

  it('refuses a 50 MB page unread, and a page that never ends at 10 MB', async () => {
    await expect(clips.page(`http://outlet.example:${port}/50mb`)).rejects.toThrow('A resposta passa de 10 MB: nada foi guardado.');
    const endless = await clips.page(`http://outlet.example:${port}/endless`);
    await expect(endless.arrayBuffer()).rejects.toThrow('A resposta passa de 10 MB: nada foi guardado.');
  });

  it('gives up on a page that trickles forever at the deadline', async () => {
    const started = performance.now();
    const trickle = await slow.page(`http://outlet.example:${port}/trickle`);
    await expect(trickle.text()).rejects.toThrow(`A página não respondeu em 0.6 s (outlet.example:${port}).`);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('takes HTML, PDF and pictures only', async () => {
    await expect(clips.page(`http://outlet.example:${port}/script.js`)).rejects.toThrow('Tipo de conteúdo recusado: application/javascript (só páginas HTML, PDF ou imagens).');
  });

  it('leaves a host that answered 429 alone until it said, without sending again', async () => {
    await expect(clips.page(`http://outlet.example:${port}/busy`)).rejects.toMatchObject({ code: 'busy' });
    await expect(clips.page(`http://outlet.example:${port}/artigo`)).rejects.toThrow(/pediu para esperar: nova tentativa depois de/);
    expect(requests).toEqual(['outlet /busy']);
  });

  it('OUTBOUND_ALLOW_HOSTS takes host:port entries only', () => {
    expect(parseOutboundAllowHosts('a.local:80,[fd00::5]:443')).toEqual(['a.local:80', 'fd00::5:443']);
    expect(() => parseOutboundAllowHosts('a.local')).toThrow('OUTBOUND_ALLOW_HOSTS: "a.local" is not host:port.');
    expect(() => parseOutboundAllowHosts('*:80')).toThrow();
  });
});
