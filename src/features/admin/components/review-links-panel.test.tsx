import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { pgrstAnswer, pgrstError } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin } from '../test-utils';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

// A draft: a review link is for any status.
const post = adminPosts[1]!;
const token = 'ab'.repeat(32);

async function openReviewLinks(user: User) {
  await user.click(await screen.findByRole('button', { name: `Editar post ${post.title}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Editar Post' });
  await user.click(within(dialog).getByRole('tab', { name: 'Link de revisão' }));
  return { dialog, panel: within(dialog).getByRole('tabpanel', { name: 'Link de revisão' }) };
}

// A type alias (not an interface): the PostgREST fake takes plain records.
type Link = {
  id: string;
  post_id: string;
  created_at: string;
  expires_at: string;
};

/** The links table and the rpc, as one small database: made, listed (live ones), revoked. */
function serveLinks(initial: Link[] = []) {
  const links = [...initial];
  const calls = { created: [] as unknown[], revoked: [] as string[] };
  server.use(
    http.get(restUrl('blog_post_review_links'), ({ request }) => {
      const url = new URL(request.url);
      expect(url.searchParams.get('post_id')).toBe(`eq.${post.id}`);
      const after = Date.parse(url.searchParams.get('expires_at')!.replace(/^gt\./, ''));
      return pgrstAnswer(request, links.filter((l) => Date.parse(l.expires_at) > after));
    }),
    http.post(restUrl('rpc/create_review_link'), async ({ request }) => {
      const body = (await request.json()) as { post_id: string; days: number };
      calls.created.push(body);
      const made = { id: `link-${links.length + 1}`, expires_at: '2026-11-27T15:00:00+00:00' };
      links.push({ ...made, post_id: body.post_id, created_at: '2026-11-24T15:00:00+00:00' });
      return HttpResponse.json([{ ...made, token }]);
    }),
    http.delete(restUrl('blog_post_review_links'), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!.replace(/^eq\./, '');
      calls.revoked.push(id);
      links.splice(links.findIndex((l) => l.id === id), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('"Link de revisão" in the post dialog', () => {
  // The fake's links are made on 24 November 2026 and live 3 days; on the
  // real clock they expired at 15:00 UTC on the 27th, and the panel, which
  // lists only links alive now, stopped showing them. Only Date is faked:
  // the library's waits and user-event keep their real timers.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T15:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes a link for the days she chose and shows its full address once, focused, with the expiry', async () => {
    const calls = serveLinks();
    const { user } = await renderAdmin();
    const { panel } = await openReviewLinks(user);
    const p = within(panel);
    expect(await p.findByText('Nenhum link ativo para este post.')).toBeInTheDocument();
    const days = p.getByRole('spinbutton', { name: 'Validade (dias)' });
    expect(days).toHaveValue(7);
    expect(days).toHaveAccessibleDescription('De 1 a 30 dias.');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(p.getByRole('button', { name: 'Criar link de revisão' }));

    const address = await p.findByRole('textbox', { name: 'Endereço do link' });
    expect(address).toHaveValue(`${window.location.origin}/preview?token=${token}`);
    expect(address).toHaveFocus();
    expect(address).toHaveAccessibleDescription(
      'Copie o link agora: por segurança, ele só é mostrado desta vez. Se perdê-lo, crie outro. Vale até 27 de novembro de 2026, 12:00.',
    );
    expect(calls.created).toEqual([{ post_id: post.id, days: 3 }]);
    const live = await p.findByRole('list', { name: 'Links ativos' });
    expect(within(live).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Vale até 27 de novembro de 2026, 12:00Revogar link']);
  });

  it('"Copiar link" puts the address on the clipboard; when the browser refuses, it says how to copy by hand', async () => {
    serveLinks();
    const { user } = await renderAdmin();
    const { panel } = await openReviewLinks(user);
    const p = within(panel);
    await user.click(await p.findByRole('button', { name: 'Criar link de revisão' }));
    await p.findByRole('textbox', { name: 'Endereço do link' });
    await user.click(p.getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByText('Link copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/preview?token=${token}`);
    expect(p.queryByRole('alert')).not.toBeInTheDocument();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await user.click(p.getByRole('button', { name: 'Copiar link' }));
    expect(await p.findByRole('alert')).toHaveTextContent(
      'Não foi possível copiar automaticamente. Selecione o endereço acima e copie com Ctrl+C (⌘+C no Mac).',
    );
    expect(p.getByRole('textbox', { name: 'Endereço do link' })).toHaveFocus();
  });

  it('refuses days outside 1–30 on the field, asking nothing of the database', async () => {
    const calls = serveLinks();
    const { user } = await renderAdmin();
    const { panel } = await openReviewLinks(user);
    const p = within(panel);
    const days = await p.findByRole('spinbutton', { name: 'Validade (dias)' });
    for (const typed of ['0', '31', '']) {
      await user.clear(days);
      if (typed) await user.type(days, typed);
      await user.click(p.getByRole('button', { name: 'Criar link de revisão' }));
      expect(days).toHaveAttribute('aria-invalid', 'true');
      expect(days).toHaveAccessibleDescription('Escolha de 1 a 30 dias. De 1 a 30 dias.');
      expect(days).toHaveFocus();
    }
    expect(calls.created).toEqual([]);
  });

  it.each([
    ['22023', 'A review link lives from 1 to 30 days.', 'Um link de revisão vale de 1 a 30 dias.'],
    ['P0002', 'There is no such post.', 'Este post não existe mais: pode ter sido apagado em outro lugar.'],
    ['42501', 'Only the admin makes review links.', /^Sua conta não tem permissão para isso, ou a sessão expirou/],
  ])('says a refusal (%s) in Portuguese', async (code, message, said) => {
    serveLinks();
    server.use(http.post(restUrl('rpc/create_review_link'), () => pgrstError(400, { code, message })));
    const { user } = await renderAdmin();
    const { panel } = await openReviewLinks(user);
    await user.click(await within(panel).findByRole('button', { name: 'Criar link de revisão' }));
    expect(await screen.findByText('Não foi possível criar o link')).toBeInTheDocument();
    expect(screen.getByText(said)).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'Endereço do link' })).not.toBeInTheDocument();
  });

  it('lists only the live links; "Revogar link" deletes one by id, takes it off the list (and the address shown) and says so', async () => {
    const calls = serveLinks([
      { id: 'old', post_id: post.id, created_at: '2020-01-01T12:00:00Z', expires_at: '2020-01-08T12:00:00Z' },
      { id: 'live', post_id: post.id, created_at: '2026-11-20T12:00:00Z', expires_at: '2099-12-01T12:00:00Z' },
    ]);
    const { user } = await renderAdmin();
    const { panel } = await openReviewLinks(user);
    const p = within(panel);
    const live = await p.findByRole('list', { name: 'Links ativos' });
    expect(within(live).getAllByRole('listitem')).toHaveLength(1);
    await user.click(p.getByRole('button', { name: 'Criar link de revisão' }));
    await p.findByRole('textbox', { name: 'Endereço do link' });
    await waitFor(() => expect(within(live).getAllByRole('listitem')).toHaveLength(2));

    await user.click(p.getByRole('button', { name: 'Revogar link que vale até 1 de dezembro de 2099, 09:00' }));
    expect(await screen.findByText('Link revogado')).toBeInTheDocument();
    await waitFor(() => expect(within(live).getAllByRole('listitem')).toHaveLength(1));
    expect(p.getByRole('heading', { name: 'Links ativos' })).toHaveFocus();
    // The address on screen was another link's: it stays.
    expect(p.getByRole('textbox', { name: 'Endereço do link' })).toBeInTheDocument();

    await user.click(p.getByRole('button', { name: 'Revogar link que vale até 27 de novembro de 2026, 12:00' }));
    await waitFor(() => expect(p.getByText('Nenhum link ativo para este post.')).toBeInTheDocument());
    expect(p.queryByRole('textbox', { name: 'Endereço do link' })).not.toBeInTheDocument();
    expect(calls.revoked).toEqual(['live', 'link-3']);
  });

  it('a failed revocation says so and keeps the link listed', async () => {
    serveLinks([{ id: 'live', post_id: post.id, created_at: '2026-11-20T12:00:00Z', expires_at: '2099-12-01T12:00:00Z' }]);
    server.use(http.delete(restUrl('blog_post_review_links'), () => pgrstError(403, { code: '42501', message: 'permission denied' })));
    const { user } = await renderAdmin();
    const { panel } = await openReviewLinks(user);
    await user.click(await within(panel).findByRole('button', { name: /^Revogar link que vale até/ }));
    expect(await screen.findByText('Não foi possível revogar o link')).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
  });
});
