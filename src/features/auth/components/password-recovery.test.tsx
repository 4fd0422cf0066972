import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authUrl } from '@/testing/api';
import { authError, seedSession } from '@/testing/handlers/auth';
import { renderApp } from '@/testing/render-app';
import '@/testing/slow-machine';
import { server } from '@/testing/server';

describe('"Esqueceu a senha?" on /auth', () => {
  it('asks for the email, sends the link with the way back to /auth, and answers without saying whether the account exists', async () => {
    let sent: { email?: string; redirect?: string | null } = {};
    server.use(
      http.post(authUrl('/recover'), async ({ request }) => {
        sent = { email: ((await request.json()) as { email: string }).email, redirect: new URL(request.url).searchParams.get('redirect_to') };
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Esqueceu a senha?' }));
    expect(screen.getByRole('heading', { name: 'Redefinir a senha' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(screen.getByText('Informe o email.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('Se houver uma conta com este email, enviamos um link para redefinir a senha.')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'ana@example.com', redirect: `${window.location.origin}/auth?redefinir-senha` });
    await user.click(screen.getByRole('button', { name: 'Voltar ao login' }));
    expect(screen.getByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });

  it('says so in Portuguese when too many links were asked for, keeping the email', async () => {
    server.use(http.post(authUrl('/recover'), () => authError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')));
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Esqueceu a senha?' }));
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('Muitos pedidos seguidos. Aguarde alguns minutos e tente de novo.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
  });

  it('opens on a new request when the link was refused (expired or used)', async () => {
    window.history.replaceState(null, '', '/auth?redefinir-senha#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    renderApp('/auth?redefinir-senha');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link para redefinir a senha é inválido, expirou ou já foi usado. Peça um novo abaixo.',
    );
    expect(screen.getByRole('button', { name: 'Enviar link' })).toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });
});

describe('"Nova senha" after the recovery link', () => {
  it('checks both fields, saves the password, ends the other sessions and goes to /admin with a toast', async () => {
    seedSession();
    const calls: string[] = [];
    server.use(
      http.put(authUrl('/user'), async ({ request }) => {
        calls.push(`password ${((await request.json()) as { password: string }).password}`);
        return HttpResponse.json((await import('@/testing/handlers/auth')).makeUser());
      }),
      http.post(authUrl('/logout'), ({ request }) => {
        calls.push(`logout ${new URL(request.url).searchParams.get('scope')}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/auth?redefinir-senha');
    expect(await screen.findByRole('heading', { name: 'Nova senha' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'nova-senha-2');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('Confirme a nova senha'));
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByText('Senha alterada')).toBeInTheDocument();
    expect(calls).toEqual(['password nova-senha-1', 'logout others']);
  });

  it('says the password was saved even when ending the other sessions fails, and how to end them', async () => {
    seedSession();
    server.use(
      http.put(authUrl('/user'), async () => HttpResponse.json((await import('@/testing/handlers/auth')).makeUser())),
      http.post(authUrl('/logout'), () => authError(500, 'unexpected_failure', 'boom')),
    );
    const { user, router } = renderApp('/auth?redefinir-senha');
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha alterada')).toBeInTheDocument();
    expect(screen.getByText(/não foi possível encerrar as outras sessões agora/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('keeps what she typed when the server refuses the password', async () => {
    seedSession();
    server.use(http.put(authUrl('/user'), () => authError(422, 'same_password', 'New password should be different from the old password.')));
    const { user, router } = renderApp('/auth?redefinir-senha');
    await user.type(await screen.findByLabelText('Nova senha'), 'mesma-senha');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'mesma-senha');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('A nova senha deve ser diferente da atual.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toHaveValue('mesma-senha');
    expect(router.state.location.pathname).toBe('/auth');
  });
});
