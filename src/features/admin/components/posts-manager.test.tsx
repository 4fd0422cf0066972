import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { seedSession } from '@/testing/handlers/auth';
import { pgrstError } from '@/testing/handlers/postgrest';
import { renderApp } from '@/testing/render-app';
import '@/testing/slow-machine';
import { server } from '@/testing/server';
import { buildPost } from '@/testing/fixtures/posts';
import { adminPosts, renderAdmin, serveAdminPosts } from '../test-utils';

describe('admin posts list', () => {
  it('counts each language exactly, and lists the open tab a page at a time, newest created first, Portuguese first', async () => {
    const seen: Request[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/blog_posts')) seen.push(request.clone());
    });
    await renderAdmin();
    const pt = await screen.findByRole('tab', { name: 'Português (2)' });
    expect(pt).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'English (1)' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Bastidores de uma coletiva' });
    // Counts: HEAD requests with count=exact, no rows.
    const counts = seen.filter((r) => r.method === 'HEAD');
    expect(counts.map((r) => new URL(r.url).searchParams.get('language')).sort()).toEqual(['eq.en', 'eq.pt']);
    expect(counts.every((r) => r.headers.get('prefer')?.includes('count=exact'))).toBe(true);
    // The list: drafts included, newest created first, a page of 20 (and one more).
    const list = new URL(seen.find((r) => r.method === 'GET')!.url).searchParams;
    expect(list.get('language')).toBe('eq.pt');
    expect(list.get('order')).toBe('created_at.desc,id.asc');
    expect([list.get('offset'), list.get('limit')]).toEqual(['0', '21']);
    expect(list.has('published')).toBe(false);
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Bastidores de uma coletiva', 'Rascunho sobre crises']);
    server.events.removeAllListeners();
  });

  it('shows 20 at a time among many, and finds a post by title', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      buildPost({ id: `cccccccc-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Nota ${i + 1}`, language: 'pt', created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString() }),
    );
    const { user } = await renderAdmin(many);
    await screen.findByRole('tab', { name: 'Português (45)' });
    await screen.findByRole('heading', { name: 'Nota 45' });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(20);
    expect(screen.getByText('20 de 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(40));

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por título' }), 'Nota 7');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Nota 7']));
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por título' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por título' }), 'nada disso');
    expect(await screen.findByText('Nenhum post com “nada disso” no título.')).toBeInTheDocument();
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
