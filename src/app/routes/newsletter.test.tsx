import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { pgrstError } from '@/testing/handlers/postgrest';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import '@/testing/slow-machine';

const TOKEN = 'a'.repeat(64);
const UUID = '6f1c1a52-2b7e-4d4a-9a3e-0c9d1f6e8b21';

/** The tokens an RPC received, answering each with `answer`. */
function rpc(fn: string, answer: () => Response) {
  const tokens: unknown[] = [];
  server.use(
    http.post(restUrl(`rpc/${fn}`), async ({ request }) => {
      tokens.push(((await request.json()) as { token: unknown }).token);
      return answer();
    }),
  );
  return tokens;
}

describe('the confirmation page', () => {
  it('asks first: opening it calls nothing; the button confirms and says which languages she receives', async () => {
    const tokens = rpc('newsletter_confirm', () => HttpResponse.json([{ outcome: 'confirmed', languages: ['pt', 'en'] }]));
    const { user, router } = renderApp(`/newsletter/confirm?token=${TOKEN}&lang=pt`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirme sua inscrição' })).toBeInTheDocument();
    expect(document.title).toBe('Confirme sua inscrição');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(tokens).toEqual([]);

    const button = screen.getByRole('button', { name: 'Confirmar inscrição' });
    // Without JavaScript the same button posts to this very address.
    expect(button.closest('form')).toHaveAttribute('method', 'post');
    expect(button.closest('form')).not.toHaveAttribute('action');
    await user.click(button);

    const done = await screen.findByRole('heading', { level: 1, name: 'Inscrição confirmada' });
    expect(screen.getByText('Você receberá os novos posts em português e inglês.')).toBeInTheDocument();
    expect(tokens).toEqual([TOKEN]);
    // The answer's address no longer holds the token; focus is on the answer.
    expect(router.state.location.search).toBe('?lang=pt&result=confirmed&languages=pt%2Cen');
    expect(done).toHaveFocus();
  });

  it('says an already confirmed address is confirmed, not an error: another of its links was used first', async () => {
    // Issue 41, defect 3: the reader asked twice and pressed the second mail's button, then the first's.
    const tokens = rpc('newsletter_confirm', () => HttpResponse.json([{ outcome: 'already_confirmed', languages: ['pt'] }]));
    const { user, router } = renderApp(`/newsletter/confirm?token=${TOKEN}&lang=pt`);
    await user.click(await screen.findByRole('button', { name: 'Confirmar inscrição' }));
    const done = await screen.findByRole('heading', { level: 1, name: 'Inscrição já confirmada' });
    expect(screen.getByText('Este endereço já estava confirmado: você recebe os novos posts em português.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inscrever-se de novo' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao site' })).toBeInTheDocument();
    expect(tokens).toEqual([TOKEN]);
    expect(router.state.location.search).toBe('?lang=pt&result=already&languages=pt');
    expect(done).toHaveFocus();
  });

  it('shows the answer the server gave a post without JavaScript: already confirmed, in English', async () => {
    renderApp('/newsletter/confirm?lang=en&result=already&languages=pt%2Cen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription already confirmed' })).toBeInTheDocument();
    expect(screen.getByText('This address was already confirmed: you receive new posts in Portuguese and English.')).toBeInTheDocument();
  });

  it('says an unknown or expired link is invalid, in English, and offers to subscribe again', async () => {
    rpc('newsletter_confirm', () => HttpResponse.json([{ outcome: 'invalid', languages: null }]));
    const { user } = renderApp(`/newsletter/confirm?token=${TOKEN}&lang=en`);
    await user.click(await screen.findByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid or expired link' })).toBeInTheDocument();
    expect(screen.getByText(/expires after 7 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe again' })).toHaveAttribute('href', '/newsletter/subscribe?lang=en');
  });

  it('keeps the button when the confirmation fails, and says so', async () => {
    rpc('newsletter_confirm', () => pgrstError(503, { code: 'PGRST003', message: 'busy' }));
    const { user } = renderApp(`/newsletter/confirm?token=${TOKEN}&lang=pt`);
    await user.click(await screen.findByRole('button', { name: 'Confirmar inscrição' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível confirmar agora. Tente de novo em instantes.');
    expect(screen.getByRole('button', { name: 'Confirmar inscrição' })).toBeEnabled();
  });

  it('shows the answer the server gave a post without JavaScript: confirmed in English only', async () => {
    renderApp('/newsletter/confirm?lang=en&result=confirmed&languages=en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeInTheDocument();
    expect(screen.getByText('You will receive new posts in English.')).toBeInTheDocument();
  });

  it('treats an address without a token as an invalid link', async () => {
    renderApp('/newsletter/confirm?lang=pt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar inscrição' })).not.toBeInTheDocument();
  });
});

describe('the unsubscribe page', () => {
  it('asks first; the button unsubscribes and says the address was deleted', async () => {
    const tokens = rpc('newsletter_unsubscribe', () => HttpResponse.json(true));
    const { user, router } = renderApp(`/newsletter/unsubscribe?token=${UUID}&lang=pt`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancelar a inscrição' })).toBeInTheDocument();
    expect(tokens).toEqual([]);
    const button = screen.getByRole('button', { name: 'Cancelar inscrição' });
    expect(button.closest('form')).toHaveAttribute('method', 'post');
    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inscrição cancelada' })).toHaveFocus();
    expect(screen.getByText('Seu endereço foi apagado.')).toBeInTheDocument();
    expect(tokens).toEqual([UUID]);
    expect(router.state.location.search).toBe('?lang=pt&result=done');
  });

  it('answers the same when the address had left already', async () => {
    rpc('newsletter_unsubscribe', () => HttpResponse.json(false));
    const { user } = renderApp(`/newsletter/unsubscribe?token=${UUID}&lang=en`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText('Your address has been deleted.')).toBeInTheDocument();
  });

  it('asks nothing of the server for a token that is no uuid (no one has it), and answers the same', async () => {
    const tokens = rpc('newsletter_unsubscribe', () => HttpResponse.json(false));
    const { user } = renderApp('/newsletter/unsubscribe?token=not-a-token&lang=en');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeInTheDocument();
    expect(tokens).toEqual([]);
  });

  it('keeps the button when the unsubscription fails, and says so', async () => {
    rpc('newsletter_unsubscribe', () => pgrstError(500, { code: 'XX000', message: 'broken' }));
    const { user } = renderApp(`/newsletter/unsubscribe?token=${UUID}&lang=en`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The unsubscription could not be completed right now.');
  });
});

describe('the subscription answer page (the form without JavaScript)', () => {
  it('says the confirmation mail went out, with a way back to the site', async () => {
    renderApp('/newsletter/subscribe?lang=pt&result=sent');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quase lá: enviamos um email para confirmar a inscrição.' })).toBeInTheDocument();
    expect(screen.getByText('Se não chegar, veja a pasta de spam.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao site' })).toHaveAttribute('href', '/pt');
    expect(screen.queryByRole('button', { name: 'Inscrever-se' })).not.toBeInTheDocument();
  });

  it('names a refused address and offers the form again, the field marked', async () => {
    renderApp('/newsletter/subscribe?lang=en&result=invalid-email');
    expect(await screen.findByRole('heading', { level: 1, name: 'The subscription could not be made' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('names a limit', async () => {
    renderApp('/newsletter/subscribe?lang=pt&result=client-limit');
    expect(await screen.findByText('Muitas inscrições saíram desta conexão na última hora. Tente de novo mais tarde.')).toBeInTheDocument();
  });
});
