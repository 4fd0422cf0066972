import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { pgrstError } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { renderAdmin } from '../test-utils';

const IN_STEP = '0a0a0a0a-0000-4000-8000-000000000001';
const LAGGING = '0a0a0a0a-0000-4000-8000-000000000002';

/** A linked pair in step, a pair whose English side lags, a post with no translation, one English post free to link. */
const posts = [
  buildPost({ id: 'dddddddd-0000-4000-8000-000000000001', title: 'Coletivas', language: 'pt', category: 'Relações com Mídia', translation_group: IN_STEP, created_at: '2024-03-05T12:00:00+00:00' }),
  buildPost({ id: 'dddddddd-0000-4000-8000-000000000002', title: 'Press conferences', language: 'en', category: 'Media Relations', translation_group: IN_STEP, created_at: '2024-03-06T12:00:00+00:00' }),
  buildPost({ id: 'dddddddd-0000-4000-8000-000000000003', title: 'Crise revista', language: 'pt', category: 'Comunicação de Crise', translation_group: LAGGING, created_at: '2024-03-04T12:00:00+00:00' }),
  buildPost({ id: 'dddddddd-0000-4000-8000-000000000004', title: 'Crisis, first draft', language: 'en', category: 'Crisis Communication', translation_group: LAGGING, translation_outdated: true, published: false, created_at: '2024-03-03T12:00:00+00:00' }),
  buildPost({ id: 'dddddddd-0000-4000-8000-000000000005', title: 'Sozinho', language: 'pt', category: 'Experiências Pessoais', read_time: '9 min', image_url: 'https://images.example.com/s.jpg', translation_group: null, created_at: '2024-03-02T12:00:00+00:00' }),
  buildPost({ id: 'dddddddd-0000-4000-8000-000000000006', title: 'Alone in English', language: 'en', category: 'Others', translation_group: null, created_at: '2024-03-01T12:00:00+00:00' }),
];

const card = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('li')!);

describe('translations in the admin panel', () => {
  it('each card says where its translation stands, with the other version’s title', async () => {
    const { user } = await renderAdmin(posts);
    const inStep = await card('Coletivas');
    expect(await inStep.findByText('Traduzido')).toBeInTheDocument();
    expect(inStep.getByText('Em inglês: “Press conferences”')).toBeInTheDocument();
    expect(inStep.queryByRole('button', { name: /^Traduzir/ })).not.toBeInTheDocument();

    const changed = await card('Crise revista');
    expect(await changed.findByText('Tradução desatualizada')).toBeInTheDocument();
    expect(changed.getByText('Em inglês: “Crisis, first draft” (rascunho)')).toBeInTheDocument();

    const alone = await card('Sozinho');
    expect(await alone.findByText('Sem tradução')).toBeInTheDocument();
    expect(alone.getByRole('button', { name: 'Traduzir para o inglês: Sozinho' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'English (3)' }));
    const lagging = await card('Crisis, first draft');
    expect(await lagging.findByText('A versão em português mudou')).toBeInTheDocument();
    expect(lagging.getByText('Em português: “Crise revista”')).toBeInTheDocument();
  });

  it('"Traduzir" opens "Criar Novo Post" in English, category mapped, same picture and read time, empty texts; saving creates the linked post', async () => {
    const group = '0a0a0a0a-0000-4000-8000-0000000000ff';
    const calls: string[] = [];
    let inserted: Record<string, unknown> | undefined;
    server.use(
      http.post(restUrl('rpc/ensure_translation_group'), async ({ request }) => {
        calls.push(`rpc ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(group);
      }),
      http.post(restUrl('blog_posts'), async ({ request }) => {
        inserted = (await request.json()) as Record<string, unknown>;
        calls.push('insert');
        return HttpResponse.json({ id: 'eeeeeeee-0000-4000-8000-000000000001', created_at: new Date().toISOString(), ...inserted }, { status: 201 });
      }),
    );
    const { user } = await renderAdmin(posts);
    await user.click((await card('Sozinho')).getByRole('button', { name: 'Traduzir para o inglês: Sozinho' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Criar Novo Post' }));
    expect(dialog.getByText(/Tradução de “Sozinho” \(português\)/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Idioma')).toHaveValue('en');
    expect(dialog.getByLabelText('Idioma')).toBeDisabled();
    expect(dialog.getByLabelText('Categoria')).toHaveValue('Personal Experiences');
    expect(dialog.getByLabelText('Tempo de Leitura')).toHaveValue('9 min');
    expect(dialog.getByLabelText('URL da Imagem')).toHaveValue('https://images.example.com/s.jpg');
    expect(dialog.getByRole('textbox', { name: 'Título' })).toHaveValue('');
    expect(dialog.getByLabelText('Conteúdo')).toHaveValue('');
    expect(dialog.getByRole('switch', { name: 'Publicado' })).not.toBeChecked();

    await user.type(dialog.getByRole('textbox', { name: 'Título' }), 'On my own');
    await user.click(dialog.getByRole('button', { name: 'Criar Post' }));
    expect(await screen.findByText('Post criado!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // First the original gets its group, then the translation is created in it.
    expect(calls).toEqual([`rpc {"post_id":"dddddddd-0000-4000-8000-000000000005"}`, 'insert']);
    expect(inserted).toMatchObject({
      title: 'On my own',
      language: 'en',
      category: 'Personal Experiences',
      read_time: '9 min',
      image_url: 'https://images.example.com/s.jpg',
      published: false,
      translation_group: group,
    });
  });

  it('a translation refused as a second one in its language says so, and keeps what she typed', async () => {
    server.use(
      http.post(restUrl('rpc/ensure_translation_group'), () => HttpResponse.json('0a0a0a0a-0000-4000-8000-0000000000ee')),
      http.post(restUrl('blog_posts'), () =>
        pgrstError(409, {
          code: '23505',
          message: 'This post is already linked to a post in the same language ("Other"): a post has at most one translation per language.',
          details: 'Post x already has language en in translation group y.',
        }),
      ),
    );
    const { user } = await renderAdmin(posts);
    await user.click((await card('Sozinho')).getByRole('button', { name: 'Traduzir para o inglês: Sozinho' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Criar Novo Post' }));
    await user.type(dialog.getByRole('textbox', { name: 'Título' }), 'Typed and kept');
    await user.click(dialog.getByRole('button', { name: 'Criar Post' }));
    expect(await screen.findByText('Erro ao criar post')).toBeInTheDocument();
    expect(screen.getByText('Este post já tem uma tradução nesse idioma. Desvincule a outra versão primeiro.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Título' })).toHaveValue('Typed and kept');
  });

  it('"Editar Post" shows the translation and unlinks it', async () => {
    let unlinked: { id: string | null; body: unknown } | undefined;
    server.use(
      http.patch(restUrl('blog_posts'), async ({ request }) => {
        unlinked = { id: new URL(request.url).searchParams.get('id'), body: await request.json() };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderAdmin(posts);
    await user.click((await card('Coletivas')).getByRole('button', { name: 'Editar post Coletivas' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    const panel = within(dialog.getByRole('region', { name: 'Tradução' }));
    expect(await panel.findByText('Em inglês: “Press conferences”')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Desvincular a tradução Press conferences' }));
    expect(await screen.findByText('Tradução desvinculada')).toBeInTheDocument();
    expect(unlinked).toEqual({ id: 'eq.dddddddd-0000-4000-8000-000000000001', body: { translation_group: null } });
  });

  it('"Editar Post" of a post without translation finds one to link; a post linked elsewhere cannot be taken', async () => {
    const group = '0a0a0a0a-0000-4000-8000-0000000000dd';
    const calls: string[] = [];
    server.use(
      http.post(restUrl('rpc/ensure_translation_group'), async ({ request }) => {
        calls.push(`rpc ${(await request.json() as { post_id: string }).post_id}`);
        return HttpResponse.json(group);
      }),
      http.patch(restUrl('blog_posts'), async ({ request }) => {
        const id = new URL(request.url).searchParams.get('id')!.replace('eq.', '');
        calls.push(`link ${id} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json([{ id }]);
      }),
    );
    const { user } = await renderAdmin(posts);
    await user.click((await card('Sozinho')).getByRole('button', { name: 'Editar post Sozinho' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    const panel = within(dialog.getByRole('region', { name: 'Tradução' }));
    expect(await panel.findByText('Sem tradução')).toBeInTheDocument();
    // Newest English posts first; the taken one says by whom, and its button is off.
    expect(await panel.findByRole('button', { name: 'Vincular a Press conferences' })).toBeDisabled();
    expect(panel.getByText('já vinculado a “Coletivas”')).toBeInTheDocument();
    await user.type(panel.getByRole('searchbox', { name: 'Vincular a um post em inglês' }), 'alone');
    await waitFor(() => expect(panel.queryByRole('button', { name: 'Vincular a Press conferences' })).not.toBeInTheDocument());
    await user.click(await panel.findByRole('button', { name: 'Vincular a Alone in English' }));
    expect(await screen.findByText('Tradução vinculada')).toBeInTheDocument();
    expect(calls).toEqual([
      'rpc dddddddd-0000-4000-8000-000000000005',
      `link dddddddd-0000-4000-8000-000000000006 {"translation_group":"${group}"}`,
    ]);
  });
});
