import { screen, waitFor, within } from '@testing-library/react';
import { buildPost } from '@/testing/fixtures/posts';
import { adminPosts, renderAdmin } from '../../admin/test-utils';
import { daysEnding, refuseStats, serveStats } from './test-stats';

const published = adminPosts[0]!;
// Published five days ago (2026-11-21), read on three of them: 1.234 views in all.
const postDays = daysEnding(5, (i) => [[1000, 0, 200, 0, 34][i]!, [700, 0, 150, 0, 30][i]!]);
const scheduled = buildPost({
  id: 'aaaaaaaa-0000-4000-8000-000000000004',
  title: 'Agendado para depois',
  language: 'pt',
  published: true,
  date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  created_at: '2024-04-01T12:00:00+00:00',
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const statsButton = (title: string) => screen.queryByRole('button', { name: `Ver estatísticas do post ${title}` });

describe('"Ver estatísticas": a post\'s own statistics since its publication', () => {
  it('is offered on a published post\'s card only: not on a draft, not on a scheduled post', async () => {
    serveStats();
    await renderAdmin([...adminPosts, scheduled]);
    await screen.findByRole('heading', { name: 'Bastidores de uma coletiva' });
    await screen.findByRole('heading', { name: 'Agendado para depois' });
    expect(statsButton('Bastidores de uma coletiva')).toHaveTextContent('Ver estatísticas');
    expect(statsButton('Rascunho sobre crises')).not.toBeInTheDocument();
    expect(statsButton('Agendado para depois')).not.toBeInTheDocument();
  });

  it('opens by keyboard on the post\'s figures (chart sentence, days with views, referrers, devices) and closes back to its button', async () => {
    const { calls } = serveStats({
      postDays: { [published.id]: postDays },
      postSources: {
        [published.id]: [
          { kind: 'device', value: 'mobile', views: 900, visitors: 600 },
          { kind: 'device', value: 'desktop', views: 334, visitors: 280 },
          { kind: 'language', value: 'pt', views: 1234, visitors: 880 },
          { kind: 'referrer', value: 'newsletter', views: 1000, visitors: 700 },
          { kind: 'referrer', value: 't.co', views: 234, visitors: 180 },
        ],
      },
    });
    const { user } = await renderAdmin();
    await screen.findByRole('heading', { name: 'Bastidores de uma coletiva' });
    const button = statsButton('Bastidores de uma coletiva')!;
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Estatísticas: Bastidores de uma coletiva' });
    expect(await within(dialog).findByText('Desde a publicação (5 dias): 1.234 visualizações, 880 visitantes.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['1.234', '880']);
    expect(rowsOf(within(dialog).getByRole('table', { name: 'Dias com visualizações' }))).toEqual([
      ['21/11/2026', '1.000', '700'],
      ['23/11/2026', '200', '150'],
      ['25/11/2026', '34', '30'],
    ]);
    expect(rowsOf(within(dialog).getByRole('table', { name: 'De onde vieram' }))).toEqual([
      ['Newsletter', '1.000', '700', '81%'],
      ['t.co', '234', '180', '19%'],
    ]);
    expect(rowsOf(within(dialog).getByRole('table', { name: 'Por aparelho' }))).toEqual([
      ['Celular ou tablet', '900', '600', '72,9%'],
      ['Computador', '334', '280', '27,1%'],
    ]);
    // One post's language is its own: no split by language here.
    expect(within(dialog).queryByRole('table', { name: 'Por idioma' })).not.toBeInTheDocument();
    expect(calls.postDays).toEqual([published.id]);
    expect(calls.sources).toEqual([{ days: 5, post: published.id }]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statsButton('Bastidores de uma coletiva')).toHaveFocus();
  });

  it('says when the post has no view yet, and a failure with a retry', async () => {
    serveStats({ postDays: { [published.id]: daysEnding(3) } });
    const { user } = await renderAdmin();
    await screen.findByRole('heading', { name: 'Bastidores de uma coletiva' });
    await user.click(statsButton('Bastidores de uma coletiva')!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nenhuma visualização deste post ainda.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    refuseStats('stats_post_days', 403, '42501', 'permission denied for function stats_post_days');
    await user.click(statsButton('Bastidores de uma coletiva')!);
    const alert = await within(await screen.findByRole('dialog')).findByRole('alert');
    expect(alert).toHaveTextContent('Sua conta não tem permissão para isso');
    serveStats({ postDays: { [published.id]: postDays } });
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Desde a publicação (5 dias): 1.234 visualizações, 880 visitantes.')).toBeInTheDocument();
  });
});
