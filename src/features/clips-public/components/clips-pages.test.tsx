import { screen, within } from '@testing-library/react';
import '@/testing/slow-machine';
import { clipFixture, publicClips } from '@/testing/fixtures/public-clips';
import { renderApp } from '@/testing/render-app';

const clips = [
  clipFixture({ id: 'c1', title: 'Crise hídrica chega às torneiras', published_on: '2014-03-05', summary: 'Falta de água.', show_archive: true }),
  clipFixture({ id: 'c2', title: 'Destaque de 2001', outlet: 'Veja', published_on: '2001-01-01', featured: true }),
  clipFixture({ id: 'c3', title: 'Página impressa', kind: 'print', url: null, file_path: 'print/abc.pdf', outlet: 'Jornal do Brasil', published_on: '1998-07-14' }),
  clipFixture({ id: 'c4', title: 'Oculta', status: 'hidden' }),
];

beforeEach(() => {
  publicClips.clips = clips;
  publicClips.copies = [{ clip_id: 'c1', text_markdown: 'Texto **arquivado**.', picture_path: null, fetched_at: '2026-01-01T00:00:00Z' }];
});
afterEach(() => {
  publicClips.clips = [];
  publicClips.copies = [];
});

describe('published work list', () => {
  it('shows published clips featured first, with outlet, date in the page’s language and one link to the original that opens a tab', async () => {
    renderApp('/pt/publicacoes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Publicações' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Publicações' });
    const entries = within(list).getAllByRole('article');
    expect(entries.map((e) => within(e).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Destaque de 2001',
      'Crise hídrica chega às torneiras',
      'Página impressa',
    ]);
    const first = entries[1]!;
    expect(first).toHaveTextContent('5 de março de 2014');
    expect(first).toHaveTextContent('Por Helena Duarte');
    const original = within(first).getByRole('link', { name: /Ler no veículo: Crise hídrica chega às torneiras \(abre em nova aba\)/ });
    expect(original).toHaveAttribute('href', 'https://outlet.example/c1');
    expect(original).toHaveAttribute('rel', 'noopener');
    expect(original).toHaveAttribute('target', '_blank');
    expect(within(first).getByRole('link', { name: /Ler cópia arquivada/ })).toHaveAttribute('href', '/pt/publicacoes/c1');
    // A print clip opens its file from the public bucket.
    expect(within(entries[2]!).getByRole('link', { name: /Ver a página impressa/ })).toHaveAttribute(
      'href',
      'http://localhost:54321/storage/v1/object/public/clip-files/print/abc.pdf',
    );
    expect(screen.queryByText('Oculta')).not.toBeInTheDocument();
  });

  it('filters with plain links in English words, the chosen one marked current', async () => {
    renderApp('/en/published-work?outlet=Veja');
    const filters = await screen.findByRole('navigation', { name: 'Filter published work' });
    expect(within(filters).getByRole('link', { name: 'Veja' })).toHaveAttribute('aria-current', 'page');
    expect(within(filters).getByRole('link', { name: '2014' })).toHaveAttribute('href', '/en/published-work?outlet=Veja&year=2014');
    const list = await screen.findByRole('list', { name: 'Published work' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(within(list).getByText('January 1, 2001')).toBeInTheDocument();
  });
});

describe('archived copy', () => {
  it('shows the banner above the text, rendered as a post body', async () => {
    renderApp('/pt/publicacoes/c1');
    const banner = await screen.findByText('Publicado originalmente em Folha de S.Paulo, 5 de março de 2014.');
    const text = await screen.findByText('arquivado');
    expect(text.tagName).toBe('STRONG');
    expect(banner.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ler o original/ })).toHaveAttribute('href', 'https://outlet.example/c1');
  });

  it('a clip whose copy she does not show is the 404 page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/pt/publicacoes/c2');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
  });
});

describe('home section and header', () => {
  it('links to the list from the header and shows the featured and latest clips with “Ver todas”', async () => {
    renderApp('/pt');
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Publicações' })).toHaveAttribute('href', '/pt/publicacoes');
    const section = await screen.findByRole('region', { name: 'Publicações' });
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Destaque de 2001',
      'Crise hídrica chega às torneiras',
      'Página impressa',
    ]);
    expect(within(section).getByRole('link', { name: 'Ver todas as publicações' })).toHaveAttribute('href', '/pt/publicacoes');
  });

  it('has no section while she has no published clip', async () => {
    publicClips.clips = [];
    renderApp('/en');
    await screen.findByRole('region', { name: /Latest Insights/ });
    expect(screen.queryByRole('region', { name: 'Published work' })).not.toBeInTheDocument();
  });
});
