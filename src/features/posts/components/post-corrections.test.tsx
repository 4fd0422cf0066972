import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { restUrl } from '@/testing/api';
import { postFixtures } from '@/testing/fixtures/posts';
import { pgrstAnswer, selectRows } from '@/testing/handlers/postgrest';
import { pushChange } from '@/testing/handlers/realtime';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const PT_ID = '11111111-1111-4111-8111-111111111111';
const EN_ID = '44444444-4444-4444-8444-444444444444';
const PT_PATH = '/pt/como-falar-com-a-imprensa-em-uma-crise';
const EN_PATH = '/en/talking-to-the-press-in-a-crisis';

type Row = { id: string; post_id: string; note: string; created_at: string };

function serveCorrections(rows: Row[]) {
  server.use(http.get(restUrl('blog_post_corrections'), ({ request }) => pgrstAnswer(request, selectRows(rows, new URL(request.url)))));
}

function servePosts(overrides: Record<string, Partial<(typeof postFixtures)[number]>>) {
  const rows = postFixtures.map((p) => ({ ...p, ...overrides[p.id] }));
  server.use(http.get(restUrl('blog_posts'), ({ request }) => pgrstAnswer(request, selectRows(rows, new URL(request.url)))));
  return rows;
}

const correctionsOf = () => screen.queryByRole('region', { name: /^Corre(ções|ctions)$/ });

describe('corrections and "Atualizado em" on a post page (issue 26)', () => {
  it('shows a post\'s corrections at its end, oldest first, dated in Portuguese, and "Atualizado em"', async () => {
    servePosts({ [PT_ID]: { revised_at: '2026-11-25T13:00:00+00:00' } });
    serveCorrections([
      { id: 'c2', post_id: PT_ID, note: 'A reunião foi na terça.', created_at: '2026-11-25T13:00:00+00:00' },
      { id: 'c1', post_id: PT_ID, note: 'O lucro foi de R$ 2 milhões.', created_at: '2026-11-24T15:00:00+00:00' },
      { id: 'c3', post_id: 'another-post', note: 'De outro post.', created_at: '2026-11-24T15:00:00+00:00' },
    ]);
    renderApp(PT_PATH);
    const article = await screen.findByRole('article');
    const region = await within(article).findByRole('region', { name: 'Correções' });
    expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Correção (24 de novembro de 2026): O lucro foi de R$ 2 milhões.',
      'Correção (25 de novembro de 2026): A reunião foi na terça.',
    ]);
    // The last thing of the article, after the text.
    expect(article.lastElementChild).toBe(region);
    expect(within(article).getByText('Atualizado em 25 de novembro de 2026')).toHaveAttribute('dateTime', '2026-11-25T13:00:00+00:00');
  });

  it('speaks English on an English post: "Correction (November 24, 2026): …" and "Updated …"', async () => {
    servePosts({ [EN_ID]: { revised_at: '2026-11-24T15:00:00+00:00' } });
    serveCorrections([{ id: 'c1', post_id: EN_ID, note: 'Profit was $2 million.', created_at: '2026-11-24T15:00:00+00:00' }]);
    renderApp(EN_PATH);
    const region = await screen.findByRole('region', { name: 'Corrections' });
    expect(region).toHaveTextContent('Correction (November 24, 2026): Profit was $2 million.');
    expect(screen.getByText('Updated November 24, 2026')).toBeInTheDocument();
  });

  it('shows neither on a post never revised', async () => {
    renderApp(PT_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' });
    expect(correctionsOf()).not.toBeInTheDocument();
    expect(screen.queryByText(/Atualizado em/)).not.toBeInTheDocument();
  });

  it('follows a correction added while the page is open (the post\'s live change)', async () => {
    renderApp(PT_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Como falar com a imprensa em uma crise' });
    const rows = servePosts({ [PT_ID]: { revised_at: '2026-11-24T15:00:00+00:00' } });
    serveCorrections([{ id: 'c1', post_id: PT_ID, note: 'Nota nova.', created_at: '2026-11-24T15:00:00+00:00' }]);
    // The correction stamps the post (revised_at): the page hears that change once its live channel has
    // joined, which it opens at the reader's first sign (a scroll here; issue 28).
    window.dispatchEvent(new Event('scroll'));
    await waitFor(
      () => {
        pushChange({ table: 'blog_posts', type: 'UPDATE', record: rows[0] });
        expect(correctionsOf()).toHaveTextContent('Correção (24 de novembro de 2026): Nota nova.');
      },
      { timeout: 15_000 },
    );
    expect(screen.getByText('Atualizado em 24 de novembro de 2026')).toBeInTheDocument();
  });
});
