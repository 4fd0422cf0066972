import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPublicImage } from './public-fetch.ts';

describe('fetchPublicImage (the command line\'s "Baixar imagens")', () => {
  let server: Server;
  let port: number;
  let requests = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests++;
      res.end('private');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['http://127.0.0.1:PORT/x.jpg'],
    ['http://localhost:PORT/x.jpg'],
    ['http://[::1]:PORT/x.jpg'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://10.1.2.3/x.jpg'],
    ['http://192.168.0.10/x.jpg'],
    ['http://[::ffff:127.0.0.1]:PORT/x.jpg'],
    ['file:///etc/passwd'],
  ])('refuses %s before asking for a byte', async (address) => {
    const before = requests;
    await expect(fetchPublicImage(address.replace('PORT', String(port)))).rejects.toThrow(/Endereço recusado/);
    expect(requests).toBe(before);
  });
});
