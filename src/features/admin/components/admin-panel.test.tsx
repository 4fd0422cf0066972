import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authUrl } from '@/testing/api';
import { server } from '@/testing/server';
import { renderAdmin } from '../test-utils';

describe('admin panel', () => {
  it("greets the user and links 'Ver Site' to / in a new tab", async () => {
    await renderAdmin();
    expect(screen.getByText('Olá, ana@example.com')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Ver Site/ });
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Configurações' })).toBeInTheDocument();
    // Portuguese-only screens: the page says so, whatever page came before.
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(document.title).toBe('Administração do Blog');
  });

  it("'Sair' signs out, toasts 'Logout realizado' and leaves the admin", async () => {
    const { user, router } = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Logout realizado')).toBeInTheDocument();
    expect(screen.getByText('Você foi desconectado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.queryByText('Administração do Blog')).not.toBeInTheDocument();
  });

  it("'Sair' keeps the session and says so when the server cannot be reached", async () => {
    server.use(http.post(authUrl('/logout'), () => HttpResponse.error()));
    const { user, router } = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Ocorreu um erro inesperado')).toBeInTheDocument();
    expect(screen.queryByText('Logout realizado')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('button', { name: 'Sair' })).toBeEnabled();
  });
});
