import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { seedSession } from '@/testing/handlers/auth';
import { pgrstError } from '@/testing/handlers/postgrest';
import { renderApp } from '@/testing/render-app';
import '@/testing/slow-machine';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin, serveAdminPosts } from '../test-utils';

describe('admin posts list', () => {
  it('asks for all posts, newest created first, and splits them by language, Portuguese first', async () => {
    let query = '';
    seedSession();
    server.use(
      http.get(restUrl('blog_posts'), ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(adminPosts);
      }),
    );
    renderApp('/admin');
    const pt = await screen.findByRole('tab', { name: 'Português (2)' });
    expect(pt).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'English (1)' })).toBeInTheDocument();
    expect(decodeURIComponent(query)).toContain('order=created_at.desc');
    expect(query).not.toContain('published');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Bastidores de uma coletiva', 'Rascunho sobre crises']);
  });

  it('shows title, category, status, read time, pt-BR date and excerpt on each card', async () => {
    await renderAdmin();
    const card = (await screen.findByRole('heading', { name: 'Bastidores de uma coletiva' })).closest('li')!;
    const c = within(card as HTMLElement);
    expect(c.getByText('Relações com Mídia')).toBeInTheDocument();
    expect(c.getByText('Publicado')).toBeInTheDocument();
    expect(c.getByText('Leitura: 6 min')).toBeInTheDocument();
    expect(c.getByText('15/03/2024')).toBeInTheDocument();
    expect(c.getByText('O que ninguém vê.')).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Editar post Bastidores de uma coletiva' })).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Deletar post Bastidores de uma coletiva' })).toBeInTheDocument();
    const draft = screen.getByRole('heading', { name: 'Rascunho sobre crises' }).closest('li')!;
    expect(within(draft as HTMLElement).getByText('Rascunho')).toBeInTheDocument();
  });

  it('lists the English posts in their tab', async () => {
    const { user } = await renderAdmin();
    await user.click(await screen.findByRole('tab', { name: 'English (1)' }));
    expect(await screen.findByRole('heading', { name: 'Press relations 101' })).toBeInTheDocument();
  });

  it("toasts 'Erro ao carregar posts' when the list cannot load", async () => {
    seedSession();
    server.use(http.get(restUrl('blog_posts'), () => pgrstError(500, { code: 'XX000', message: 'boom' })));
    renderApp('/admin');
    expect(await screen.findByText('Erro ao carregar posts')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível carregar os posts do blog.')).toBeInTheDocument();
  });
});

describe('deleting a post', () => {
  async function askToDelete() {
    const app = await renderAdmin();
    await app.user.click(await screen.findByRole('button', { name: 'Deletar post Bastidores de uma coletiva' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza que deseja deletar este post?' });
    return { ...app, dialog };
  }

  it('asks first; Cancelar keeps the post and sends nothing', async () => {
    let deletes = 0;
    server.use(http.delete(restUrl('blog_posts'), () => void deletes++));
    const { user, dialog } = await askToDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Bastidores de uma coletiva' })).toBeInTheDocument();
    expect(deletes).toBe(0);
  });

  it("deletes by id on confirmation, toasts 'Post deletado!' and refreshes the list", async () => {
    let deleted = '';
    server.use(
      http.delete(restUrl('blog_posts'), ({ request }) => {
        deleted = new URL(request.url).searchParams.get('id') ?? '';
        serveAdminPosts(adminPosts.slice(1));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, dialog } = await askToDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    expect(await screen.findByText('Post deletado!')).toBeInTheDocument();
    expect(screen.getByText('O post foi deletado com sucesso.')).toBeInTheDocument();
    expect(deleted).toBe(`eq.${adminPosts[0]!.id}`);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bastidores de uma coletiva' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Português (1)' })).toBeInTheDocument();
  });

  it("toasts 'Erro ao deletar post' when the delete fails, and keeps the post", async () => {
    server.use(
      http.delete(restUrl('blog_posts'), () =>
        pgrstError(403, { code: '42501', message: 'permission denied for table blog_posts' }),
      ),
    );
    const { user, dialog } = await askToDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    expect(await screen.findByText('Erro ao deletar post')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível deletar o post.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bastidores de uma coletiva' })).toBeInTheDocument();
  });
});
