import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { postKeys } from '@/features/posts/api/keys';
import { restUrl } from '@/testing/api';
import { pgrstAnswer, pgrstError } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import type { Tables } from '@/types/database.types';
import { adminPosts, renderAdmin } from '../test-utils';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

const published = adminPosts[0]!;

async function openPost(user: User, title = published.title) {
  await user.click(await screen.findByRole('button', { name: `Editar post ${title}` }));
  return screen.findByRole('dialog', { name: 'Editar Post' });
}

async function openCorrections(user: User) {
  const dialog = await openPost(user);
  await user.click(within(dialog).getByRole('tab', { name: 'Correções' }));
  return within(dialog).getByRole('tabpanel', { name: 'Correções' });
}

/** The corrections table as a small database: listed oldest first, added, withdrawn. */
function serveCorrections(initial: Tables<'blog_post_corrections'>[] = []) {
  const rows = [...initial];
  const calls = { added: [] as unknown[], withdrawn: [] as string[] };
  server.use(
    http.get(restUrl('blog_post_corrections'), ({ request }) => {
      const url = new URL(request.url);
      expect(url.searchParams.get('post_id')).toBe(`eq.${published.id}`);
      expect(url.searchParams.get('order')).toBe('created_at.asc,id.asc');
      return pgrstAnswer(request, rows);
    }),
    http.post(restUrl('blog_post_corrections'), async ({ request }) => {
      const body = (await request.json()) as { post_id: string; note: string };
      calls.added.push(body);
      rows.push({ id: `c${rows.length + 1}`, created_at: '2026-11-24T15:00:00+00:00', ...body });
      return new HttpResponse(null, { status: 201 });
    }),
    http.delete(restUrl('blog_post_corrections'), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!.replace(/^eq\./, '');
      calls.withdrawn.push(id);
      rows.splice(rows.findIndex((r) => r.id === id), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('"Correções" in the post dialog', () => {
  it('is offered for a published post only', async () => {
    const { user } = await renderAdmin();
    const draft = await openPost(user, adminPosts[1]!.title);
    expect(within(draft).getByRole('tab', { name: 'Histórico' })).toBeInTheDocument();
    expect(within(draft).queryByRole('tab', { name: 'Correções' })).not.toBeInTheDocument();
  });

  it('says where the note appears and that no mail goes; adds the trimmed note, counts its characters, lists it with its date', async () => {
    const calls = serveCorrections();
    const { user, queryClient } = await renderAdmin();
    const panel = within(await openCorrections(user));
    expect(await panel.findByText('Este post não tem correções.')).toBeInTheDocument();
    const note = panel.getByRole('textbox', { name: 'Texto da correção' });
    expect(note).toHaveAttribute('maxlength', '500');
    expect(note).toHaveAccessibleDescription(
      'A correção aparece no fim do post, com a data de hoje: “Correção (24 de novembro de 2026): …”. O post não é enviado de novo aos assinantes. 0 de 500 caracteres',
    );
    await user.type(note, '  O prazo era de 24 horas.  ');
    expect(panel.getByText('28 de 500 caracteres')).toBeInTheDocument();
    queryClient.setQueryData(postKeys.detail('pt', published.slug), published);
    await user.click(panel.getByRole('button', { name: 'Adicionar correção' }));

    expect(await screen.findByText('Correção publicada')).toBeInTheDocument();
    expect(calls.added).toEqual([{ post_id: published.id, note: 'O prazo era de 24 horas.' }]);
    const list = await panel.findByRole('list', { name: 'Correções publicadas' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '24 de novembro de 2026, 12:00: O prazo era de 24 horas.Retirar',
    ]);
    expect(note).toHaveValue('');
    // The public page in this browser shows it at once.
    expect(queryClient.getQueryState(postKeys.detail('pt', published.slug))?.isInvalidated).toBe(true);
  });

  it('refuses an empty note on the field, sending nothing', async () => {
    const calls = serveCorrections();
    const { user } = await renderAdmin();
    const panel = within(await openCorrections(user));
    const note = await panel.findByRole('textbox', { name: 'Texto da correção' });
    await user.type(note, '   ');
    await user.click(panel.getByRole('button', { name: 'Adicionar correção' }));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(expect.stringMatching(/^Escreva a correção \(até 500 caracteres\)\./));
    expect(note).toHaveFocus();
    expect(calls.added).toEqual([]);
  });

  it('says a refusal by the database in Portuguese and keeps the note', async () => {
    serveCorrections();
    server.use(
      http.post(restUrl('blog_post_corrections'), () =>
        pgrstError(403, { code: '42501', message: 'new row violates row-level security policy for table "blog_post_corrections"' }),
      ),
    );
    const { user } = await renderAdmin();
    const panel = within(await openCorrections(user));
    await user.type(await panel.findByRole('textbox', { name: 'Texto da correção' }), 'Nota');
    await user.click(panel.getByRole('button', { name: 'Adicionar correção' }));
    expect(await screen.findByText('Não foi possível adicionar a correção')).toBeInTheDocument();
    expect(screen.getByText(/^Só um post publicado recebe correções\./)).toBeInTheDocument();
    expect(panel.getByRole('textbox', { name: 'Texto da correção' })).toHaveValue('Nota');
  });

  it('withdraws a correction after asking; "Cancelar" keeps it', async () => {
    const calls = serveCorrections([
      { id: 'c1', post_id: published.id, note: 'Primeira correção.', created_at: '2026-11-20T12:00:00+00:00' },
      { id: 'c2', post_id: published.id, note: 'Segunda correção.', created_at: '2026-11-22T12:00:00+00:00' },
    ]);
    const { user } = await renderAdmin();
    const panel = within(await openCorrections(user));
    const list = await panel.findByRole('list', { name: 'Correções publicadas' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(panel.getByRole('button', { name: 'Retirar a correção de 20 de novembro de 2026, 09:00' }));
    let ask = within(await screen.findByRole('alertdialog', { name: 'Retirar esta correção?' }));
    expect(ask.getByText(/^“Primeira correção\.” Ela deixa de aparecer no fim do post\./)).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.withdrawn).toEqual([]);

    await user.click(panel.getByRole('button', { name: 'Retirar a correção de 20 de novembro de 2026, 09:00' }));
    ask = within(await screen.findByRole('alertdialog'));
    await user.click(ask.getByRole('button', { name: 'Retirar correção' }));
    expect(await screen.findByText('Correção retirada')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('Segunda correção.');
    expect(calls.withdrawn).toEqual(['c1']);
  });
});

describe('deleting a post', () => {
  it('the question says how many earlier versions, and that its corrections and review links, go with it', async () => {
    let counted = '';
    server.use(
      http.head(restUrl('blog_post_revisions'), ({ request }) => {
        counted = new URL(request.url).searchParams.get('post_id') ?? '';
        return pgrstAnswer(request, Array.from({ length: 4 }, (_, id) => ({ id })));
      }),
    );
    const { user } = await renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Deletar post ${published.title}` }));
    const ask = await screen.findByRole('alertdialog', { name: 'Tem certeza que deseja deletar este post?' });
    await waitFor(() =>
      expect(ask).toHaveAccessibleDescription(
        `${published.title}As 4 versões anteriores do histórico, as correções e os links de revisão deste post também serão apagados. Não é possível desfazer.`,
      ),
    );
    expect(counted).toBe(`eq.${published.id}`);
  });

  it('without the count (refused), still says what goes with the post', async () => {
    server.use(http.head(restUrl('blog_post_revisions'), () => pgrstError(500, { code: 'XX000', message: 'boom' })));
    const { user } = await renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Deletar post ${published.title}` }));
    const ask = await screen.findByRole('alertdialog', { name: 'Tem certeza que deseja deletar este post?' });
    expect(within(ask).getByText(/^As versões anteriores do histórico, as correções e os links de revisão deste post também serão apagados\./)).toBeInTheDocument();
  });
});
