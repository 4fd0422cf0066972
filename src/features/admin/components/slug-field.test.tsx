import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { pgrstError } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin } from '../test-utils';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

const origin = () => window.location.origin;
const TAKEN = 'Este endereço já está em uso em português, por outro post ou pelo próprio site. Escolha outro.';
const FORMAT =
  'Use só letras minúsculas sem acento (a–z), números (0–9) e hífens entre as palavras, sem espaços, com até 80 caracteres.';
const EMPTY = 'Informe o endereço do post: palavras sem acento separadas por hífens, como comunicacao-de-crise.';

async function openNewPost(user: User) {
  await user.click(screen.getByRole('button', { name: 'Novo Post' }));
  return within(await screen.findByRole('dialog', { name: 'Criar Novo Post' }));
}

async function openEdit(user: User, title: string) {
  await user.click(await screen.findByRole('button', { name: `Editar post ${title}` }));
  return within(await screen.findByRole('dialog', { name: 'Editar Post' }));
}

/** Records every write to blog_posts; `answer` may refuse one. */
function captureWrites(answer?: (body: Record<string, unknown>) => Response | undefined) {
  const writes: { method: string; body: Record<string, unknown> }[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    writes.push({ method: request.method, body });
    const refusal = answer?.(body);
    if (refusal) return refusal;
    const row = { ...buildPost(), slug: 'made-by-the-database', ...body };
    return HttpResponse.json(request.method === 'POST' ? row : [row], { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(http.post(restUrl('blog_posts'), handle), http.patch(restUrl('blog_posts'), handle));
  return writes;
}

const slugField = (d: ReturnType<typeof within>) => d.getByRole('textbox', { name: 'Endereço do post' });

describe('"Endereço do post" in the post dialog (issue 23)', () => {
  it('a new post’s address follows its title (the database’s slugify), with the full address in its language', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Comunicação de Crise em 2024: o que aprendi');
    await waitFor(() => expect(slugField(d)).toHaveValue('comunicacao-de-crise-em-2024-o-que-aprendi'));
    expect(d.getByText(`${origin()}/en/comunicacao-de-crise-em-2024-o-que-aprendi`)).toBeInTheDocument();
    expect(slugField(d)).toHaveAccessibleDescription(expect.stringContaining(`${origin()}/en/comunicacao-de-crise-em-2024-o-que-aprendi`));
    expect(d.getByText(/Feito a partir do título/)).toBeInTheDocument();

    await user.selectOptions(d.getByLabelText('Idioma'), 'pt');
    expect(d.getByText(`${origin()}/pt/comunicacao-de-crise-em-2024-o-que-aprendi`)).toBeInTheDocument();

    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    await screen.findByText('Post criado!');
    // Untouched: not sent, so the database makes it (and adds -2 if the words are taken).
    expect(writes[0]!.body).not.toHaveProperty('slug');
  });

  it('once she types her own it stays hers and is sent; "Usar o título" goes back to the title’s', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Crise');
    await waitFor(() => expect(slugField(d)).toHaveValue('crise'));
    await user.clear(slugField(d));
    await user.type(slugField(d), 'gestao-de-crise');
    await user.type(d.getByRole('textbox', { name: 'Título' }), ' na prática');
    expect(await d.findByRole('button', { name: 'Usar o título' })).toBeInTheDocument();
    expect(slugField(d)).toHaveValue('gestao-de-crise');
    expect(d.getByText(`${origin()}/en/gestao-de-crise`)).toBeInTheDocument();

    await user.click(d.getByRole('button', { name: 'Usar o título' }));
    await waitFor(() => expect(slugField(d)).toHaveValue('crise-na-pratica'));
    await user.clear(slugField(d));
    await user.type(slugField(d), 'gestao-de-crise');
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    await screen.findByText('Post criado!');
    expect(writes[0]!.body).toMatchObject({ slug: 'gestao-de-crise', title: 'Crise na prática' });
  });

  it.each([
    ['', EMPTY],
    ['Gestão de Crise', FORMAT],
    ['crise_2024', FORMAT],
    ['-crise', FORMAT],
  ])('refuses “%s” before sending, on the field, keeping her text', async (typed, message) => {
    const writes = captureWrites();
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Crise');
    await user.type(d.getByLabelText('Conteúdo'), 'Meu texto inteiro');
    await waitFor(() => expect(slugField(d)).toHaveValue('crise'));
    await user.clear(slugField(d));
    if (typed) await user.type(slugField(d), typed);
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    expect(await d.findByText(message)).toBeInTheDocument();
    expect(slugField(d)).toHaveAttribute('aria-invalid', 'true');
    expect(slugField(d)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(slugField(d)).toHaveFocus();
    expect(writes).toEqual([]);
    expect(d.getByRole('textbox', { name: 'Título' })).toHaveValue('Crise');
    expect(d.getByLabelText('Conteúdo')).toHaveValue('Meu texto inteiro');
    // Typing again clears the message.
    await user.type(slugField(d), 'x');
    expect(d.queryByText(message)).not.toBeInTheDocument();
  });

  it.each([
    ['taken (23505 slug_taken)', { code: '23505', details: 'slug_taken', message: 'The address "crise" is already used in this language.' }, TAKEN],
    [
      'taken by a writer racing her (the unique constraint)',
      { code: '23505', details: 'Key (language, slug)=(pt, crise) already exists.', message: 'duplicate key value violates unique constraint "blog_posts_language_slug_key"' },
      TAKEN,
    ],
    ['malformed (23514 slug_format)', { code: '23514', details: 'slug_format', message: 'The address "crise" may hold only a-z…' }, FORMAT],
  ])('the database refuses it as %s: said on the field in Portuguese, the dialog keeps everything', async (_, error, message) => {
    const writes = captureWrites(() => pgrstError(error.code === '23505' ? 409 : 400, error));
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    const dialog = screen.getByRole('dialog', { name: 'Criar Novo Post' });
    await user.selectOptions(d.getByLabelText('Idioma'), 'pt');
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Crise');
    await user.type(d.getByLabelText('Conteúdo'), 'Meu texto inteiro');
    await waitFor(() => expect(slugField(d)).toHaveValue('crise'));
    await user.type(slugField(d), '-2024');
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    expect(await d.findByText(message)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.body).toMatchObject({ slug: 'crise-2024', language: 'pt' });
    await waitFor(() => expect(slugField(d)).toHaveFocus());
    expect(slugField(d)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Título' })).toHaveValue('Crise');
    expect(d.getByLabelText('Conteúdo')).toHaveValue('Meu texto inteiro');
    expect(slugField(d)).toHaveValue('crise-2024');
    // Not a toast as well: the message is where the fix is.
    expect(screen.queryByText('Erro ao criar post')).not.toBeInTheDocument();
    await user.type(slugField(d), 'b');
    expect(d.queryByText(message)).not.toBeInTheDocument();
  });

  it('editing: shows the post’s own slug; changing a published post’s says the old address keeps leading to it, and sends it', async () => {
    const post = adminPosts[0]!;
    const writes = captureWrites();
    const { user } = await renderAdmin();
    const d = await openEdit(user, post.title);
    expect(slugField(d)).toHaveValue('bastidores-de-uma-coletiva');
    expect(d.getByText(`${origin()}/pt/bastidores-de-uma-coletiva`)).toBeInTheDocument();
    // A published post's address does not follow its title.
    await user.type(d.getByRole('textbox', { name: 'Título' }), ' lotada');
    expect(await d.findByRole('button', { name: 'Usar o título' })).toBeInTheDocument();
    expect(slugField(d)).toHaveValue('bastidores-de-uma-coletiva');
    expect(d.queryByText('O endereço antigo continuará levando a este post.')).not.toBeInTheDocument();

    await user.clear(slugField(d));
    await user.type(slugField(d), 'coletiva');
    expect(d.getByText('O endereço antigo continuará levando a este post.')).toBeInTheDocument();
    expect(d.getByText(`${origin()}/pt/coletiva`)).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    expect(writes[0]!.body).toMatchObject({ slug: 'coletiva', title: 'Bastidores de uma coletiva lotada' });
  });

  it('editing without touching it sends no slug; a draft whose address was made from its title shows it following the title', async () => {
    const draft = adminPosts[1]!;
    const writes = captureWrites();
    const { user } = await renderAdmin();
    const d = await openEdit(user, draft.title);
    expect(slugField(d)).toHaveValue('rascunho-sobre-crises');
    const title = d.getByRole('textbox', { name: 'Título' });
    await user.clear(title);
    await user.type(title, 'Crises em três atos');
    await waitFor(() => expect(slugField(d)).toHaveValue('crises-em-tres-atos'));
    expect(d.queryByText('O endereço antigo continuará levando a este post.')).not.toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    // The database moves a draft's address with its title; nothing to send.
    expect(writes[0]!.body).not.toHaveProperty('slug');
  });
});
