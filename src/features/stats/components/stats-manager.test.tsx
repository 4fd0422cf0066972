import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { server } from '@/testing/server';
import type { StatsSource } from '../api/stats';
import { daysEnding, refuseStats, renderStatsTab, serveStats, type PageRow } from './test-stats';

// Day i of the last 90 (0 = 90 days ago): 10·(i+1) views, 4·(i+1) visitors.
// Last 30 days: 22.650 views, 9.060 visitors; last 7: 6.090 and 2.436; all 90: 40.950 and 16.380.
const growing = () => daysEnding(90, (i) => [10 * (i + 1), 4 * (i + 1)]);

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const source = (kind: StatsSource['kind'], value: string, views: number, visitors: number): StatsSource => ({ kind, value, views, visitors });

const pages30: PageRow[] = [
  { page: '/pt', post_id: null, title: null, language: 'pt', slug: null, views: 1234, visitors: 456 },
  { page: 'aaaaaaaa-0000-4000-8000-000000000003', post_id: 'aaaaaaaa-0000-4000-8000-000000000003', title: 'Press relations 101', language: 'en', slug: 'press-relations-101', views: 300, visitors: 120 },
  { page: 'bbbbbbbb-0000-4000-8000-000000000009', post_id: null, title: null, language: 'pt', slug: null, views: 40, visitors: 30 },
  { page: '/en', post_id: null, title: null, language: 'en', slug: null, views: 12, visitors: 5 },
];
const sources30: StatsSource[] = [
  source('device', 'desktop', 2000, 800),
  source('device', 'mobile', 1000, 500),
  source('language', 'pt', 2000, 900),
  source('language', 'en', 1000, 400),
  source('referrer', 'direto', 1500, 600),
  source('referrer', 'newsletter', 900, 300),
  source('referrer', 'google.com', 500, 350),
  source('referrer', 'outros', 100, 50),
];

describe('"Estatísticas": the site\'s reading statistics', () => {
  it('shows the last 30 days by default: totals, a sentence, and every day in a table, numbers in pt-BR', async () => {
    const { calls } = serveStats({ days: growing() });
    await renderStatsTab();
    expect(await screen.findByText('Nos últimos 30 dias: 22.650 visualizações, 9.060 visitantes.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30 dias' })).toBeChecked();
    const totals = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(totals).toEqual(['22.650', '9.060']);
    const days = rowsOf(screen.getByRole('table', { name: 'Visualizações e visitantes por dia' }));
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual(['27/10/2026', '610', '244']);
    expect(days.at(-1)).toEqual(['25/11/2026', '900', '360']);
    // The chart's sentence is what the figure says to a screen reader; the chart itself is hidden from it.
    expect(screen.getByRole('figure', { name: 'Visualizações e visitantes por dia nos últimos 30 dias' })).toHaveAccessibleDescription(
      'Nos últimos 30 dias: 22.650 visualizações, 9.060 visitantes.',
    );
    expect(calls.days).toEqual([30]);
    expect(calls.pages).toEqual([{ days: 30, max: 10 }]);
    expect(calls.sources).toEqual([{ days: 30 }]);
  });

  it('names the pages (home pages by language, posts by title with their public address, a deleted post as such) and the sources, with shares', async () => {
    serveStats({ days: growing(), pages: { 30: pages30 }, sources: { 30: sources30 } });
    await renderStatsTab();
    const pages = await screen.findByRole('table', { name: 'Páginas mais lidas' });
    expect(rowsOf(pages)).toEqual([
      ['Página inicial (português) (abre em nova aba)', '1.234', '456'],
      ['Press relations 101 (abre em nova aba)', '300', '120'],
      ['Post apagado', '40', '30'],
      ['Página inicial (inglês) (abre em nova aba)', '12', '5'],
    ]);
    expect(within(pages).getByRole('link', { name: /^Página inicial \(português\)/ })).toHaveAttribute('href', '/pt');
    expect(within(pages).getByRole('link', { name: /^Press relations 101/ })).toHaveAttribute('href', '/en/press-relations-101');
    expect(within(pages).getByRole('link', { name: /^Página inicial \(inglês\)/ })).toHaveAttribute('href', '/en');
    expect(within(pages).queryByRole('link', { name: /Post apagado/ })).not.toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'De onde vieram' }))).toEqual([
      ['Direto', '1.500', '600', '50%'],
      ['Newsletter', '900', '300', '30%'],
      ['google.com', '500', '350', '16,7%'],
      ['Outros sites', '100', '50', '3,3%'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Por idioma' }))).toEqual([
      ['Português', '2.000', '900', '66,7%'],
      ['English', '1.000', '400', '33,3%'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Por aparelho' }))).toEqual([
      ['Computador', '2.000', '800', '66,7%'],
      ['Celular ou tablet', '1.000', '500', '33,3%'],
    ]);
  });

  it('choosing 7 or 90 days (by keyboard) reads that period again', async () => {
    const { calls } = serveStats({ days: growing() });
    const { user } = await renderStatsTab();
    await screen.findByText('Nos últimos 30 dias: 22.650 visualizações, 9.060 visitantes.');
    screen.getByRole('radio', { name: '30 dias' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '7 dias' })).toBeChecked();
    expect(await screen.findByText('Nos últimos 7 dias: 6.090 visualizações, 2.436 visitantes.')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Visualizações e visitantes por dia' }))).toHaveLength(7);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '90 dias' })).toBeChecked();
    expect(await screen.findByText('Nos últimos 90 dias: 40.950 visualizações, 16.380 visitantes.')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Visualizações e visitantes por dia' }))).toHaveLength(90);
    expect(calls.days).toEqual([30, 7, 90]);
    expect(calls.pages.map((c) => c.days)).toEqual([30, 7, 90]);
    expect(calls.sources.map((c) => c.days)).toEqual([30, 7, 90]);
  });

  it('with no view yet it says so, and shows no empty tables', async () => {
    serveStats();
    await renderStatsTab();
    expect(await screen.findByText('Nenhuma visualização nos últimos 30 dias ainda.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Páginas mais lidas' })).not.toBeInTheDocument();
  });

  it('a read that fails says why in Portuguese, and "Tentar novamente" reads again', async () => {
    serveStats({ days: growing() });
    refuseStats('stats_days', 500, 'XX000', 'o banco caiu');
    const { user } = await renderStatsTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as estatísticas');
    expect(alert).toHaveTextContent('O servidor recusou o pedido: o banco caiu');
    serveStats({ days: growing() });
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nos últimos 30 dias: 22.650 visualizações, 9.060 visitantes.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('no answer at all is said as the network', async () => {
    serveStats({ days: growing() });
    server.use(http.post(restUrl('rpc/stats_sources'), () => HttpResponse.error()));
    await renderStatsTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão com o servidor. Verifique sua internet e tente de novo.');
  });

  it('coming back to the tab reads the numbers again: views counted meanwhile appear', async () => {
    const { state, calls } = serveStats();
    const { user } = await renderStatsTab();
    await screen.findByText('Nenhuma visualização nos últimos 30 dias ainda.');
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    state.days = daysEnding(90, (i) => (i === 89 ? [3, 2] : [0, 0]));
    await user.click(screen.getByRole('tab', { name: 'Estatísticas' }));
    expect(await screen.findByText('Nos últimos 30 dias: 3 visualizações, 2 visitantes.')).toBeInTheDocument();
    await waitFor(() => expect(calls.days).toEqual([30, 30]));
  });
});
