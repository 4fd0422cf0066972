/**
 * The clips worker of the local backend (issue 43) against a local outlet
 * server (saved real pages at their original paths; its hosts allow-listed
 * as OUTBOUND_ALLOW_HOSTS would): the admin asks through clip_jobs, the
 * worker fetches, extracts and writes each job's effect at once.
 */
import { randomUUID } from 'node:crypto';
import { savedOutlets, startOutletServer, type OutletServer } from '../../server/clips/outlet-server.ts';
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('the clips worker on $name', (target) => {
  let outlets: OutletServer;
  beforeAll(async () => {
    outlets = await startOutletServer(['autora.example']);
    outlets.routes.push((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/autora/ana') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><title>Ana</title><link rel="alternate" type="application/rss+xml" href="/autora/ana/feed.xml"></head><body>Ana</body></html>`);
      } else if (url.pathname === '/autora/ana/feed.xml') {
        const items = savedOutlets.slice(0, 3).map((o) => `<item><title>${o.file}</title><link>${outlets.local(o.url)}</link><pubDate>Mon, 27 May 2019 12:00:00 GMT</pubDate></item>`);
        res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Ana na Folha</title>${items.join('')}</channel></rss>`);
      } else if (url.pathname === '/sumiu') {
        res.writeHead(gone ? 404 : 200, { 'content-type': 'text/html' }).end('<title>Sumiu</title>');
      }
    });
  });
  afterAll(() => outlets.close());
  let gone = false;

  const backend = useBackend(target, { clips: () => ({ allowHosts: outlets.allowHosts, resolver: outlets.resolver, idleMs: 60_000, linkCheckEveryMs: 0 }) });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await backend.createAdmin('clips-worker');
  });

  const ask = async (kind: string, input: string | null, options: Record<string, unknown> = {}, clipId?: string) => {
    const { data, error } = await admin.client.from('clip_jobs').insert({ batch: randomUUID(), kind, input, options: options as never, clip_id: clipId ?? null }).select('id').single();
    if (error) throw new Error(error.message);
    await backend.clipsWorker.drain();
    return (await admin.client.from('clip_jobs').select('state, result, error, clip_id').eq('id', data!.id).single()).data!;
  };
  const objects = async (bucket: string) => Number((await backend.sql<{ n: string }>(`select count(*) as n from storage.objects where bucket_id = $1`, [bucket]))[0]!.n);
  const uol = () => outlets.local(savedOutlets.find((o) => o.file === 'uol-entretenimento')!.url);

  it('adds a clip from its address with its archived copy; the same address twice is refused', async () => {
    const job = await ask('add', uol(), { status: 'hidden' });
    expect(job).toMatchObject({ state: 'done', error: null });
    const { data: clip } = await admin.client.from('clips').select('*').eq('id', job.clip_id!).single();
    expect(clip).toMatchObject({ url: uol(), outlet: 'UOL', byline: 'Felipe Branco Cruz e Osmar Portilho', published_on: '2019-05-27', language: 'pt', status: 'hidden', source: 'url', kind: 'web' });
    expect(clip!.title).toMatch(/Gabriel Diniz/);
    const { data: copy } = await admin.client.from('clip_copies').select('text_markdown, page_path, final_url').eq('clip_id', clip!.id).single();
    expect(copy!.text_markdown).toMatch(/Gabriel Diniz/);
    expect(copy!.text_markdown).not.toMatch(/<script/);
    const page = await admin.client.storage.from('clip-pages').download(copy!.page_path!);
    expect(page.error).toBeNull();

    const pages = await objects('clip-pages');
    const again = await ask('add', uol());
    expect(again).toMatchObject({ state: 'failed', error: 'Já existe uma publicação com este endereço.' });
    expect(await objects('clip-pages')).toBe(pages);
  });

  it('refuses a private address with a Portuguese reason, fetching and storing nothing', async () => {
    const before = outlets.requests.length;
    const pages = await objects('clip-pages');
    const job = await ask('add', 'http://169.254.169.254/latest/meta-data/');
    expect(job).toMatchObject({ state: 'failed', error: 'Endereço recusado: 169.254.169.254 aponta para uma rede privada ou reservada (linkLocal).' });
    expect(await objects('clip-pages')).toBe(pages);
    expect(outlets.requests.length).toBe(before);
    expect((await backend.service.from('clips').select('id').eq('url', 'http://169.254.169.254/latest/meta-data/')).data).toEqual([]);
  });

  it('nothing half-written: a clip the database refuses leaves no clip and no stored page', async () => {
    const address = outlets.local(savedOutlets.find((o) => o.file === 'bbc')!.url);
    const pages = await objects('clip-pages');
    const job = await ask('add', address, { language: 'fr' });
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/Campos inválidos/);
    expect((await backend.service.from('clips').select('id').eq('url', address)).data).toEqual([]);
    expect(await objects('clip-pages')).toBe(pages);
  });

  it('previews an address without writing a clip', async () => {
    const address = outlets.local(savedOutlets.find((o) => o.file === 'the-guardian')!.url);
    const job = await ask('preview', address);
    expect(job.result).toMatchObject({ outlet: 'The Guardian', byline: 'Olivia Solon', published_on: '2017-07-03' });
    expect((await backend.service.from('clips').select('id').eq('url', address)).data).toEqual([]);
  });

  it('finds the feed of an author page and offers the pieces not yet among her clips; following keeps it', async () => {
    const author = `http://autora.example:${outlets.port}/autora/ana`;
    const job = await ask('feed', author, { follow: true });
    expect(job.state).toBe('done');
    const result = job.result as { items: { url: string; title: string }[]; feed_url: string; title: string };
    expect(result.feed_url).toBe(`${author}/feed.xml`);
    expect(result.title).toBe('Ana na Folha');
    // the UOL piece is already hers (first test).
    expect(result.items.map((i) => i.title)).toEqual(['torcedores', 'bbc']);
    expect((await admin.client.from('clip_feeds').select('url, feed_url').eq('url', author)).data).toEqual([{ url: author, feed_url: `${author}/feed.xml` }]);
  });

  it('imports a CSV line by line: each refusal with its line and reason', async () => {
    const csv = [
      'title,outlet,date,address,language,summary',
      `Entrevista coletiva,Folha de S.Paulo,2003-04-05,https://folha.example/${randomUUID()},pt,Resumo`,
      `Crisis 101,The Guardian,05/06/2010,https://guardian.example/${randomUUID()},en,`,
      'Sem data boa,Estadão,31/02/2001,,pt,',
      `Repetida,UOL,2019-05-27,${uol()},pt,`,
      ',Sem título,2001-01-01,,pt,',
    ].join('\n');
    const job = await ask('csv', csv);
    expect(job.result).toEqual({
      added: 2,
      refused: [
        { line: 4, reason: 'Data inválida: 31/02/2001 (use AAAA-MM-DD ou DD/MM/AAAA).' },
        { line: 6, reason: 'Sem título.' },
        { line: 5, reason: 'Já existe uma publicação com este endereço.' },
      ],
    });
    const { data } = await admin.client.from('clips').select('title, published_on, language, source').in('title', ['Entrevista coletiva', 'Crisis 101']).order('title');
    expect(data).toEqual([
      { title: 'Crisis 101', published_on: '2010-06-05', language: 'en', source: 'csv' },
      { title: 'Entrevista coletiva', published_on: '2003-04-05', language: 'pt', source: 'csv' },
    ]);
  });

  it('an address that starts answering 404 is failing, then dead a day later; a success resets', async () => {
    const address = `http://autora.example:${outlets.port}/sumiu`;
    gone = false;
    const added = await ask('add', address);
    const id = added.clip_id!;
    const status = async () => (await backend.service.from('clips').select('link_status, link_error').eq('id', id).single()).data!;
    try {
      gone = true;
      await ask('check', null);
      expect(await status()).toEqual({ link_status: 'failing', link_error: 'O original respondeu 404.' });
      await ask('check', null);
      expect((await status()).link_status).toBe('failing');
      await backend.sql(`update private.site_clock set skew = interval '25 hours'`);
      await ask('check', null);
      expect(await status()).toEqual({ link_status: 'dead', link_error: 'O original respondeu 404.' });
      gone = false;
      await ask('check', null);
      expect(await status()).toEqual({ link_status: 'ok', link_error: null });
    } finally {
      await backend.sql(`update private.site_clock set skew = interval '0'`);
    }
  });
});
