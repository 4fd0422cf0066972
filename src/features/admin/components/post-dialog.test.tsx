import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { postKeys } from '@/features/posts/api/keys';
import { restUrl } from '@/testing/api';
import { pgrstError } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin, serveAdminPosts } from '../test-utils';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

async function openNewPost(user: User) {
  await user.click(screen.getByRole('button', { name: 'Novo Post' }));
  return screen.findByRole('dialog', { name: 'Criar Novo Post' });
}

/** Captures what the insert sent. */
function captureInsert() {
  const sent: { body?: Record<string, unknown> } = {};
  server.use(
    http.post(restUrl('blog_posts'), async ({ request }) => {
      sent.body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ id: 'bbbbbbbb-0000-4000-8000-000000000001', created_at: new Date().toISOString(), ...sent.body }, { status: 201 });
    }),
  );
  return sent;
}

describe('the post dialog', () => {
  it("opens 'Criar Novo Post' with the defaults: English, '5 min', unpublished", async () => {
    const { user } = await renderAdmin();
    const dialog = await openNewPost(user);
    const d = within(dialog);
    expect(d.getByLabelText('Idioma')).toHaveValue('en');
    expect(d.getByLabelText('Categoria')).toHaveValue('');
    expect(d.getByRole('textbox', { name: 'Título' })).toHaveValue('');
    expect(d.getByLabelText('Resumo')).toHaveAttribute('rows', '3');
    expect(d.getByLabelText('Conteúdo')).toHaveAttribute('rows', '8');
    expect(d.getByLabelText('Tempo de Leitura')).toHaveValue('5 min');
    expect(d.getByLabelText('URL da Imagem')).toHaveValue('');
    expect(d.getByRole('switch', { name: 'Publicado' })).not.toBeChecked();
    expect(d.getByRole('button', { name: 'Criar Post' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });

  it("offers only the chosen language's categories, and clears the category when the language changes", async () => {
    const { user } = await renderAdmin();
    const d = within(await openNewPost(user));
    const options = () => within(d.getByLabelText('Categoria')).getAllByRole('option').map((o) => o.textContent);
    expect(options()).toEqual(['Selecione uma categoria', 'Media Relations', 'Crisis Communication', 'Personal Experiences', 'Others']);
    await user.selectOptions(d.getByLabelText('Categoria'), 'Crisis Communication');
    expect(d.getByLabelText('Categoria')).toHaveValue('Crisis Communication');
    await user.selectOptions(d.getByLabelText('Idioma'), 'pt');
    expect(d.getByLabelText('Categoria')).toHaveValue('');
    expect(options()).toEqual(['Selecione uma categoria', 'Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros']);
  });

  it('requires the title and sends nothing without it', async () => {
    const sent = captureInsert();
    const { user } = await renderAdmin();
    const d = within(await openNewPost(user));
    await user.type(d.getByLabelText('Resumo'), 'Só o resumo');
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    expect(d.getByText('Informe o título.')).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Título' })).toHaveFocus();
    expect(d.getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent.body).toBeUndefined();
  });

  it("creates with the date set to now, toasts 'Post criado!', closes and resets to the defaults", async () => {
    const sent = captureInsert();
    const { user } = await renderAdmin();
    const d = within(await openNewPost(user));
    await user.selectOptions(d.getByLabelText('Idioma'), 'pt');
    await user.selectOptions(d.getByLabelText('Categoria'), 'Outros');
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Novo texto');
    await user.type(d.getByLabelText('Resumo'), 'Resumo novo');
    await user.type(d.getByLabelText('Conteúdo'), 'Corpo');
    await user.clear(d.getByLabelText('Tempo de Leitura'));
    await user.type(d.getByLabelText('Tempo de Leitura'), '3 min');
    await user.type(d.getByLabelText('URL da Imagem'), 'https://images.example.com/a.jpg');
    await user.type(d.getByLabelText('Descrição da imagem'), 'Microfones numa mesa');
    await user.click(d.getByRole('switch', { name: 'Publicado' }));
    const before = Date.now();
    await user.click(d.getByRole('button', { name: 'Criar Post' }));

    expect(await screen.findByText('Post criado!')).toBeInTheDocument();
    expect(screen.getByText('O post foi criado com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const { date, ...fields } = sent.body!;
    expect(fields).toEqual({
      title: 'Novo texto',
      excerpt: 'Resumo novo',
      content: 'Corpo',
      category: 'Outros',
      read_time: '3 min',
      image_url: 'https://images.example.com/a.jpg',
      image_alt: 'Microfones numa mesa',
      language: 'pt',
      published: true,
      newsletter: true,
    });
    expect(Date.parse(date as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(date as string)).toBeLessThanOrEqual(Date.now());

    const again = within(await openNewPost(user));
    expect(again.getByRole('textbox', { name: 'Título' })).toHaveValue('');
    expect(again.getByLabelText('Idioma')).toHaveValue('en');
    expect(again.getByLabelText('Tempo de Leitura')).toHaveValue('5 min');
    expect(again.getByRole('switch', { name: 'Publicado' })).not.toBeChecked();
  });

  it("keeps the dialog open with everything typed when the create fails ('Erro ao criar post')", async () => {
    server.use(
      http.post(restUrl('blog_posts'), () =>
        pgrstError(403, { code: '42501', message: 'new row violates row-level security policy for table "blog_posts"' }),
      ),
    );
    const { user } = await renderAdmin();
    const dialog = await openNewPost(user);
    const d = within(dialog);
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Não salvo');
    await user.type(d.getByLabelText('Conteúdo'), 'Texto longo');
    await user.click(d.getByRole('switch', { name: 'Publicado' }));
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    expect(await screen.findByText('Erro ao criar post')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível criar o post.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Título' })).toHaveValue('Não salvo');
    expect(d.getByLabelText('Conteúdo')).toHaveValue('Texto longo');
    expect(d.getByRole('switch', { name: 'Publicado' })).toBeChecked();
    expect(d.getByRole('button', { name: 'Criar Post' })).toBeEnabled();
  });

  it("edits: 'Editar Post' filled from the post, sends the fields by id without the date, toasts 'Post atualizado!'", async () => {
    const post = adminPosts[1]!;
    let sent: Record<string, unknown> | undefined;
    let target = '';
    server.use(
      http.patch(restUrl('blog_posts'), async ({ request }) => {
        target = new URL(request.url).searchParams.get('id') ?? '';
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...post, ...sent });
      }),
    );
    const { user } = await renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Editar post ${post.title}` }));
    const d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    expect(d.getByLabelText('Idioma')).toHaveValue('pt');
    expect(d.getByLabelText('Categoria')).toHaveValue('Comunicação de Crise');
    expect(d.getByRole('textbox', { name: 'Título' })).toHaveValue(post.title);
    expect(d.getByLabelText('Resumo')).toHaveValue('');
    expect(d.getByRole('switch', { name: 'Publicado' })).not.toBeChecked();
    await user.clear(d.getByRole('textbox', { name: 'Título' }));
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Crises, revisto');
    await user.click(d.getByRole('switch', { name: 'Publicado' }));
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));

    expect(await screen.findByText('Post atualizado!')).toBeInTheDocument();
    expect(screen.getByText('O post foi atualizado com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(target).toBe(`eq.${post.id}`);
    expect(sent).toEqual({
      title: 'Crises, revisto',
      excerpt: '',
      content: post.content,
      category: 'Comunicação de Crise',
      read_time: post.read_time,
      image_url: null,
      image_alt: null,
      language: 'pt',
      published: true,
      newsletter: false,
    });
    expect(sent).not.toHaveProperty('date');
  });

  it("keeps the edit open when the update fails ('Erro ao atualizar post')", async () => {
    server.use(http.patch(restUrl('blog_posts'), () => pgrstError(500, { code: 'XX000', message: 'boom' })));
    const { user } = await renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Editar post ${adminPosts[0]!.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Post' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar Post' }));
    expect(await screen.findByText('Erro ao atualizar post')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível atualizar o post.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Título' })).toHaveValue(`${adminPosts[0]!.title}!`);
  });

  it('refuses to save over a change made elsewhere: her text stays; "Salvar mesmo assim" saves over the newer version', async () => {
    const post = adminPosts[0]!;
    const newer = { ...post, title: 'Título do celular', updated_at: '2026-05-05T10:00:00+00:00' };
    const rows = adminPosts.map((p) => (p.id === post.id ? newer : p));
    const saves: (string | null)[] = [];
    server.use(
      http.patch(restUrl('blog_posts'), async ({ request }) => {
        const expected = new URL(request.url).searchParams.get('updated_at');
        saves.push(expected);
        // No row of that version: PostgREST answers an empty list.
        if (expected !== `eq.${newer.updated_at}`) return HttpResponse.json([]);
        return HttpResponse.json([{ ...newer, ...((await request.json()) as object) }]);
      }),
    );
    const { user } = await renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Editar post ${post.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Post' });
    const title = within(dialog).getByRole('textbox', { name: 'Título' });
    await user.clear(title);
    await user.type(title, 'Título do laptop');
    // Her phone saved meanwhile.
    serveAdminPosts(rows);
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar Post' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Este post foi alterado em outro lugar');
    expect(title).toHaveValue('Título do laptop');
    expect(screen.getByRole('dialog', { name: 'Editar Post' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Salvar mesmo assim' }));
    expect(await screen.findByText('Post atualizado!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saves).toEqual([`eq.${post.updated_at}`, `eq.${newer.updated_at}`]);
  });

  it('"Carregar a outra versão" puts the newer version in the form', async () => {
    const post = adminPosts[0]!;
    const newer = { ...post, title: 'Título do celular', updated_at: '2026-05-05T10:00:00+00:00' };
    server.use(
      http.patch(restUrl('blog_posts'), () => HttpResponse.json([])),
    );
    const { user } = await renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Editar post ${post.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Post' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), '!');
    serveAdminPosts(adminPosts.map((p) => (p.id === post.id ? newer : p)));
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar Post' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Carregar a outra versão' }));
    expect(within(dialog).getByRole('textbox', { name: 'Título' })).toHaveValue('Título do celular');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('invalidates the public post queries, so the site shows the change at once', async () => {
    captureInsert();
    const { user, queryClient } = await renderAdmin();
    queryClient.setQueryData(postKeys.publicList('pt', 'all', 1), []);
    const d = within(await openNewPost(user));
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Visível já');
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    await screen.findByText('Post criado!');
    expect(queryClient.getQueryState(postKeys.publicList('pt', 'all', 1))?.isInvalidated).toBe(true);
  });

  it('Cancelar closes at once when nothing was changed', async () => {
    const { user } = await renderAdmin();
    const d = within(await openNewPost(user));
    await user.click(d.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('with unsaved changes, closing asks first: "Continuar editando" keeps them, "Descartar" closes without saving', async () => {
    const sent = captureInsert();
    const { user } = await renderAdmin();
    const d = within(await openNewPost(user));
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Desisti');
    await user.click(d.getByRole('button', { name: 'Cancelar' }));
    const ask = within(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' }));
    expect(ask.getByText('O que você mudou neste post ainda não foi salvo e será perdido.')).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const dialog = within(screen.getByRole('dialog', { name: 'Criar Novo Post' }));
    expect(dialog.getByRole('textbox', { name: 'Título' })).toHaveValue('Desisti');

    // Esc asks too.
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent.body).toBeUndefined();
    // The next opening starts from the defaults.
    expect(within(await openNewPost(user)).getByRole('textbox', { name: 'Título' })).toHaveValue('');
  });
});
