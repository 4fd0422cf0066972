// vitest: own modules (the Supabase client reads the stored session when it is made: "at start" must be a new one)
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { supabase } from '@/lib/supabase';
import { authUrl, restUrl } from '@/testing/api';
import { authError, makeSession, seedSession } from '@/testing/handlers/auth';
import { renderApp } from '@/testing/render-app';
import '@/testing/slow-machine';
import { server } from '@/testing/server';

describe('the /admin guard', () => {
  it("shows 'Verificando autenticação...' then replaces a signed-out visitor's /admin with /auth", async () => {
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });

  it("says 'Verificando autenticação...' while the role is checked", async () => {
    seedSession();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post(restUrl('rpc/is_admin'), async () => {
        await gate;
        return HttpResponse.json(true);
      }),
    );
    renderApp('/admin');
    expect(await screen.findByText('Verificando autenticação...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText('Verificando autenticação...')).not.toBeInTheDocument());
  });

  it('shows a signed-in non-admin that the account has no access, never the editor', async () => {
    seedSession('leitor@example.com');
    server.use(http.post(restUrl('rpc/is_admin'), () => HttpResponse.json(false)));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' })).toBeInTheDocument();
    expect(screen.getByText('Sua conta não tem permissão para administrar este site.')).toBeInTheDocument();
    expect(screen.getByText('Conectado como leitor@example.com.')).toBeInTheDocument();
    expect(screen.queryByText('Administração do Blog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo Post' })).not.toBeInTheDocument();
  });

  it("lets the non-admin sign out of this device: toast, session gone, back to /auth", async () => {
    seedSession('leitor@example.com');
    let scope: string | null = null;
    server.use(
      http.post(restUrl('rpc/is_admin'), () => HttpResponse.json(false)),
      http.post(authUrl('/logout'), ({ request }) => {
        scope = new URL(request.url).searchParams.get('scope');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Logout realizado')).toBeInTheDocument();
    expect(screen.getByText('Você foi desconectado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(scope).toBe('local');
    expect(window.localStorage.getItem('sb-localhost-auth-token')).toBeNull();
  });

  it('offers a retry when the role check itself fails', async () => {
    seedSession();
    let fail = true;
    server.use(
      http.post(restUrl('rpc/is_admin'), () =>
        fail ? HttpResponse.json({ code: 'XX000', details: null, hint: null, message: 'boom' }, { status: 500 }) : HttpResponse.json(true),
      ),
    );
    const { user } = renderApp('/admin');
    await screen.findByText('Não foi possível verificar as permissões da sua conta.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.queryByText('Não foi possível verificar as permissões da sua conta.')).not.toBeInTheDocument());
  });
});

describe('session events', () => {
  it('leaves the admin when the session ends elsewhere (another tab, an expired refresh)', async () => {
    seedSession();
    const { router } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Administração do Blog' });
    // What the client does when another tab signs out: drop the session, emit SIGNED_OUT.
    await act(() => supabase.auth.signOut({ scope: 'local' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('refreshes an expiring stored session at start (TOKEN_REFRESHED) and stays in', async () => {
    seedSession('ana@example.com', 30);
    let grant: string | null = null;
    server.use(
      http.post(authUrl('/token'), ({ request }) => {
        grant = new URL(request.url).searchParams.get('grant_type');
        return HttpResponse.json(makeSession());
      }),
    );
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Administração do Blog' })).toBeInTheDocument();
    expect(grant).toBe('refresh_token');
  });

  it('sends an expired session whose refresh is refused to /auth', async () => {
    seedSession('ana@example.com', -60);
    server.use(
      http.post(authUrl('/token'), () =>
        authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
      ),
    );
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(window.localStorage.getItem('sb-localhost-auth-token')).toBeNull();
  });

  it('enters the admin when a sign-in happens while /auth is open', async () => {
    const { router } = renderApp('/auth');
    await screen.findByRole('tab', { name: 'Login' });
    await act(() => supabase.auth.signInWithPassword({ email: 'ana@example.com', password: 'segredo1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

describe('/auth when already signed in', () => {
  it('goes to /admin', async () => {
    seedSession();
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
