import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const blog = () => screen.getByRole('region', { name: /Últimos Insights|Latest Insights/ });
const cardTitles = () => within(blog()).queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const filter = (name: string) => within(screen.getByRole('group', { name: /categoria|category/ })).getByRole('button', { name });

/** These rows behind the API, filtered, ordered and paged as PostgREST would. */
function servePosts(posts: ReturnType<typeof buildPost>[]) {
  server.use(http.get(restUrl('blog_posts'), ({ request }) => pgrstAnswer(request, selectRows(posts, new URL(request.url)))));
}

/** `n` published Portuguese posts, newest first as numbered ('Post 01' is the newest). */
function manyPosts(n: number, category = 'Outros') {
  return Array.from({ length: n }, (_, i) =>
    buildPost({
      title: `Post ${String(i + 1).padStart(2, '0')}`,
      category,
      date: new Date(Date.UTC(2024, 5, 30) - i * 86_400_000).toISOString(),
    }),
  );
}

describe('blog section', () => {
  it('shows skeletons while loading, then the published posts of the language, newest first', async () => {
    server.use(
      http.get(restUrl('blog_posts'), async () => {
        await delay(50);
        return undefined; // fall through to the default handler
      }),
    );
    renderApp('/pt');
    expect(await screen.findByRole('status', { name: 'Carregando posts…' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    expect(await within(blog()).findByRole('heading', { level: 3, name: 'Como falar com a imprensa em uma crise' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando posts…' })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton')).toHaveLength(0);
    // The draft and the English posts are not listed; newest first.
    expect(cardTitles()).toEqual(['Como falar com a imprensa em uma crise', 'O release que ninguém leu']);
  });

  it('asks for published posts of the page language ordered by date descending', async () => {
    const seen: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/blog_posts')) seen.push(new URL(request.url));
    });
    renderApp('/en');
    await within(blog()).findByRole('heading', { level: 3, name: 'Talking to the press in a crisis' });
    const params = seen[0]!.searchParams;
    expect(params.get('language')).toBe('eq.en');
    expect(params.get('published')).toBe('eq.true');
    // Newest first, equal dates in id order; a page of 9 and one more to know if another follows.
    expect(params.get('order')).toBe('date.desc,id.asc');
    expect([params.get('offset'), params.get('limit')]).toEqual(['0', '10']);
    // What a card shows, not the posts' text.
    expect(params.get('select')).not.toContain('content');
    expect(params.has('category')).toBe(false);
    server.events.removeAllListeners();
  });

  it('shows a card with category, date, read time, excerpt, Read More and share', async () => {
    renderApp('/en');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Talking to the press in a crisis' })).closest('article')!;
    expect(within(card).getByText('Crisis Communication')).toBeInTheDocument();
    expect(within(card).getByText('Mar 15, 2024')).toBeInTheDocument();
    expect(within(card).getByText('6 min read')).toBeInTheDocument();
    expect(within(card).getByText('Five principles for the first hour.')).toBeInTheDocument();
    // The post's worded address (issue 23).
    // It reads 'Read More' and names its post (for screen readers' link lists and search engines).
    const readMore = within(card).getByRole('link', { name: 'Read More: Talking to the press in a crisis' });
    expect(readMore).toHaveAttribute('href', '/en/talking-to-the-press-in-a-crisis');
    expect(readMore.textContent).toMatch(/^Read More/);
    expect(within(card).getByRole('button', { name: /Share/ })).toBeInTheDocument();
  });

  it('uses Portuguese labels on /pt cards', async () => {
    renderApp('/pt');
    const card = (await screen.findByRole('heading', { level: 3, name: 'O release que ninguém leu' })).closest('article')!;
    expect(within(card).getByText('5 min de leitura')).toBeInTheDocument();
    expect(within(card).getByText('10 de fev. de 2024')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Leia mais: O release que ninguém leu' })).toBeInTheDocument();
  });

  it('filters by exact category, keeps the choice in the URL, and All shows everything', async () => {
    servePosts([
      buildPost({ title: 'Crise A', category: 'Comunicação de Crise' }),
      buildPost({ title: 'Mídia B', category: 'Relações com Mídia' }),
      // Not an exact match: must not show under 'Comunicação de Crise'.
      buildPost({ title: 'Quase', category: 'Comunicação de Crise 2' }),
    ]);
    const { user, router } = renderApp('/pt');
    await within(blog()).findByRole('heading', { level: 3, name: 'Crise A' });
    expect(filter('Todos')).toHaveAttribute('aria-pressed', 'true');
    expect(['Todos', 'Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros'].every((n) => filter(n))).toBe(true);

    const seen: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/blog_posts')) seen.push(new URL(request.url));
    });
    await user.click(filter('Comunicação de Crise'));
    await waitFor(() => expect(cardTitles()).toEqual(['Crise A']));
    // Filtered by the API, not in the browser.
    expect(seen.at(-1)!.searchParams.get('category')).toBe('eq.Comunicação de Crise');
    server.events.removeAllListeners();
    expect(filter('Comunicação de Crise')).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?category=Comunica%C3%A7%C3%A3o+de+Crise');

    await user.click(filter('Todos'));
    await waitFor(() => expect(cardTitles()).toEqual(['Crise A', 'Mídia B', 'Quase']));
    expect(router.state.location.search).toBe('');
  });

  it('restores the category from the URL and shows a friendly note when it has no posts', async () => {
    const { user } = renderApp('/en?category=Others');
    expect(await within(blog()).findByText('There are no posts in this category yet.')).toBeInTheDocument();
    expect(filter('Others')).toHaveAttribute('aria-pressed', 'true');
    const seeAll = within(blog()).getByRole('link', { name: 'See all posts' });
    // Without JavaScript it is the plain listing.
    expect(seeAll).toHaveAttribute('href', '/en#blog');
    await user.click(seeAll);
    await waitFor(() => expect(filter('All')).toHaveAttribute('aria-pressed', 'true'));
    expect(cardTitles()).toEqual(['Talking to the press in a crisis', 'Thirty-one years in newsrooms']);
  });

  it('is a GET form of submit buttons, so a choice works without JavaScript', async () => {
    renderApp('/pt');
    await within(blog()).findByRole('heading', { level: 3, name: 'Como falar com a imprensa em uma crise' });
    const form = screen.getByRole('group', { name: /categoria/ }).closest('form')!;
    expect([form.method, new URL(form.action).pathname, new URL(form.action).hash]).toEqual(['get', '/pt', '#blog']);
    const crisis = filter('Comunicação de Crise') as HTMLButtonElement;
    expect([crisis.type, crisis.name, crisis.value]).toEqual(['submit', 'category', 'Comunicação de Crise']);
    // 'Todos' sends no category at all.
    expect((filter('Todos') as HTMLButtonElement).name).toBe('');
  });

  it('treats an unknown category in the URL as All', async () => {
    renderApp('/en?category=Gossip');
    await within(blog()).findByRole('heading', { level: 3, name: 'Talking to the press in a crisis' });
    expect(filter('All')).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the destructive toast when the list fails', async () => {
    server.use(http.get(restUrl('blog_posts'), () => pgrstError(500, { code: 'XX000', message: 'boom' })));
    renderApp('/pt');
    expect(await screen.findByText('Erro ao carregar posts')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Não foi possível carregar os posts do blog.')).toHaveLength(2));
    expect(within(blog()).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('shows 9 posts, then "Carregar mais" appends the next 9, and is a link to the next page', async () => {
    servePosts(manyPosts(20));
    const { user } = renderApp('/pt');
    await within(blog()).findByRole('heading', { level: 3, name: 'Post 01' });
    expect(cardTitles()).toHaveLength(9);
    const more = () => within(blog()).getByRole('link', { name: /Carregar mais/ });
    expect(more()).toHaveAttribute('href', '/pt?page=2#blog');

    await user.click(more());
    await waitFor(() => expect(cardTitles()).toHaveLength(18));
    expect(cardTitles()[9]).toBe('Post 10');
    // Reading goes on at the first new card.
    expect(document.activeElement?.closest('article')?.textContent).toContain('Post 10');
    expect(more()).toHaveAttribute('href', '/pt?page=3#blog');

    await user.click(more());
    await waitFor(() => expect(cardTitles()).toHaveLength(20));
    expect(new Set(cardTitles()).size).toBe(20);
    expect(within(blog()).queryByRole('link', { name: /Carregar mais/ })).not.toBeInTheDocument();
  });

  it('shows each post once when one goes out between two pages ("Carregar mais" after a scheduled post appeared)', async () => {
    const posts = manyPosts(20);
    servePosts(posts);
    const { user } = renderApp('/pt');
    await within(blog()).findByRole('heading', { level: 3, name: 'Post 01' });
    // Newer than all: every other post moves down a place, and page 2 begins with 'Post 09'.
    servePosts([buildPost({ title: 'Saiu agora', date: new Date(Date.UTC(2024, 6, 1)).toISOString() }), ...posts]);
    await user.click(within(blog()).getByRole('link', { name: /Carregar mais/ }));
    await waitFor(() => expect(cardTitles()).toContain('Post 17'));
    expect(cardTitles()).toEqual(posts.slice(0, 17).map((p) => p.title));
  });

  it('starts at the page the URL names, with a link back to the newest posts', async () => {
    servePosts(manyPosts(20));
    renderApp('/pt?page=2');
    await within(blog()).findByRole('heading', { level: 3, name: 'Post 10' });
    expect(cardTitles()).toEqual(manyPosts(20).slice(9, 18).map((p) => p.title));
    expect(within(blog()).getByRole('link', { name: /Posts mais recentes/ })).toHaveAttribute('href', '/pt#blog');
    expect(document.title).toBe('Jornalista & Profissional de RP · página 2');
  });

  it('pages inside the chosen category', async () => {
    servePosts([...manyPosts(12, 'Outros'), ...manyPosts(5, 'Comunicação de Crise').map((p) => ({ ...p, title: `Crise ${p.title}` }))]);
    const { user } = renderApp('/pt?category=Outros');
    await within(blog()).findByRole('heading', { level: 3, name: 'Post 01' });
    const more = within(blog()).getByRole('link', { name: /Carregar mais/ });
    expect(more).toHaveAttribute('href', '/pt?category=Outros&page=2#blog');
    await user.click(more);
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
    expect(cardTitles().every((title) => title?.startsWith('Post'))).toBe(true);
  });

  it('says so when a page is past the last one', async () => {
    servePosts(manyPosts(3));
    renderApp('/pt?page=5');
    expect(await within(blog()).findByText('Não há posts nesta página.')).toBeInTheDocument();
    expect(within(blog()).getByRole('link', { name: 'Ir para os posts mais recentes' })).toHaveAttribute('href', '/pt#blog');
  });

  it('says so when nothing is published yet', async () => {
    servePosts([]);
    renderApp('/pt');
    expect(await within(blog()).findByText('Ainda não há posts publicados.')).toBeInTheDocument();
  });
});
