/**
 * An archived copy on the real backend, the worker and the server renderer
 * together (issue 43's "Done when" 2, decision 291): a saved real page added
 * through the worker keeps no picture or logo of the outlet's that a reader's
 * browser would fetch; an address that starts answering 404 is marked dead
 * after two checks a day apart; she shows the copy; a reader without
 * JavaScript reads it with its banner and nothing in the page calls the outlet.
 */
import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { savedOutlets, startOutletServer, type OutletServer } from '../../server/clips/outlet-server.ts';
import { targets, useBackend, type TestUser } from './harness.ts';

// A 1×1 PNG: the outlet's logo as its CDN would answer.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const LOGO_HOST = 'conteudo.imguol.com.br';

/** Every address the page itself would make a browser fetch: pictures, sources, scripts, styles, preloads, frames. */
function fetchedAddresses(html: string, base: string): string[] {
  const doc = new JSDOM(html).window.document;
  const found: string[] = [];
  for (const el of doc.querySelectorAll('[src], [srcset], link[href], [poster], object[data]')) {
    if (el.tagName === 'LINK' && !/stylesheet|preload|modulepreload|icon|prefetch|preconnect|dns-prefetch/.test(el.getAttribute('rel') ?? '')) continue;
    for (const name of ['src', 'poster', 'data', ...(el.tagName === 'LINK' ? ['href'] : [])]) {
      const value = el.getAttribute(name);
      if (value) found.push(new URL(value, base).href);
    }
    for (const part of (el.getAttribute('srcset') ?? '').split(',')) {
      const value = part.trim().split(/\s+/)[0];
      if (value) found.push(new URL(value, base).href);
    }
  }
  return found;
}

describe.each(targets)('an archived copy, end to end, on $name', (target) => {
  let outlets: OutletServer;
  const gone = new Set<string>();
  beforeAll(async () => {
    outlets = await startOutletServer([LOGO_HOST]);
    outlets.routes.push((req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://x');
      if (gone.has(pathname)) res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      else if (pathname === '/uolamp/UOL_logo_156x60.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
  });
  afterAll(() => outlets.close());

  const backend = useBackend(target, { site: true, clips: () => ({ allowHosts: outlets.allowHosts, resolver: outlets.resolver, idleMs: 60_000, linkCheckEveryMs: 0 }) });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await backend.createAdmin('clips-archive-chain');
  });

  const ask = async (kind: string, input: string | null, options: Record<string, unknown> = {}, clipId: string | null = null) => {
    const { data, error } = await admin.client.from('clip_jobs').insert({ batch: randomUUID(), kind, input, options: options as never, clip_id: clipId }).select('id').single();
    if (error) throw new Error(error.message);
    await backend.clipsWorker.drain();
    const job = (await admin.client.from('clip_jobs').select('state, error, clip_id').eq('id', data!.id).single()).data!;
    expect(job, JSON.stringify(job)).toMatchObject({ state: 'done' });
    return job;
  };
  const read = async (path: string) => {
    const res = await fetch(`${backend.url}${path}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  // Anything not on her site is the outlet's (its pictures live on CDNs of other names).
  const outletAddresses = (html: string) => fetchedAddresses(html, backend.url).filter((a) => new URL(a).origin !== new URL(backend.url).origin);
  const local = (file: string) => outlets.local(savedOutlets.find((o) => o.file === file)!.url);

  it("keeps no picture of the outlet's in the copy and shows only kept files, old copies too", async () => {
    const address = local('uol-entretenimento');
    const logo = `http://${LOGO_HOST}:${outlets.port}/uolamp/UOL_logo_156x60.png`;
    // The logo's address as the add dialog's preview filled it in (the page names it on https, which this test's server does not speak).
    const job = await ask('add', address, { show_archive: true, outlet_logo_url: logo });
    const { data: clip } = await admin.client.from('clips').select('id, slug, outlet_logo_url').eq('id', job.clip_id!).single();
    const { data: copy } = await admin.client.from('clip_copies').select('text_markdown').eq('clip_id', clip!.id).single();
    expect(copy!.text_markdown).toMatch(/Gabriel Diniz/);
    expect(copy!.text_markdown).not.toMatch(/imguol|!\[/);
    expect(clip!.outlet_logo_url).toContain(`/storage/v1/object/public/clip-files/${clip!.id}/`);
    const logoFile = await fetch(clip!.outlet_logo_url!);
    expect(Buffer.from(await logoFile.arrayBuffer())).toEqual(PNG);

    const copyPage = await read(`/pt/publicacoes/${clip!.slug}`);
    expect(copyPage).toContain('Publicado originalmente em UOL, 27 de maio de 2019.');
    expect(outletAddresses(copyPage)).toEqual([]);

    const list = new JSDOM(await read('/pt/publicacoes')).window.document;
    const entry = [...list.querySelectorAll('main article')].find((a) => a.textContent!.includes('Gabriel Diniz'))!;
    expect([...entry.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      expect.stringContaining(`/storage/v1/object/public/clip-files/${clip!.id}/`),
    ]);

    // A copy archived before the fix still names the outlet's pictures, and a logo kept as the outlet's address: neither is shown.
    await backend.service
      .from('clip_copies' as never)
      .update({ text_markdown: 'Antes.\n\n![O cantor](https://conteudo.imguol.com.br/c/foto.jpg)\n\n[![](https://conteudo.imguol.com.br/c/mini.jpg)](https://www.uol.com.br/)' } as never)
      .eq('clip_id', clip!.id);
    await backend.service
      .from('clips' as never)
      .update({ outlet_logo_url: 'https://conteudo.imguol.com.br/uolamp/UOL_logo_156x60.png' } as never)
      .eq('id', clip!.id);
    const oldCopy = await read(`/pt/publicacoes/${clip!.slug}`);
    expect(oldCopy).toContain('O cantor');
    expect(outletAddresses(oldCopy)).toEqual([]);
    expect(outletAddresses(await read('/pt/publicacoes'))).toEqual([]);

    // "Atualizar cópia arquivada" keeps a logo address she typed, as adding does; the list shows it again.
    await admin.client.from('clips').update({ outlet_logo_url: logo }).eq('id', clip!.id);
    await ask('archive', null, {}, clip!.id);
    const { data: refreshed } = await admin.client.from('clips').select('outlet_logo_url').eq('id', clip!.id).single();
    expect(refreshed!.outlet_logo_url).toContain(`/storage/v1/object/public/clip-files/${clip!.id}/`);
    expect(refreshed!.outlet_logo_url).not.toBe(clip!.outlet_logo_url);
    const again = new JSDOM(await read('/pt/publicacoes')).window.document;
    const refreshedEntry = [...again.querySelectorAll('main article')].find((a) => a.textContent!.includes('Gabriel Diniz'))!;
    expect(refreshedEntry.querySelector('img')!.getAttribute('src')).toBe(refreshed!.outlet_logo_url);
  });

  it('a page that starts answering 404 is dead after two checks a day apart; she shows the copy; a reader reads it without a request to the outlet', async () => {
    const address = local('torcedores');
    const job = await ask('add', address);
    const id = job.clip_id!;
    const status = async () => (await admin.client.from('clips').select('link_status, show_archive, slug').eq('id', id).single()).data!;
    expect(await status()).toMatchObject({ link_status: 'unchecked', show_archive: false });

    gone.add(new URL(address).pathname);
    try {
      await ask('check', null);
      expect((await status()).link_status).toBe('failing');
      await backend.sql(`update private.site_clock set skew = interval '25 hours'`);
      await ask('check', null);
      expect((await status()).link_status).toBe('dead');
    } finally {
      await backend.sql(`update private.site_clock set skew = interval '0'`);
    }
    // Her tab counts it under "Original fora do ar".
    const { data: dead } = await admin.client.from('clips').select('id').eq('link_status', 'dead');
    expect(dead!.map((c) => c.id)).toContain(id);

    // Hidden until she turns on "Mostrar cópia arquivada" (as her, through RLS).
    const { slug } = await status();
    expect((await fetch(`${backend.url}/pt/publicacoes/${slug}`)).status).toBe(404);
    const { error } = await admin.client.from('clips').update({ show_archive: true }).eq('id', id);
    expect(error).toBeNull();

    const before = outlets.requests.length;
    const html = await read(`/pt/publicacoes/${slug}`);
    const doc = new JSDOM(html).window.document;
    expect(doc.querySelector('main aside')!.textContent).toContain('Publicado originalmente em Torcedores.com, 5 de junho de 2019.');
    expect(doc.querySelector('main aside')!.textContent).toContain('O endereço original não está mais no ar.');
    expect(doc.querySelector('main article')!.textContent).toContain('Najila');
    expect(outletAddresses(html)).toEqual([]);
    expect(outlets.requests.slice(before)).toEqual([]);
  });
});
