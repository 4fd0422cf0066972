import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const PT_ID = '11111111-1111-4111-8111-111111111111';
const EN_ID = '44444444-4444-4444-8444-444444444444';
const MISSING_ID = '99999999-9999-4999-8999-999999999999';

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
    renderApp(`/post/${PT_ID}`);
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando post…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a Portuguese post: back link, image, badge, long pt-BR date, read time, excerpt, content', async () => {
    renderApp(`/post/${PT_ID}`);
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
    expect(within(article).getByText('Primeiro parágrafo.').tagName).toBe('P');
    expect(within(article).getByText('Trecho recuado.').closest('pre')).not.toBeNull();
    expect(within(article).getByText('Última linha.').tagName).toBe('P');
    expect(screen.getByText('Jornalista & Profissional de RP')).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Todos os direitos reservados\./)).toBeInTheDocument();
    expect(document.title).toBe('Como falar com a imprensa em uma crise');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('shows an English post with the en-US long date and English labels', async () => {
    renderApp(`/post/${EN_ID}`);
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

  it('asks for the published post by id as a single row', async () => {
    let seen: Request | undefined;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/blog_posts')) seen ??= request;
    });
    renderApp(`/post/${PT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' });
    const url = new URL(seen!.url);
    expect(url.searchParams.get('id')).toBe(`eq.${PT_ID}`);
    expect(url.searchParams.get('published')).toBe('eq.true');
    expect(seen!.headers.get('accept')).toMatch(/^application\/vnd\.pgrst\.object\+json/);
    server.events.removeAllListeners();
  });

  it('links to its published translation, in that language', async () => {
    const { user } = renderApp(`/post/${PT_ID}`);
    const link = await screen.findByRole('link', { name: 'Read in English' });
    expect(link).toHaveAttribute('href', `/post/${EN_ID}`);
    expect(link).toHaveAttribute('lang', 'en-US');
    expect(link).toHaveAttribute('hreflang', 'en');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Talking to the press in a crisis' })).toBeInTheDocument();
    const back = await screen.findByRole('link', { name: 'Ler em português' });
    expect(back).toHaveAttribute('href', `/post/${PT_ID}`);
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
    renderApp(`/post/${post.id}`);
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
    renderApp('/post/22222222-2222-4222-8222-222222222222');
    await screen.findByRole('heading', { level: 1, name: 'O release que ninguém leu' });
    expect(seen).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Read in English' })).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it("shows 'Post não encontrado' with a link to the blog when no published post has the id", async () => {
    const error = vi.spyOn(console, 'error');
    renderApp(`/post/${MISSING_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao blog' })).toHaveAttribute('href', '/pt#blog');
    // A miss is not a failure: no toast, nothing logged.
    expect(screen.queryByText('Erro ao carregar post')).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it('treats a draft as not found (only published posts are public)', async () => {
    renderApp('/post/33333333-3333-4333-8333-333333333333');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
  });

  it('treats a malformed id as not found, without a request or a toast', async () => {
    const requested = vi.fn();
    server.use(http.get(restUrl('blog_posts'), () => (requested(), HttpResponse.json([]))));
    renderApp('/post/not-a-uuid');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    expect(requested).not.toHaveBeenCalled();
    expect(screen.queryByText('Erro ao carregar post')).not.toBeInTheDocument();
  });

  it('treats the server rejecting the id (22P02) as not found', async () => {
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
    servePost(buildPost({ id: MISSING_ID, title: 'Vazio', language, content, excerpt: null }));
    renderApp(`/post/${MISSING_ID}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('on a failed fetch: destructive toast, error logged, then not found', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(restUrl('blog_posts'), () => pgrstError(500, { code: 'XX000', message: 'database down' })));
    renderApp(`/post/${PT_ID}`);
    expect(await screen.findByText('Erro ao carregar post')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível carregar o post.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Error fetching post:', expect.objectContaining({ message: 'database down' })),
    );
  });
});
