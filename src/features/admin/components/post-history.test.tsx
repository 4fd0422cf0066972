import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { postKeys } from '@/features/posts/api/keys';
import type { Revision } from '../api/post-history';
import { adminPosts, renderAdmin, serveAdminPosts } from '../test-utils';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

const post = {
  ...adminPosts[0]!,
  content: 'Primeiro parágrafo.\n\nTerceiro parágrafo.',
  updated_at: '2026-11-24T15:00:00+00:00',
};
const posts = [post, ...adminPosts.slice(1)];

/** A version of `post` that a save replaced; ids grow with time, as the database's identity does. */
function revision(id: number, overrides: Partial<Revision> = {}): Revision {
  return {
    id,
    post_id: post.id,
    saved_at: '2026-11-24T12:00:00+00:00',
    replaced_at: '2026-11-24T15:00:00+00:00',
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    read_time: post.read_time,
    image_url: post.image_url,
    image_alt: post.image_alt,
    slug: post.slug,
    published: post.published,
    date: post.date,
    ...overrides,
  };
}

/** Serves the versions as PostgREST would, newest (highest id) first; the fake's order compares text, so ids are sorted here. */
function serveRevisions(rows: Revision[]) {
  server.use(
    http.get(restUrl('blog_post_revisions'), ({ request }) => {
      const url = new URL(request.url);
      expect(url.searchParams.get('order')).toBe('id.desc');
      url.searchParams.delete('order');
      return pgrstAnswer(request, selectRows([...rows].sort((a, b) => b.id - a.id), url));
    }),
  );
}

async function openHistory(user: User) {
  await user.click(await screen.findByRole('button', { name: `Editar post ${post.title}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Editar Post' });
  await user.click(within(dialog).getByRole('tab', { name: 'Histórico' }));
  return { dialog, panel: within(dialog).getByRole('tabpanel', { name: 'Histórico' }) };
}

/** Captures the saves (PATCH blog_posts): the filters and the body; answers with the saved row. */
function captureSaves(answer: 'saved' | 'conflict' = 'saved') {
  const saves: { filters: Record<string, string>; body: Record<string, unknown> }[] = [];
  server.use(
    http.patch(restUrl('blog_posts'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saves.push({ filters: Object.fromEntries(new URL(request.url).searchParams), body });
      if (answer === 'conflict') return HttpResponse.json([]);
      const saved = { ...post, ...body, updated_at: '2026-11-24T16:00:00+00:00' };
      serveAdminPosts(posts.map((p) => (p.id === post.id ? saved : p)));
      return pgrstAnswer(request, [saved]);
    }),
  );
  return saves;
}

const older = revision(1, {
  saved_at: '2026-11-20T11:30:00+00:00',
  title: 'Bastidores de uma coletiva de imprensa',
  content: 'Primeiro parágrafo.\n\nSegundo parágrafo com cinco palavras.\n\nTerceiro parágrafo.',
  read_time: '3 min',
});

describe('"Histórico" in the post dialog', () => {
  it('lists the versions newest first with their date and time and the words the next save added and removed', async () => {
    serveRevisions([
      older,
      revision(2, { saved_at: '2026-11-22T18:05:00+00:00', content: 'Primeiro parágrafo.\n\nTerceiro parágrafo.', excerpt: 'Outro resumo.' }),
    ]);
    const { user } = await renderAdmin(posts);
    const { panel } = await openHistory(user);
    const p = within(panel);
    expect(await p.findByText('Versão atual, salva em 24 de novembro de 2026, 12:00')).toBeInTheDocument();
    const rows = within(p.getByRole('list', { name: 'Versões anteriores' })).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      // Replaced by the current post: only its excerpt changed ("Outro resumo." → "O que ninguém vê.").
      expect.stringMatching(/^Versão de 22 de novembro de 2026, 15:05: \+4 palavras−2 palavras/),
      // Replaced by the one above: "de imprensa" out of the title, the excerpt rewritten, "Segundo parágrafo com cinco palavras." gone.
      expect.stringMatching(/^Versão de 20 de novembro de 2026, 08:30: \+2 palavras−11 palavras/),
    ]);
    // Screen readers hear the counts in words, not the signs.
    expect(rows[1]).toHaveAccessibleName(
      'Versão de 20 de novembro de 2026, 08:30: 2 palavras acrescentadas e 11 removidas pela versão seguinte',
    );
  });

  it('shows a chosen version beside the current text, the differences marked for eyes and screen readers, and the other fields that differ', async () => {
    serveRevisions([older]);
    const { user } = await renderAdmin(posts);
    const { panel } = await openHistory(user);
    await user.click(await within(panel).findByRole('button', { name: /^Versão de 20 de novembro de 2026, 08:30/ }));
    const heading = within(panel).getByRole('heading', { name: 'Versão de 20 de novembro de 2026, 08:30 comparada com a atual' });
    expect(heading).toHaveFocus();
    const removed = panel.querySelectorAll('del');
    expect([...removed].map((d) => d.textContent)).toEqual([
      'início do trecho só nesta versão: Segundo parágrafo com cinco palavras.\n\n (fim do trecho só nesta versão)',
    ]);
    expect(panel.querySelectorAll('ins')).toHaveLength(0);
    const thisVersion = within(panel).getByRole('heading', { name: 'Esta versão' }).parentElement!;
    expect(thisVersion).toHaveTextContent(
      'Esta versãoPrimeiro parágrafo. início do trecho só nesta versão: Segundo parágrafo com cinco palavras. (fim do trecho só nesta versão)Terceiro parágrafo.',
    );
    const current = within(panel).getByRole('heading', { name: 'Versão atual' }).parentElement!;
    expect(current).toHaveTextContent('Versão atualPrimeiro parágrafo. Terceiro parágrafo.');
    const fields = within(panel).getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
    expect(fields).toEqual([
      'Título: nesta versão: Bastidores de uma coletiva de imprensa; agora: Bastidores de uma coletiva',
      'Tempo de Leitura: nesta versão: 3 min; agora: 6 min',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Voltar à lista de versões' }));
    expect(within(panel).getByRole('button', { name: /^Versão de 20 de novembro de 2026, 08:30/ })).toHaveFocus();
  });

  it('"Restaurar esta versão" saves its text fields over the current post (guarded by its updated_at), then the form shows them', async () => {
    serveRevisions([older]);
    const saves = captureSaves();
    const { user } = await renderAdmin(posts);
    const { dialog, panel } = await openHistory(user);
    await user.click(await within(panel).findByRole('button', { name: /^Versão de 20 de novembro/ }));
    await user.click(within(panel).getByRole('button', { name: 'Restaurar esta versão' }));

    expect(await screen.findByText('Versão restaurada')).toBeInTheDocument();
    expect(screen.getByText('O post voltou a essa versão. A que estava antes continua no histórico.')).toBeInTheDocument();
    expect(saves).toEqual([
      {
        filters: expect.objectContaining({ id: `eq.${post.id}`, updated_at: `eq.${post.updated_at}` }),
        body: {
          title: older.title,
          excerpt: older.excerpt,
          content: older.content,
          category: older.category,
          read_time: older.read_time,
          image_url: older.image_url,
          image_alt: older.image_alt,
        },
      },
    ]);
    // The address and the publication stay as they are: not even sent.
    expect(saves[0]!.body).not.toHaveProperty('slug');
    expect(saves[0]!.body).not.toHaveProperty('published');
    expect(saves[0]!.body).not.toHaveProperty('date');

    const editTab = within(dialog).getByRole('tab', { name: 'Post' });
    await waitFor(() => expect(editTab).toHaveFocus());
    expect(editTab).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Título' })).toHaveValue(older.title);
    expect(within(dialog).getByLabelText('Conteúdo')).toHaveValue(older.content);
    expect(within(dialog).getByLabelText('Tempo de Leitura')).toHaveValue('3 min');

    // The next save of the form stands on the restored version.
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    expect(saves[1]!.filters.updated_at).toBe('eq.2026-11-24T16:00:00+00:00');
  });

  it('with unsaved changes in the form, asks before replacing them; "Continuar editando" keeps them and saves nothing', async () => {
    serveRevisions([older]);
    const saves = captureSaves();
    const { user } = await renderAdmin(posts);
    await user.click(await screen.findByRole('button', { name: `Editar post ${post.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Post' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), ' (rascunho meu)');
    await user.click(within(dialog).getByRole('tab', { name: 'Histórico' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'Histórico' });
    await user.click(await within(panel).findByRole('button', { name: /^Versão de 20 de novembro/ }));
    await user.click(within(panel).getByRole('button', { name: 'Restaurar esta versão' }));

    const ask = within(await screen.findByRole('alertdialog', { name: 'Substituir as alterações não salvas?' }));
    expect(ask.getByText('O formulário tem mudanças que você ainda não salvou. Restaurar esta versão as descarta.')).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(saves).toEqual([]);
    await user.click(within(dialog).getByRole('tab', { name: 'Post' }));
    expect(within(dialog).getByRole('textbox', { name: 'Título' })).toHaveValue(`${post.title} (rascunho meu)`);

    await user.click(within(dialog).getByRole('tab', { name: 'Histórico' }));
    await user.click(within(panel).getByRole('button', { name: 'Restaurar esta versão' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Descartar e restaurar' }));
    expect(await screen.findByText('Versão restaurada')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Título' })).toHaveValue(older.title);
  });

  it('a save made elsewhere since the history was read refuses the restore: it says so and the form is untouched', async () => {
    serveRevisions([older]);
    captureSaves('conflict');
    const { user } = await renderAdmin(posts);
    const { dialog, panel } = await openHistory(user);
    await user.click(await within(panel).findByRole('button', { name: /^Versão de 20 de novembro/ }));
    await user.click(within(panel).getByRole('button', { name: 'Restaurar esta versão' }));
    expect(await screen.findByText('Não foi possível restaurar a versão')).toBeInTheDocument();
    expect(screen.getByText(/^Nada foi restaurado: o post foi salvo em outro lugar/)).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Histórico' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Título', hidden: true })).toHaveValue(post.title);
  });

  it('a save from another device while she compares: the comparison keeps to what she saw, says the post moved, and the restore is refused, not saved over it', async () => {
    serveRevisions([older]);
    const saves = captureSaves('conflict');
    const { user, queryClient } = await renderAdmin(posts);
    const { panel } = await openHistory(user);
    await user.click(await within(panel).findByRole('button', { name: /^Versão de 20 de novembro/ }));
    // Her phone saves; the live panel refetches every post query.
    const phone = { ...post, content: 'Texto salvo no celular.', updated_at: '2026-11-24T15:30:00+00:00' };
    serveAdminPosts(posts.map((p) => (p.id === post.id ? phone : p)));
    await queryClient.invalidateQueries({ queryKey: postKeys.all });
    expect(await within(panel).findByText(/^O post foi salvo de novo desde que você abriu esta comparação/)).toBeInTheDocument();
    const current = within(panel).getByRole('heading', { name: 'Versão atual' }).parentElement!;
    expect(current).toHaveTextContent('Versão atualPrimeiro parágrafo. Terceiro parágrafo.');
    await user.click(within(panel).getByRole('button', { name: 'Restaurar esta versão' }));
    expect(await screen.findByText('Não foi possível restaurar a versão')).toBeInTheDocument();
    // Guarded by the version she compared with, not the phone's.
    expect(saves.map((save) => save.filters.updated_at)).toEqual([`eq.${post.updated_at}`]);
  });

  it('shows 50 versions at a time; "Carregar versões mais antigas" brings the rest', async () => {
    serveRevisions(Array.from({ length: 53 }, (_, i) => revision(i + 1, { saved_at: new Date(Date.UTC(2026, 9, 1 + i, 12)).toISOString() })));
    const { user } = await renderAdmin(posts);
    const { panel } = await openHistory(user);
    const list = await within(panel).findByRole('list', { name: 'Versões anteriores' });
    expect(within(list).getAllByRole('button')).toHaveLength(50);
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent(/^Versão de 22 de novembro de 2026/);
    await user.click(within(panel).getByRole('button', { name: 'Carregar versões mais antigas' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(53));
    expect(within(list).getAllByRole('button')[52]).toHaveTextContent(/^Versão de 1 de outubro de 2026/);
    expect(within(panel).queryByRole('button', { name: 'Carregar versões mais antigas' })).not.toBeInTheDocument();
  });

  it('says when there is no earlier version yet', async () => {
    const { user } = await renderAdmin(posts);
    const { panel } = await openHistory(user);
    expect(await within(panel).findByText(/^Nenhuma versão anterior ainda/)).toBeInTheDocument();
  });

  it('says when the history cannot be read', async () => {
    server.use(http.get(restUrl('blog_post_revisions'), () => pgrstError(500, { code: 'XX000', message: 'boom' })));
    const { user } = await renderAdmin(posts);
    const { panel } = await openHistory(user);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Não foi possível carregar o histórico deste post.');
  });

  it('a new post has no sections: the form alone', async () => {
    const { user } = await renderAdmin(posts);
    await user.click(screen.getByRole('button', { name: 'Novo Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar Novo Post' });
    expect(within(dialog).queryByRole('tablist', { name: 'Seções do post' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Histórico' })).not.toBeInTheDocument();
  });
});
