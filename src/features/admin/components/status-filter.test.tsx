import { screen, waitFor, within } from '@testing-library/react';
import { buildPost } from '@/testing/fixtures/posts';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin } from '../test-utils';

const YEAR = new Date().getFullYear() + 1;

/** Two Portuguese posts scheduled (the later one created first), one English. */
const scheduledPt = buildPost({
  id: 'aaaaaaaa-0000-4000-8000-0000000000b1',
  title: 'Coluna de segunda',
  language: 'pt',
  published: true,
  date: `${YEAR}-11-25T11:00:00+00:00`,
  created_at: '2024-04-02T12:00:00+00:00',
});
const scheduledPtEarlier = buildPost({
  id: 'aaaaaaaa-0000-4000-8000-0000000000b2',
  title: 'Nota de domingo',
  language: 'pt',
  published: true,
  date: `${YEAR}-11-23T23:30:00+00:00`,
  created_at: '2024-04-01T12:00:00+00:00',
});
const scheduledEn = buildPost({
  id: 'aaaaaaaa-0000-4000-8000-0000000000b3',
  title: 'Monday column',
  language: 'en',
  published: true,
  date: `${YEAR}-12-01T12:00:00+00:00`,
  created_at: '2024-04-03T12:00:00+00:00',
});
const posts = [scheduledPt, scheduledPtEarlier, scheduledEn, ...adminPosts];

const card = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('li')!);
const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('scheduled posts in the admin list (issue 23)', () => {
  it('a scheduled post’s card says "Agendado para …" in Brasília time, instead of "Publicado"', async () => {
    await renderAdmin(posts);
    const c = await card('Coluna de segunda');
    expect(c.getByText(`Agendado para 25 de novembro de ${YEAR}, 08:00`)).toBeInTheDocument();
    expect(c.queryByText('Publicado')).not.toBeInTheDocument();
    // 23:30 UTC on the 23rd is 20:30 on the 23rd in Brasília.
    expect((await card('Nota de domingo')).getByText(`Agendado para 23 de novembro de ${YEAR}, 20:30`)).toBeInTheDocument();
    expect((await card('Bastidores de uma coletiva')).getByText('Publicado')).toBeInTheDocument();
    expect((await card('Rascunho sobre crises')).getByText('Rascunho')).toBeInTheDocument();
  });

  it('a post whose time has passed is "Publicado" on the next look', async () => {
    const soon = buildPost({ ...scheduledPt, date: new Date(Date.now() + 60_000).toISOString() });
    const { user } = await renderAdmin([soon, ...adminPosts]);
    expect((await card('Coluna de segunda')).getByText(/^Agendado para /)).toBeInTheDocument();
    // Two minutes later (only the clock moves: no timer is run early).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    try {
      await user.click(screen.getByRole('tab', { name: /^English/ }));
      await user.click(screen.getByRole('tab', { name: /^Português/ }));
      expect((await card('Coluna de segunda')).getByText('Publicado')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a card turns "Publicado" at its minute by itself, with the list left open', async () => {
    // Timers that follow the real clock, which the test may then move ahead at once.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const soon = buildPost({ ...scheduledPt, date: new Date(Date.now() + 60_000).toISOString() });
      await renderAdmin([soon, ...adminPosts]);
      const c = await card('Coluna de segunda');
      expect(c.getByText(/^Agendado para /)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(61_000);
      expect(await c.findByText('Publicado')).toBeInTheDocument();
      expect(c.queryByText(/^Agendado para /)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('"Mostrar: Agendados" lists only the scheduled ones, next to go out first, and each language counts its own exactly', async () => {
    const seen: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/blog_posts')) seen.push(new URL(request.url));
    });
    const { user } = await renderAdmin(posts);
    await screen.findByRole('tab', { name: 'Português (4)' });
    expect(screen.getByRole('tab', { name: 'English (2)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mostrar')).toHaveValue('all');
    expect(within(screen.getByLabelText('Mostrar')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todos',
      'Publicados',
      'Agendados',
      'Rascunhos',
    ]);

    const before = Date.now();
    await user.selectOptions(screen.getByLabelText('Mostrar'), 'Agendados');
    await screen.findByRole('tab', { name: 'Português (2)' });
    expect(screen.getByRole('tab', { name: 'English (1)' })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Nota de domingo', 'Coluna de segunda']));
    // Asked of the database: published, dated after the moment of asking.
    const list = seen.filter((u) => u.searchParams.get('published') === 'eq.true' && u.searchParams.get('order') === 'date.asc,id.asc');
    expect(list).not.toHaveLength(0);
    const after = Date.parse(list[0]!.searchParams.get('date')!.replace(/^gt\./, ''));
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after).toBeLessThanOrEqual(Date.now());

    await user.click(screen.getByRole('tab', { name: 'English (1)' }));
    await waitFor(() => expect(titles()).toEqual(['Monday column']));
    server.events.removeAllListeners();
  });

  it('"Publicados" leaves the scheduled ones out; "Rascunhos" lists only drafts; "Todos" everything again', async () => {
    const { user } = await renderAdmin(posts);
    await screen.findByRole('tab', { name: 'Português (4)' });
    await user.selectOptions(screen.getByLabelText('Mostrar'), 'Publicados');
    await screen.findByRole('tab', { name: 'Português (1)' });
    await waitFor(() => expect(titles()).toEqual(['Bastidores de uma coletiva']));
    expect(screen.getByRole('tab', { name: 'English (1)' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Mostrar'), 'Rascunhos');
    await screen.findByRole('tab', { name: 'Português (1)' });
    await waitFor(() => expect(titles()).toEqual(['Rascunho sobre crises']));
    await user.click(screen.getByRole('tab', { name: 'English (0)' }));
    expect(await screen.findByText('Nenhum rascunho neste idioma.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Mostrar'), 'Todos');
    await screen.findByRole('tab', { name: 'English (2)' });
    await waitFor(() => expect(titles()).toEqual(['Monday column', 'Press relations 101']));
  });
});
