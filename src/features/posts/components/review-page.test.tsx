import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost, postFixtures } from '@/testing/fixtures/posts';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { REVIEW_POLL_MS } from '../api/get-review-post';

const TOKEN = 'ab'.repeat(32);
/** The crisis post: published in both languages, so its page has a link to its translation. */
const draft = { ...postFixtures[0]!, published: false, title: 'Nota à imprensa, versão do cliente' };

/** review_post as the database answers it: the row for TOKEN while `current()` gives one, no row otherwise. */
function serveReview(current: () => unknown[] | null) {
  const asked: string[] = [];
  server.use(
    http.post(restUrl('rpc/review_post'), async ({ request }) => {
      const { token } = (await request.json()) as { token: string };
      asked.push(token);
      return HttpResponse.json(token === TOKEN ? (current() ?? []) : []);
    }),
  );
  return asked;
}

const refocus = () =>
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

describe('review page (issue 26)', () => {
  it('shows the post as it will be published under the banner, without the link to its translation', async () => {
    const asked = serveReview(() => [draft]);
    const reads: string[] = [];
    server.events.on('request:start', ({ request }) => reads.push(new URL(request.url).pathname));
    renderApp(`/preview?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: draft.title })).toBeInTheDocument();
    // Its corrections are asked for, as on the post page; its translation is not looked up.
    await waitFor(() => expect(reads).toContain('/rest/v1/blog_post_corrections'));
    expect(reads.filter((path) => path === '/rest/v1/blog_posts')).toEqual([]);
    server.events.removeAllListeners();
    expect(screen.getByText('Prévia — não publicado')).toBeInTheDocument();
    expect(screen.getByText('Cinco princípios para a primeira hora.')).toBeInTheDocument();
    expect(screen.getByText('15 de março de 2024')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Read in English' })).not.toBeInTheDocument();
    expect(document.title).toBe(draft.title);
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(asked).toEqual([TOKEN]);
  });

  it('has the banner in the post\'s language', async () => {
    serveReview(() => [buildPost({ language: 'en', title: 'Client statement' })]);
    renderApp(`/preview?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Client statement' })).toBeInTheDocument();
    expect(screen.getByText('Preview — not published')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-US');
  });

  it.each([
    ['a token nobody made', `?token=${'0'.repeat(64)}`],
    ['a malformed token', '?token=not-a-token'],
    ['no token', ''],
  ])('shows the same "Post não encontrado" for %s, with no toast', async (_, query) => {
    serveReview(() => [draft]);
    const error = vi.spyOn(console, 'error');
    renderApp(`/preview${query}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    expect(screen.queryByText('Prévia — não publicado')).not.toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar post')).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it('asks nothing for a token the database could never have made', async () => {
    const asked = serveReview(() => [draft]);
    renderApp('/preview?token=AB');
    await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' });
    expect(asked).toEqual([]);
  });

  it('follows her saves when the tab comes back into focus, and a link that dies turns into "Post não encontrado"', async () => {
    let current: unknown[] = [draft];
    serveReview(() => current);
    renderApp(`/preview?token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: draft.title });

    current = [{ ...draft, title: 'Segunda versão' }];
    refocus();
    expect(await screen.findByRole('heading', { level: 1, name: 'Segunda versão' })).toBeInTheDocument();

    current = [];
    refocus();
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    expect(document.title).toBe('Post não encontrado');
  });

  it(`asks again every ${REVIEW_POLL_MS / 1000} s while open, and no more once the link is dead`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current: unknown[] = [draft];
    const asked = serveReview(() => current);
    renderApp(`/preview?token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: draft.title });

    current = [{ ...draft, title: 'Salva há pouco' }];
    await act(() => vi.advanceTimersByTimeAsync(REVIEW_POLL_MS));
    expect(await screen.findByRole('heading', { level: 1, name: 'Salva há pouco' })).toBeInTheDocument();

    current = [];
    await act(() => vi.advanceTimersByTimeAsync(REVIEW_POLL_MS));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post não encontrado' })).toBeInTheDocument();
    const count = asked.length;
    await act(() => vi.advanceTimersByTimeAsync(REVIEW_POLL_MS * 3));
    expect(asked).toHaveLength(count);
  });
});
