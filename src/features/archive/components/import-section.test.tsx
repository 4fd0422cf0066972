import { screen, waitFor, within } from '@testing-library/react';
import { buildPost } from '@/testing/fixtures/posts';
import { supabase } from '@/lib/supabase';
import { adminPosts, serveAdminPosts } from '../../admin/test-utils';
import { downloadLinkedImages } from '../api/download-images';
import { importArchive, ImportWriteError, type ImportReport } from '../api/import-archive';
import { UnreadableFile } from '../browser/read-answer';
import { readArchiveFile } from '../browser/read-file';
import { saveFile } from '../browser/save-file';
import { sizeImage } from '../browser/size-image';
import { fileInput, plannedPost, readFileOf, renderArchiveTab } from './test-archive';

vi.mock('../browser/read-file', () => ({ readArchiveFile: vi.fn() }));
vi.mock('../api/import-archive', async (actual) => ({ ...(await actual<typeof import('../api/import-archive')>()), importArchive: vi.fn() }));
vi.mock('../api/download-images', () => ({ downloadLinkedImages: vi.fn() }));
vi.mock('../api/export-archive', () => ({ exportArchive: vi.fn() }));
vi.mock('../browser/save-file', async (actual) => ({ ...(await actual<typeof import('../browser/save-file')>()), saveFile: vi.fn() }));

beforeEach(() => vi.resetAllMocks());

const imageBytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
const warnings = Array.from({ length: 25 }, (_, i) => ({ item: `Post ${i + 1}`, message: `Shortcode desconhecido [gallery-${i + 1}]: mantido como texto.` }));

/** Five posts (3 published, a draft that says it is English, a scheduled one without categories), a picture in the file and one only linked, a skipped page and 25 warnings. */
const archive = () =>
  readFileOf(
    [
      plannedPost({ origin: { source: 'wordpress', id: '11', url: null }, title: 'Eleições de 2010', date: '2010-03-15T15:00:00+00:00', sourceCategories: ['Política', 'Crise'] }),
      plannedPost({ origin: { source: 'wordpress', id: '12', url: null }, title: 'Ano novo', date: '2012-01-01T12:00:00+00:00', sourceCategories: ['Política'] }),
      plannedPost({ origin: { source: 'wordpress', id: '13', url: null }, title: 'Notes from Lisbon', status: 'draft', language: 'en', sourceCategories: ['Viagens'] }),
      plannedPost({ origin: { source: 'wordpress', id: '14', url: null }, title: 'Coluna futura', status: 'scheduled', date: '2019-11-02T15:00:00+00:00' }),
      plannedPost({ origin: { source: 'wordpress', id: '15', url: null }, title: 'Crise na prefeitura', date: '2011-05-05T12:00:00+00:00', sourceCategories: ['Política', 'Comunicação de crise'] }),
    ],
    {
      images: [
        { url: 'https://blog.example/wp-content/uploads/a.jpg', entry: 'wp-content/uploads/a.jpg' },
        { url: 'https://fotos.example/b.jpg', entry: null },
      ],
      skipped: [{ title: 'Sobre', kind: 'page', reason: 'Página, não post: não importada.' }],
      warnings,
    },
    new Map([['wp-content/uploads/a.jpg', imageBytes]]),
  );

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  fileName: 'blog.xml',
  posts: [
    { title: 'Eleições de 2010', id: 'aaaaaaaa-0000-4000-8000-0000000000c1', slug: 'eleicoes-de-2010', language: 'pt', outcome: 'created' },
    { title: 'Ano novo', id: 'aaaaaaaa-0000-4000-8000-0000000000c2', slug: 'ano-novo', language: 'pt', outcome: 'created' },
    { title: 'Notes from Lisbon', id: 'aaaaaaaa-0000-4000-8000-0000000000c3', slug: 'notes-from-lisbon', language: 'en', outcome: 'updated' },
  ],
  created: 2,
  updated: 1,
  unchanged: 0,
  imagesUploaded: 1,
  linkedImages: ['https://fotos.example/b.jpg', 'https://fotos.example/c.jpg'],
  skipped: [{ title: 'Sobre', kind: 'page', reason: 'Página, não post: não importada.' }],
  warnings: [{ item: 'Ano novo', message: 'Embed do YouTube mantido como link.' }],
  settingsRestored: 0,
  objectsRestored: 0,
  deleted: 0,
  demoRemoved: 0,
  revisionsRestored: 0,
  subscribersRestored: 0,
  ...overrides,
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** jsdom's Blob has no text(). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

async function previewOf(read = archive(), posts?: Parameters<typeof renderArchiveTab>[0]) {
  vi.mocked(readArchiveFile).mockResolvedValue(read);
  const app = await renderArchiveTab(posts);
  await app.user.upload(fileInput(), new File(['<rss/>'], 'blog.xml', { type: 'text/xml' }));
  await screen.findByRole('heading', { name: 'O que será importado' });
  return app;
}

describe('"Importar e exportar": reading a file', () => {
  it('says it is reading the file until the reading ends, then shows the preview', async () => {
    const reading = gate();
    vi.mocked(readArchiveFile).mockImplementation(async () => {
      await reading.opened;
      return archive();
    });
    const { user } = await renderArchiveTab();
    await user.upload(fileInput(), new File(['<rss/>'], 'blog.xml', { type: 'text/xml' }));
    expect(await screen.findByText('Lendo blog.xml…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Importar/ })).not.toBeInTheDocument();
    reading.open();
    expect(await screen.findByRole('button', { name: 'Importar 5 posts' })).toBeInTheDocument();
    expect(screen.queryByText('Lendo blog.xml…')).not.toBeInTheDocument();
  });

  it('a file it cannot import: the reason in an alert, nothing offered to write', async () => {
    vi.mocked(readArchiveFile).mockRejectedValue(new UnreadableFile('O XML do arquivo está malformado (linha 3, coluna 7).', 'malformed_xml'));
    const { user } = await renderArchiveTab();
    await user.upload(fileInput(), new File(['<rss'], 'blog.xml', { type: 'text/xml' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível ler este arquivo');
    expect(alert).toHaveTextContent('O XML do arquivo está malformado (linha 3, coluna 7).');
    expect(alert).toHaveTextContent('Nada foi gravado.');
    expect(screen.queryByRole('button', { name: /^Importar/ })).not.toBeInTheDocument();
    expect(importArchive).not.toHaveBeenCalled();
  });

  it('an unexpected failure while reading says so, with its message', async () => {
    vi.mocked(readArchiveFile).mockRejectedValue(new Error('worker crashed'));
    const { user } = await renderArchiveTab();
    await user.upload(fileInput(), new File(['x'], 'blog.zip', { type: 'application/zip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocorreu um erro inesperado: worker crashed');
  });
});

describe('"Importar e exportar": the preview', () => {
  it('counts posts, published, drafts and scheduled, gives the date range in Portuguese, and lists images, skipped items and warnings', async () => {
    await previewOf();
    expect(screen.getByText('blog.xml (WordPress)')).toBeInTheDocument();
    expect(figure('Posts')).toBe('5');
    expect(figure('Publicados')).toBe('3');
    expect(figure('Rascunhos')).toBe('1');
    expect(figure('Agendados')).toBe('1');
    expect(figure('Período')).toBe('de 15 de março de 2010 a 2 de novembro de 2019');
    expect(screen.getByText('1 imagem no arquivo: será enviada ao site nos tamanhos do editor.')).toBeInTheDocument();
    expect(screen.getByText(/^1 imagem só com link: continua no site de origem/)).toBeInTheDocument();
    expect(screen.getByText('1 post diz o próprio idioma e o mantém.')).toBeInTheDocument();
    expect(screen.getByText('1 post sem categoria entra em “Outros”.')).toBeInTheDocument();
    expect(screen.getByText('Sobre: Página, não post: não importada.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar 5 posts' })).toBeEnabled();
    expect(screen.queryByText(/assinantes/)).not.toBeInTheDocument();
  });

  it('shows the first 20 warnings, and all of them after "Mostrar todos"', async () => {
    const { user } = await previewOf();
    const list = () => within(screen.getByRole('heading', { name: 'Avisos (25)' }).parentElement!).getAllByRole('listitem');
    expect(list()).toHaveLength(20);
    expect(screen.queryByText(/gallery-21\]/)).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Mostrar todos (25)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(list()).toHaveLength(25);
    expect(screen.getByText('Post 25: Shortcode desconhecido [gallery-25]: mantido como texto.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar menos' }));
    expect(list()).toHaveLength(20);
  });

  it('a Substack file says how many subscribers it found, and where to import them (the "Assinantes" tab)', async () => {
    await previewOf(readFileOf([plannedPost({ origin: { source: 'substack', id: '9', url: null } })], { source: 'substack', fileName: 'export.zip', subscribers: 1234 }));
    expect(
      screen.getByText('1234 assinantes encontrados: para trazê-los, use “Importar CSV” na aba Assinantes com o arquivo email_list….csv deste .zip.'),
    ).toBeInTheDocument();
    expect(screen.getByText('export.zip (Substack)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar 1 post' })).toBeInTheDocument();
  });

  it('maps each category found to one of the four (most used first, "Outros" unless it is already a site category), in the chosen language', async () => {
    const { user } = await previewOf();
    const selects = screen.getAllByRole('combobox') as HTMLSelectElement[];
    expect(selects.map((s) => s.labels[0]?.textContent)).toEqual([
      'Política (3 posts)',
      'Comunicação de crise (1 post)',
      'Crise (1 post)',
      'Viagens (1 post)',
    ]);
    const politica = screen.getByRole('combobox', { name: 'Política (3 posts)' });
    expect(politica).toHaveDisplayValue('Outros');
    expect(screen.getByRole('combobox', { name: 'Comunicação de crise (1 post)' })).toHaveDisplayValue('Comunicação de Crise');
    expect(within(politica).getAllByRole('option').map((o) => o.textContent)).toEqual(['Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros']);
    expect(screen.getByRole('radio', { name: 'Português' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(within(politica).getAllByRole('option').map((o) => o.textContent)).toEqual(['Media Relations', 'Crisis Communication', 'Personal Experiences', 'Others']);
    await user.selectOptions(politica, 'Crisis Communication');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Viagens (1 post)' }), 'Personal Experiences');

    vi.mocked(importArchive).mockResolvedValue(report());
    await user.click(screen.getByRole('button', { name: 'Importar 5 posts' }));
    await screen.findByRole('heading', { name: 'Importação concluída' });
    expect(importArchive).toHaveBeenCalledTimes(1);
    const [client, plan, options] = vi.mocked(importArchive).mock.calls[0]!;
    expect(client).toBe(supabase);
    expect(plan.posts.map((p) => p.title)).toEqual(['Eleições de 2010', 'Ano novo', 'Notes from Lisbon', 'Coluna futura', 'Crise na prefeitura']);
    expect(options.language).toBe('en');
    expect(options.categoryMap).toEqual({ Política: 1, 'Comunicação de crise': 1, Crise: 3, Viagens: 2 });
    expect(options.sizeImage).toBe(sizeImage);
    expect(options.replace).toBe(false);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // The picture's bytes came with the file read in the worker.
    expect(plan.readEntry?.('wp-content/uploads/a.jpg')).toBe(imageBytes);
  });
});

describe('"Importar e exportar": restoring a backup', () => {
  const backup = () =>
    readFileOf(
      [
        plannedPost({ origin: { source: 'backup', id: 'p1', url: null }, id: 'aaaaaaaa-0000-4000-8000-0000000000d1', language: 'pt', category: 'Outros', title: 'Do backup' }),
        plannedPost({ origin: { source: 'backup', id: 'p2', url: null }, id: 'aaaaaaaa-0000-4000-8000-0000000000d2', language: 'en', category: 'Others', title: 'From the backup' }),
      ],
      {
        source: 'backup',
        fileName: 'backup-anasilva.com.br-2026-05-01.zip',
        settings: [{ key: 'hero_title', language: 'pt', value: 'Olá' }],
        storedObjects: [{ bucket: 'post-images', path: 'posts/x/1600.webp', contentType: 'image/webp', entry: 'storage/post-images/posts/x/1600.webp' }],
      },
      new Map([['storage/post-images/posts/x/1600.webp', imageBytes]]),
    );

  it('keeps each post’s language and category, says what else it restores, and replaces the site’s posts only when she asks', async () => {
    const { user } = await previewOf(backup());
    expect(screen.getByText('backup-anasilva.com.br-2026-05-01.zip (backup deste site)')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Os posts de um backup mantêm a categoria que tinham.')).toBeInTheDocument();
    expect(screen.getByText('1 configuração do site (textos dos dois idiomas).')).toBeInTheDocument();
    expect(screen.getByText('1 arquivo de imagem do backup, restaurado byte a byte.')).toBeInTheDocument();
    const replace = screen.getByRole('checkbox', { name: 'Deixar o site igual ao backup' });
    expect(replace).not.toBeChecked();
    expect(replace).toHaveAccessibleDescription(/Apaga os posts deste site que não estão no backup/);

    await user.click(replace);
    vi.mocked(importArchive).mockResolvedValue(report({ created: 0, updated: 2, posts: [], deleted: 12, settingsRestored: 1, objectsRestored: 1, linkedImages: [] }));
    await user.click(screen.getByRole('button', { name: 'Importar 2 posts' }));
    expect(await screen.findByText('12 apagados')).toBeInTheDocument();
    expect(screen.getByText('1 configuração restaurada')).toBeInTheDocument();
    expect(screen.getByText('1 arquivo de imagem restaurado')).toBeInTheDocument();
    const [, plan, options] = vi.mocked(importArchive).mock.calls[0]!;
    expect(options.replace).toBe(true);
    expect(plan.readEntry?.('storage/post-images/posts/x/1600.webp')).toBe(imageBytes);
    // a site without example posts is not offered to remove them.
    expect(options.removeDemo).toBe(false);
  });

  it('a WordPress file on a site that still has the example posts is not offered to remove them (the archive tab’s own section is)', async () => {
    const examples = [buildPost({ id: 'de300000-0000-4000-8000-000000000101', title: 'Exemplo', origin_source: 'demo', origin_id: 'pt-1' })];
    await previewOf(archive(), [...adminPosts, ...examples]);
    await screen.findByRole('region', { name: 'Conteúdo de exemplo' });
    expect(screen.queryByRole('checkbox', { name: 'Remover conteúdo de exemplo' })).not.toBeInTheDocument();
  });

  it('on a site that still has the example posts, offers to remove them, checked, and passes her choice', async () => {
    const examples = [1, 2].map((n) => buildPost({ id: `de300000-0000-4000-8000-00000000010${n}`, title: `Exemplo ${n}`, origin_source: 'demo', origin_id: `pt-${n}` }));
    const { user } = await previewOf(backup(), [...adminPosts, ...examples]);
    const remove = await screen.findByRole('checkbox', { name: 'Remover conteúdo de exemplo' });
    expect(remove).toBeChecked();
    expect(remove).toHaveAccessibleDescription('Apaga os 2 posts de exemplo desta instalação que o backup não traz, para que não fiquem ao lado dos seus.');
    vi.mocked(importArchive).mockResolvedValue(report({ created: 2, posts: [], demoRemoved: 2, linkedImages: [] }));
    await user.click(screen.getByRole('button', { name: 'Importar 2 posts' }));
    expect(await screen.findByText('2 posts de exemplo removidos')).toBeInTheDocument();
    expect(vi.mocked(importArchive).mock.calls[0]![2].removeDemo).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Importar outro arquivo' }));
    await user.upload(fileInput(), new File(['x'], 'backup.zip', { type: 'application/zip' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Remover conteúdo de exemplo' }));
    await user.click(screen.getByRole('button', { name: 'Importar 2 posts' }));
    await screen.findByRole('heading', { name: 'Importação concluída' });
    expect(vi.mocked(importArchive).mock.calls[1]![2].removeDemo).toBe(false);
  });
});

describe('"Importar e exportar": importing', () => {
  it('shows the progress (a progressbar and "N de M") while it writes, then the report; the Posts tab shows what was written', async () => {
    const { user } = await previewOf();
    const writing = gate();
    vi.mocked(importArchive).mockImplementation(async (_client, _plan, options) => {
      options.onProgress?.(0, 7);
      options.onProgress?.(3, 7);
      await writing.opened;
      options.onProgress?.(7, 7);
      return report();
    });
    await user.click(screen.getByRole('button', { name: 'Importar 5 posts' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progresso da importação' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '3'));
    expect(bar).toHaveAttribute('aria-valuemax', '7');
    expect(screen.getByText('3 de 7')).toBeInTheDocument();
    // Nothing can be changed while it writes.
    expect(screen.getByRole('radio', { name: 'English' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Política (3 posts)' })).toBeDisabled();
    expect(fileInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Importar 5 posts' })).toBeDisabled();

    const imported = buildPost({ id: 'aaaaaaaa-0000-4000-8000-0000000000c1', title: 'Eleições de 2010', slug: 'eleicoes-de-2010', date: '2010-03-15T15:00:00+00:00' });
    serveAdminPosts([imported, ...adminPosts]);
    writing.open();
    const heading = await screen.findByRole('heading', { name: 'Importação concluída' });
    await waitFor(() => expect(heading).toHaveFocus());
    for (const text of ['2 criados', '1 atualizado', '0 sem mudança', '1 imagem enviada']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Imagens só com link (2)' })).toBeInTheDocument();
    expect(screen.getByText('https://fotos.example/b.jpg')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Itens não importados (1)' })).toBeInTheDocument();
    expect(screen.getByText('Sobre: Página, não post: não importada.')).toBeInTheDocument();
    expect(screen.getByText('Ano novo: Embed do YouTube mantido como link.')).toBeInTheDocument();
    expect(screen.getByText('Notes from Lisbon (atualizado)')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // The admin's post queries were invalidated: the Posts tab reads them again.
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(await screen.findByRole('heading', { name: 'Eleições de 2010' })).toBeInTheDocument();
    // Back on the tab, the report is still there (the tab stays mounted once opened).
    await user.click(screen.getByRole('tab', { name: 'Importar e exportar' }));
    expect(screen.getByRole('heading', { name: 'Importação concluída' })).toBeInTheDocument();
    expect(screen.getByText('2 criados')).toBeInTheDocument();
  });

  it('a write that fails halfway says so, how many posts were kept, and that importing again completes it without duplicates', async () => {
    const { user } = await previewOf();
    vi.mocked(importArchive).mockRejectedValueOnce(new ImportWriteError('The database refused the posts from "Ano novo" on (57014: canceling statement due to statement timeout).', 50));
    await user.click(screen.getByRole('button', { name: 'Importar 5 posts' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A importação parou antes do fim');
    expect(alert).toHaveTextContent('57014: canceling statement due to statement timeout');
    expect(alert).toHaveTextContent('50 posts foram gravados. Importe o mesmo arquivo de novo para completar a importação: o que já foi gravado não será duplicado.');
    await waitFor(() => expect(alert).toHaveFocus());

    vi.mocked(importArchive).mockResolvedValueOnce(report({ created: 0, unchanged: 3 }));
    await user.click(screen.getByRole('button', { name: 'Importar de novo' }));
    expect(await screen.findByText('0 criados')).toBeInTheDocument();
    expect(importArchive).toHaveBeenCalledTimes(2);
    expect(vi.mocked(importArchive).mock.calls[1]![1].posts).toHaveLength(5);
  });

  it('"Baixar relatório" downloads the report as a text file', async () => {
    const { user } = await previewOf();
    vi.mocked(importArchive).mockResolvedValue(report());
    await user.click(screen.getByRole('button', { name: 'Importar 5 posts' }));
    await user.click(await screen.findByRole('button', { name: 'Baixar relatório' }));
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toMatch(/^relatorio-importacao-\d{4}-\d{2}-\d{2}\.txt$/);
    expect(blob.type).toBe('text/plain;charset=utf-8');
    const text = await textOf(blob);
    expect(text).toContain('Arquivo: blog.xml');
    expect(text).toContain('Posts: 2 criados, 1 atualizado, 0 sem mudança');
    expect(text).toContain(`criado\tpt\t${window.location.origin}/pt/eleicoes-de-2010\tEleições de 2010`);
    expect(text).toContain('https://fotos.example/c.jpg');
  });

  it('"Baixar imagens" copies the linked pictures with a progress bar, then says which were copied and why the others were not', async () => {
    const { user } = await previewOf();
    vi.mocked(importArchive).mockResolvedValue(report());
    await user.click(screen.getByRole('button', { name: 'Importar 5 posts' }));
    const copying = gate();
    vi.mocked(downloadLinkedImages).mockImplementation(async (_client, r, options) => {
      options.onProgress?.(1, 2);
      await copying.opened;
      options.onProgress?.(2, 2);
      r.linkedImages = ['https://fotos.example/c.jpg'];
      return { copied: ['https://fotos.example/b.jpg'], failed: [{ url: 'https://fotos.example/c.jpg', reason: 'HTTP 404' }] };
    });
    await user.click(await screen.findByRole('button', { name: 'Baixar imagens' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progresso da cópia das imagens' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'));
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(screen.getByRole('button', { name: 'Baixar imagens' })).toBeDisabled();
    copying.open();
    expect(await screen.findByText('1 imagem copiada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Imagens não copiadas (1)' })).toBeInTheDocument();
    expect(screen.getByText('https://fotos.example/c.jpg: HTTP 404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Imagens só com link (1)' })).toBeInTheDocument();
    const [client, passed, options] = vi.mocked(downloadLinkedImages).mock.calls[0]!;
    expect(client).toBe(supabase);
    expect(passed.posts).toHaveLength(3);
    expect(options.sizeImage).toBe(sizeImage);

    // The report she downloads now says what was copied and what was not.
    await user.click(screen.getByRole('button', { name: 'Baixar relatório' }));
    const text = await textOf(vi.mocked(saveFile).mock.calls[0]![0]);
    expect(text).toContain('Imagens copiadas (1)\nhttps://fotos.example/b.jpg');
    expect(text).toContain('Imagens não copiadas (1)\nhttps://fotos.example/c.jpg\tHTTP 404');
  });
});
