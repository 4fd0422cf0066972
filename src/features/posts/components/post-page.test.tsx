import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost, OLD_CRISIS_SLUG, postFixtures, postSlugFixtures } from '@/testing/fixtures/posts';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import { pushChange } from '@/testing/handlers/realtime';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const PT_ID = '11111111-1111-4111-8111-111111111111';
const MISSING_ID = '99999999-9999-4999-8999-999999999999';
const PT_PATH = '/pt/como-falar-com-a-imprensa-em-uma-crise';
const EN_PATH = '/en/talking-to-the-press-in-a-crisis';

function servePost(post: ReturnType<typeof buildPost>) {
  server.use(http.get(restUrl('blog_posts'), ({ request }) => pgrstAnswer(request, [post])));
}

afterEach(() => vi.restoreAllMocks());

describe('post page', () => {
  it('shows a spinner while loading', async () => {
    server.use(
      http.get(restUrl('blog_posts'), async () => {
        await delay(100);
        return undefined;
      }),
    );
    renderApp(PT_PATH);
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando post…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a Portuguese post: back link, image, badge, long pt-BR date, read time, excerpt, content', async () => {
    renderApp(PT_PATH);
    const title = await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' });
    expect(title).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao blog' })).toHaveAttribute('href', '/pt#blog');
    expect(screen.getByRole('img', { name: 'Como falar com a imprensa em uma crise' })).toHaveAttribute(
      'src',
      'https://images.example.com/crise.jpg',
    );
    expect(screen.getByText('Comunicação de Crise')).toBeInTheDocument();
    expect(screen.getByText('15 de março de 2024')).toBeInTheDocument();
    expect(screen.getByText('7 min de leitura')).toBeInTheDocument();
    expect(screen.getByText('Cinco princípios para a primeira hora.')).toBeInTheDocument();
    // The content is Markdown (issue 12): paragraphs, and an indented line kept as it was typed.
    const article = screen.getByRole('article');
    // Formatted in the browser here (no server page): once the Markdown renderer has loaded.
    expect((await within(article).findByText('Primeiro parágrafo.')).tagName).toBe('P');
    expect(within(article).getByText('Trecho recuado.').closest('pre')).not.toBeNull();
    expect(within(article).getByText('Última linha.').tagName).toBe('P');
    expect(screen.getByText('Jornalista & Profissional de RP')).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Todos os direitos reservados\./)).toBeInTheDocument();
    expect(document.title).toBe('Como falar com a imprensa em uma crise');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('shows an English post with the en-US long date and English labels', async () => {
    renderApp(EN_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Talking to the press in a crisis' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to blog' })).toHaveAttribute('href', '/en#blog');
    expect(screen.getByText('March 15, 2024')).toBeInTheDocument();
    expect(screen.getByText('6 min read')).toBeInTheDocument();
    expect(screen.getByText('Journalist & PR Professional')).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} All rights reserved\./)).toBeInTheDocument();
    expect(document.title).toBe('Talking to the press in a crisis');
    expect(document.documentElement.lang).toBe('en-US');
    // No image_url: no header image on the post page.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('asks for the published post by its language and slug, once', async () => {
    const seen: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/rest/v1/blog_post')) seen.push(new URL(request.url));
    });
    renderApp(PT_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' });
    expect(seen[0]!.pathname).toMatch(/\/blog_posts$/);
    expect(seen[0]!.searchParams.get('language')).toBe('eq.pt');
    expect(seen[0]!.searchParams.get('slug')).toBe('eq.como-falar-com-a-imprensa-em-uma-crise');
    expect(seen[0]!.searchParams.get('published')).toBe('eq.true');
    // Found at its address: no look-up of old addresses.
    expect(seen.filter((url) => url.pathname.endsWith('/blog_post_slugs'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('moves an old address of the post to its address, in place of the old one', async () => {
    const { router } = renderApp(`/pt/${OLD_CRISIS_SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PT_PATH);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('moves /post/<id>, the address posts had before, to the post\'s address', async () => {
    const { router } = renderApp(`/post/${PT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PT_PATH);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('follows its post to a new address when the slug is changed elsewhere (live)', async () => {
    const { router } = renderApp(PT_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' });
    const moved = postFixtures.map((p) => (p.id === PT_ID ? { ...p, slug: 'imprensa-em-crise-guia' } : p));
    const slugs = [...postSlugFixtures, { language: 'pt', slug: 'imprensa-em-crise-guia', post_id: PT_ID }];
    server.use(
      http.get(restUrl('blog_posts'), ({ request }) => pgrstAnswer(request, selectRows(moved, new URL(request.url)))),
      http.get(restUrl('blog_post_slugs'), ({ request }) => pgrstAnswer(request, selectRows(slugs, new URL(request.url)))),
    );
    // The page hears of changes once its live channel has joined, which it opens at the reader's first sign (issue 28).
    window.dispatchEvent(new Event('scroll'));
    await waitFor(
      () => {
        pushChange({ table: 'blog_posts', type: 'UPDATE', record: moved[0] });
        expect(router.state.location.pathname).toBe('/pt/imprensa-em-crise-guia');
      },
      { timeout: 15_000 },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' })).toBeInTheDocument();
  });

  it("does not take an address in one language for the other's", async () => {
    renderApp('/en/como-falar-com-a-imprensa-em-uma-crise');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
  });

  it('links to its published translation, in that language', async () => {
    const { user } = renderApp(PT_PATH);
    const link = await screen.findByRole('link', { name: 'Read in English' });
    expect(link).toHaveAttribute('href', EN_PATH);
    expect(link).toHaveAttribute('lang', 'en-US');
    expect(link).toHaveAttribute('hreflang', 'en');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Talking to the press in a crisis' })).toBeInTheDocument();
    const back = await screen.findByRole('link', { name: 'Ler em português' });
    expect(back).toHaveAttribute('href', PT_PATH);
    expect(back).toHaveAttribute('hreflang', 'pt-BR');
  });

  it('shows no translation link when the other version is a draft', async () => {
    const group = '7b7b7b7b-0000-4000-8000-000000000001';
    const post = buildPost({ title: 'Com tradução em rascunho', translation_group: group });
    const draft = buildPost({ title: 'Draft translation', language: 'en', translation_group: group, published: false });
    server.use(
      http.get(restUrl('blog_posts'), ({ request }) =>
        pgrstAnswer(request, selectRows([post, draft], new URL(request.url))),
      ),
    );
    const seen: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/blog_posts')) seen.push(new URL(request.url));
    });
    renderApp(`/pt/${post.slug}`);
    await screen.findByRole('heading', { level: 1, name: 'Com tradução em rascunho' });
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.searchParams.get('translation_group')).toBe(`eq.${group}`);
    expect(seen[1]!.searchParams.get('published')).toBe('eq.true');
    expect(screen.queryByRole('link', { name: 'Read in English' })).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('asks nothing more for a post that is not linked', async () => {
    const seen: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/blog_posts')) seen.push(new URL(request.url));
    });
    renderApp('/pt/o-release-que-ninguem-leu');
    await screen.findByRole('heading', { level: 1, name: 'O release que ninguém leu' });
    expect(seen).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Read in English' })).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it("shows 'Post não encontrado' with a link to the blog when no published post has the address", async () => {
    const error = vi.spyOn(console, 'error');
    renderApp('/pt/nenhum-post-aqui');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao blog' })).toHaveAttribute('href', '/pt#blog');
    // A miss is not a failure: no toast, nothing logged.
    expect(screen.queryByText('Erro ao carregar post')).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it('treats a draft as not found (only published posts are public), at its address and at /post/<id>', async () => {
    const { unmount } = renderApp('/pt/rascunho-secreto');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    unmount();
    const { router } = renderApp('/post/33333333-3333-4333-8333-333333333333');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/post/33333333-3333-4333-8333-333333333333');
  });

  it.each(['/post/not-a-uuid', '/pt/Not_A_Slug', '/pt/rss.xml', '/en/-dash-'])(
    'treats %s (never an address) as not found, without a request or a toast',
    async (path) => {
      const requested = vi.fn();
      server.use(
        http.get(restUrl('blog_posts'), () => (requested(), HttpResponse.json([]))),
        http.get(restUrl('blog_post_slugs'), () => (requested(), HttpResponse.json([]))),
      );
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
      expect(requested).not.toHaveBeenCalled();
      expect(screen.queryByText('Erro ao carregar post')).not.toBeInTheDocument();
    },
  );

  it('treats the server rejecting the id of /post/<id> (22P02) as not found', async () => {
    server.use(
      http.get(restUrl('blog_posts'), () =>
        pgrstError(400, { code: '22P02', message: 'invalid input syntax for type uuid: "x"' }),
      ),
    );
    renderApp(`/post/${MISSING_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar post')).not.toBeInTheDocument();
  });

  it.each([
    ['pt', null, 'Conteúdo do post não disponível.'],
    ['pt', '', 'Conteúdo do post não disponível.'],
    ['en', null, 'Post content not available.'],
  ] as const)('shows the empty-content message (%s, content %j)', async (language, content, message) => {
    servePost(buildPost({ id: MISSING_ID, slug: 'vazio', title: 'Vazio', language, content, excerpt: null }));
    renderApp(`/${language}/vazio`);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('on a failed fetch: destructive toast, error logged, then not found', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(restUrl('blog_posts'), () => pgrstError(500, { code: 'XX000', message: 'database down' })));
    renderApp(PT_PATH);
    expect(await screen.findByText('Erro ao carregar post')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível carregar o post.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Error fetching post:', expect.objectContaining({ message: 'database down' })),
    );
  });
});
