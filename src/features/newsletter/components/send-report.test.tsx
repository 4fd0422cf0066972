import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { server } from '@/testing/server';
import '@/testing/slow-machine';
import type { PostSendProgress } from '../api/send-progress';
import { SendReport } from './send-report';
import { refuse, renderNewsletterTab, serveNewsletter } from './test-newsletter';

const sendOf = (overrides: Partial<PostSendProgress> = {}): PostSendProgress => ({
  post_id: 'dddddddd-0000-4000-8000-000000000001',
  title: 'Bastidores de uma coletiva',
  language: 'pt',
  queued_at: '2026-11-20T11:00:00+00:00',
  recipients: 1200,
  sent: 1180,
  failed: 3,
  waiting: 0,
  cancelled: 17,
  last_sent_at: '2026-11-20T11:40:00+00:00',
  ...overrides,
});

const cells = (title: string) =>
  [...within(screen.getByRole('table', { name: 'Envios' })).getByRole('rowheader', { name: new RegExp(`^${title}`) }).closest('tr')!.cells].map(
    (cell) => cell.textContent,
  );

describe('"Envios": what was sent of each post', () => {
  it('lists each post sent: title, language, when (Brasília), to how many, sent, failed, waiting, cancelled', async () => {
    serveNewsletter([], [
      sendOf(),
      sendOf({ post_id: 'dddddddd-0000-4000-8000-000000000002', title: 'Press relations 101', language: 'en', recipients: 40, sent: 40, failed: 0, cancelled: 0 }),
    ]);
    await renderNewsletterTab();
    await screen.findByRole('table', { name: 'Envios' });
    expect(cells('Bastidores de uma coletiva')).toEqual(['Bastidores de uma coletiva', 'Português', '20 de novembro de 2026, 08:00', '1200', '1180', '3', '0', '17']);
    expect(cells('Press relations 101')).toEqual(['Press relations 101', 'English', '20 de novembro de 2026, 08:00', '40', '40', '0', '0', '0']);
  });

  it('coming back to the tab shows a post sent meanwhile (the tab stays mounted, its figures are read again)', async () => {
    const { state } = serveNewsletter();
    const { user } = await renderNewsletterTab();
    await screen.findByText('Nenhum post foi enviado aos assinantes ainda.');
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    state.sends = [sendOf()];
    await user.click(screen.getByRole('tab', { name: 'Assinantes' }));
    expect(await screen.findByRole('rowheader', { name: 'Bastidores de uma coletiva' })).toBeInTheDocument();
  });

  it('with nothing waiting it still asks now and then: a post the worker queues later appears by itself', async () => {
    const { state } = serveNewsletter();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <SendReport refreshMs={20} idleRefreshMs={40} />
      </QueryClientProvider>,
    );
    await screen.findByText('Nenhum post foi enviado aos assinantes ainda.');
    state.sends = [sendOf({ sent: 0, waiting: 1200, failed: 0, cancelled: 0 })];
    expect(await screen.findByText('Enviando…')).toBeInTheDocument();
  });

  it('says when nothing was sent yet', async () => {
    serveNewsletter();
    await renderNewsletterTab();
    expect(await screen.findByText('Nenhum post foi enviado aos assinantes ainda.')).toBeInTheDocument();
  });

  it('a report it cannot read says why in Portuguese (the network)', async () => {
    serveNewsletter();
    server.use(http.post(restUrl('rpc/newsletter_send_progress'), () => HttpResponse.error()));
    await renderNewsletterTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os envios');
    expect(alert).toHaveTextContent('Sem conexão com o servidor. Verifique sua internet e tente de novo.');
  });

  it('a refusal of her rights is said as such', async () => {
    serveNewsletter();
    refuse('post', 'rpc/newsletter_send_progress', 403, '42501', 'permission denied for function newsletter_send_progress');
    await renderNewsletterTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sua conta não tem permissão para isso');
  });

  it('while mails wait it asks again by itself, so she watches the send go out, until none waits', async () => {
    const { state, calls } = serveNewsletter([], [sendOf({ sent: 200, waiting: 1000, failed: 0, cancelled: 0 })]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <SendReport refreshMs={20} />
      </QueryClientProvider>,
    );
    await screen.findByText('Enviando…');
    expect(cells('Bastidores de uma coletiva').slice(3)).toEqual(['1200', '200', '0', '1000', '0']);
    state.sends = [sendOf({ sent: 700, waiting: 500, failed: 0, cancelled: 0 })];
    await screen.findByText('700');
    state.sends = [sendOf({ sent: 1198, waiting: 0, failed: 2, cancelled: 0 })];
    await screen.findByText('1198');
    expect(screen.queryByText('Enviando…')).not.toBeInTheDocument();
    expect(cells('Bastidores de uma coletiva').slice(3)).toEqual(['1200', '1198', '2', '0', '0']);
    expect(calls.sendProgress).toBeGreaterThanOrEqual(3);
  });
});
