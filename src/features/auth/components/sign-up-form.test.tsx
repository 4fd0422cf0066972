import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authUrl } from '@/testing/api';
import { authError } from '@/testing/handlers/auth';
import { renderApp } from '@/testing/render-app';
import '@/testing/slow-machine';
import { server } from '@/testing/server';

async function openSignUp() {
  const app = renderApp('/auth');
  await app.user.click(await screen.findByRole('tab', { name: 'Cadastro' }));
  return app;
}

async function fill(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
}

describe('sign-up', () => {
  it('requires the email and the password', async () => {
    const { user } = await openSignUp();
    await fill(user, '', '');
    expect(screen.getByText('Informe o email.')).toBeInTheDocument();
    expect(screen.getByText('Informe a senha.')).toBeInTheDocument();
  });

  it('requires an email of email type', async () => {
    const { user } = await openSignUp();
    await fill(user, 'ana@', 'segredo1');
    expect(screen.getByText('Informe um email válido.')).toBeInTheDocument();
  });

  it('requires at least 6 characters of password, without calling the server', async () => {
    let calls = 0;
    server.use(http.post(authUrl('/signup'), () => void calls++));
    const { user } = await openSignUp();
    await fill(user, 'ana@example.com', '12345');
    expect(screen.getByText('A senha deve ter pelo menos 6 caracteres.')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveFocus();
    expect(calls).toBe(0);
  });

  it("shows 'Cadastrando...' while busy, sends the redirect to the origin, then toasts success", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let redirectTo: string | null = null;
    let body: unknown;
    server.use(
      http.post(authUrl('/signup'), async ({ request }) => {
        redirectTo = new URL(request.url).searchParams.get('redirect_to');
        body = await request.json();
        await gate;
        return HttpResponse.json({ id: 'a1b2c3d4-e5f6-4a7b-8c9d-112233445566', aud: 'authenticated', role: '', email: 'novo@example.com', identities: [] });
      }),
    );
    const { user } = await openSignUp();
    await fill(user, 'novo@example.com', '123456');
    expect(await screen.findByRole('button', { name: 'Cadastrando...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Cadastro realizado')).toBeInTheDocument();
    expect(screen.getByText('Verifique seu email para confirmar a conta')).toBeInTheDocument();
    expect(redirectTo).toBe(window.location.origin);
    expect(body).toMatchObject({ email: 'novo@example.com', password: '123456' });
  });

  it("toasts 'Erro no cadastro' with the server's message", async () => {
    server.use(http.post(authUrl('/signup'), () => authError(422, 'user_already_exists', 'User already registered')));
    const { user } = await openSignUp();
    await fill(user, 'ana@example.com', '123456');
    expect(await screen.findByText('Erro no cadastro')).toBeInTheDocument();
    expect(screen.getByText('User already registered')).toBeInTheDocument();
  });

  it('shows the message of a weak-password rejection', async () => {
    server.use(
      http.post(authUrl('/signup'), () =>
        HttpResponse.json(
          { code: 'weak_password', message: 'Password is known to be weak and easy to guess, please choose a different one.', weak_password: { reasons: ['pwned'] } },
          { status: 422, headers: { 'X-Supabase-Api-Version': '2024-01-01' } },
        ),
      ),
    );
    const { user } = await openSignUp();
    await fill(user, 'ana@example.com', '123456');
    expect(await screen.findByText('Password is known to be weak and easy to guess, please choose a different one.')).toBeInTheDocument();
  });

  it("toasts 'Ocorreu um erro inesperado' on a server failure", async () => {
    server.use(http.post(authUrl('/signup'), () => new HttpResponse('upstream down', { status: 502 })));
    const { user } = await openSignUp();
    await fill(user, 'ana@example.com', '123456');
    expect(await screen.findByText('Erro no cadastro')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro inesperado')).toBeInTheDocument();
  });
});
