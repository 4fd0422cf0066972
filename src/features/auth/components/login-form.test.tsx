import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authUrl } from '@/testing/api';
import { authError, makeSession } from '@/testing/handlers/auth';
import { renderApp } from '@/testing/render-app';
import '@/testing/slow-machine';
import { server } from '@/testing/server';

async function openLogin() {
  const app = renderApp('/auth');
  await screen.findByRole('tab', { name: 'Login' });
  return app;
}

describe('login', () => {
  it('shows the Login and Cadastro tabs, Login first', async () => {
    await openLogin();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Cadastro' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
  });

  it('requires the email and the password, without calling the server', async () => {
    let calls = 0;
    server.use(http.post(authUrl('/token'), () => void calls++));
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Informe o email.')).toBeInTheDocument();
    expect(screen.getByText('Informe a senha.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls).toBe(0);
  });

  it('requires an email of email type', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ana.example.com');
    await user.type(screen.getByLabelText('Senha'), 'x');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Informe um email válido.')).toBeInTheDocument();
    // Login has no minimum length: only sign-up does.
    expect(screen.queryByText('A senha deve ter pelo menos 6 caracteres.')).not.toBeInTheDocument();
  });

  it("shows 'Entrando...' while busy, then goes to /admin", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let body: unknown;
    server.use(
      http.post(authUrl('/token'), async ({ request }) => {
        body = await request.json();
        await gate;
        return HttpResponse.json(makeSession());
      }),
    );
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('button', { name: 'Entrando...' })).toBeDisabled();
    expect(body).toMatchObject({ email: 'ana@example.com', password: 'segredo1' });
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it("toasts 'Erro no login' with the server's message and keeps the typed values", async () => {
    server.use(http.post(authUrl('/token'), () => authError(400, 'invalid_credentials', 'Invalid login credentials')));
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    expect(screen.getByText('Invalid login credentials')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Senha')).toHaveValue('errada');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it("toasts 'Ocorreu um erro inesperado' when the server fails unexpectedly", async () => {
    server.use(http.post(authUrl('/token'), () => HttpResponse.error()));
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro inesperado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });
});
