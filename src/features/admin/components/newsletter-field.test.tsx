import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin } from '../test-utils';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

const dialog = () => within(screen.getByRole('dialog'));
const newsletterSwitch = () => dialog().getByRole('switch', { name: 'Enviar aos assinantes' });

/** What each save sent to blog_posts. */
function captureWrites() {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post(restUrl('blog_posts'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ id: 'bbbbbbbb-0000-4000-8000-000000000009', created_at: new Date().toISOString(), ...body }, { status: 201 });
    }),
    http.patch(restUrl('blog_posts'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ ...adminPosts[0], ...body });
    }),
  );
  return sent;
}

/** newsletter_sends as the database holds it: these posts went out at these instants. */
function serveSends(rows: { post_id: string; queued_at: string }[] = []) {
  const asked: string[] = [];
  server.use(
    http.get(restUrl('newsletter_sends'), ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('post_id') ?? '');
      return pgrstAnswer(request, selectRows(rows, new URL(request.url)));
    }),
  );
  return asked;
}

async function openPost(user: User, title: string) {
  await user.click(await screen.findByRole('button', { name: `Editar post ${title}` }));
  await screen.findByRole('dialog', { name: 'Editar Post' });
}

const imported = buildPost({
  id: 'aaaaaaaa-0000-4000-8000-0000000000a1',
  title: 'Eleições de 2010',
  origin_source: 'wordpress',
  origin_id: '11',
  published: true,
  date: '2010-03-15T15:00:00+00:00',
});
const old = buildPost({ id: 'aaaaaaaa-0000-4000-8000-0000000000a2', title: 'Post antigo', published: true, date: '2024-03-15T12:00:00+00:00' });
const sentPost = buildPost({ id: 'aaaaaaaa-0000-4000-8000-0000000000a3', title: 'Já enviado', published: true, newsletter: true, date: '2026-11-20T11:00:00+00:00' });
const unpublishedAfterSend = buildPost({ id: 'aaaaaaaa-0000-4000-8000-0000000000a4', title: 'Tirado do ar', published: false, newsletter: true, date: '2026-11-18T12:00:00+00:00' });
const draftToSend = buildPost({ id: 'aaaaaaaa-0000-4000-8000-0000000000a5', title: 'Rascunho para enviar', published: false, newsletter: true, date: '2026-11-01T12:00:00+00:00' });
const posts = [imported, old, sentPost, unpublishedAfterSend, draftToSend];

describe('"Enviar aos assinantes" in the post dialog (issue 25)', () => {
  it('a new post has it on, says when the mail goes, and saving sends newsletter: true', async () => {
    const sent = captureWrites();
    const { user } = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Novo Post' }));
    await screen.findByRole('dialog', { name: 'Criar Novo Post' });
    expect(newsletterSwitch()).toBeChecked();
    expect(newsletterSwitch()).toBeEnabled();
    expect(newsletterSwitch()).toHaveAccessibleDescription('Quando for publicado, vai por email aos assinantes em inglês, uma vez só.');
    await user.selectOptions(dialog().getByLabelText('Idioma'), 'pt');
    await user.click(dialog().getByRole('switch', { name: 'Publicado' }));
    expect(newsletterSwitch()).toHaveAccessibleDescription('Ao salvar, vai por email aos assinantes em português, uma vez só.');
    // Nothing to test before it is saved.
    expect(dialog().queryByRole('button', { name: 'Enviar teste para mim' })).not.toBeInTheDocument();
    await user.type(dialog().getByRole('textbox', { name: 'Título' }), 'Novo');
    await user.click(dialog().getByRole('button', { name: 'Criar Post' }));
    await screen.findByText('Post criado!');
    expect(sent[0]).toMatchObject({ newsletter: true, published: true, language: 'pt' });
  });

  it('she may turn it off for a new post: saving sends newsletter: false', async () => {
    const sent = captureWrites();
    const { user } = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Novo Post' }));
    await screen.findByRole('dialog', { name: 'Criar Novo Post' });
    await user.click(newsletterSwitch());
    expect(newsletterSwitch()).not.toBeChecked();
    expect(newsletterSwitch()).toHaveAccessibleDescription('Não vai por email aos assinantes.');
    await user.type(dialog().getByRole('textbox', { name: 'Título' }), 'Só no site');
    await user.click(dialog().getByRole('button', { name: 'Criar Post' }));
    await screen.findByText('Post criado!');
    expect(sent[0]).toMatchObject({ newsletter: false });
  });

  it('an imported post: off and disabled, with the reason; saving keeps it false (the database forbids true); no test mail', async () => {
    const sent = captureWrites();
    const asked = serveSends();
    const { user } = await renderAdmin(posts);
    await openPost(user, imported.title);
    expect(newsletterSwitch()).not.toBeChecked();
    expect(newsletterSwitch()).toBeDisabled();
    expect(newsletterSwitch()).toHaveAccessibleDescription(
      'Posts importados não vão por email: os leitores já os receberam na plataforma de origem.',
    );
    expect(dialog().queryByRole('button', { name: 'Enviar teste para mim' })).not.toBeInTheDocument();
    await user.type(dialog().getByRole('textbox', { name: 'Título' }), '!');
    await user.click(dialog().getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    expect(sent[0]).toMatchObject({ newsletter: false });
    expect(asked).toEqual([]);
  });

  it('a post already public, dated in the past, opens with it off; turning it on says the mail goes on saving', async () => {
    const sent = captureWrites();
    serveSends();
    const { user } = await renderAdmin(posts);
    await openPost(user, old.title);
    expect(newsletterSwitch()).not.toBeChecked();
    expect(newsletterSwitch()).toBeEnabled();
    await user.click(newsletterSwitch());
    expect(newsletterSwitch()).toHaveAccessibleDescription('Ao salvar, vai por email aos assinantes em português, uma vez só.');
    await user.click(dialog().getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    expect(sent[0]).toMatchObject({ newsletter: true });
  });

  it('a post that went out says when instead of a switch: it never goes twice', async () => {
    const asked = serveSends([{ post_id: sentPost.id, queued_at: '2026-11-20T11:00:05+00:00' }]);
    const { user } = await renderAdmin(posts);
    await openPost(user, sentPost.title);
    expect(await dialog().findByText('Enviado aos assinantes em 20 de novembro de 2026, 08:00. Um post vai por email uma vez só.')).toBeInTheDocument();
    expect(dialog().queryByRole('switch', { name: 'Enviar aos assinantes' })).not.toBeInTheDocument();
    expect(asked).toEqual([`eq.${sentPost.id}`]);
  });

  it('a post sent and then taken down is still "Enviado": the sends table remembers it', async () => {
    serveSends([{ post_id: unpublishedAfterSend.id, queued_at: '2026-11-18T12:00:00+00:00' }]);
    const { user } = await renderAdmin(posts);
    await openPost(user, unpublishedAfterSend.title);
    expect(await dialog().findByText(/^Enviado aos assinantes em 18 de novembro de 2026, 09:00\./)).toBeInTheDocument();
    expect(dialog().queryByRole('switch', { name: 'Enviar aos assinantes' })).not.toBeInTheDocument();
  });

  it('a draft she marked to send keeps her choice when opened again, whatever its date', async () => {
    serveSends();
    const { user } = await renderAdmin(posts);
    await openPost(user, draftToSend.title);
    await waitFor(() => expect(newsletterSwitch()).toBeEnabled());
    expect(newsletterSwitch()).toBeChecked();
    expect(newsletterSwitch()).toHaveAccessibleDescription('Quando for publicado, vai por email aos assinantes em português, uma vez só.');
  });

  it('when it cannot tell whether the post went out, the switch waits, disabled, and says so', async () => {
    server.use(http.get(restUrl('newsletter_sends'), () => pgrstError(500, { code: 'XX000', message: 'boom' })));
    const { user } = await renderAdmin(posts);
    await openPost(user, draftToSend.title);
    await waitFor(() =>
      expect(newsletterSwitch()).toHaveAccessibleDescription(
        'Não foi possível verificar se este post já foi enviado aos assinantes. Feche e abra o post de novo.',
      ),
    );
    expect(newsletterSwitch()).toBeDisabled();
  });
});

describe('"Enviar teste para mim"', () => {
  it('queues the saved post to her address and says so with it', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post(restUrl('rpc/newsletter_send_test'), async ({ request }) => {
        calls.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    serveSends();
    const { user } = await renderAdmin(posts);
    await openPost(user, old.title);
    const button = dialog().getByRole('button', { name: 'Enviar teste para mim' });
    expect(button).toHaveAccessibleDescription('Manda para o seu email a versão salva deste post, como os assinantes vão recebê-la.');
    await user.click(button);
    expect(await screen.findByText('Teste enviado para ana@example.com')).toBeInTheDocument();
    expect(calls).toEqual([{ post: old.id }]);
    // The dialog stays: a test is not a save.
    expect(screen.getByRole('dialog', { name: 'Editar Post' })).toBeInTheDocument();
  });

  it.each([
    [429, 'PT429', 'newsletter_test_limit', 'Você já enviou 20 testes na última hora. Aguarde um pouco e tente de novo.'],
    [404, 'PT404', 'newsletter_unknown_post', 'Este post não existe mais: pode ter sido apagado em outro lugar.'],
    [403, '42501', 'permission denied for function newsletter_send_test', 'Sua conta não tem permissão para isso, ou a sessão expirou.'],
  ])('a %s (%s %s) is said in Portuguese', async (status, code, message, said) => {
    server.use(http.post(restUrl('rpc/newsletter_send_test'), () => pgrstError(status, { code, message })));
    serveSends();
    const { user } = await renderAdmin(posts);
    await openPost(user, old.title);
    await user.click(dialog().getByRole('button', { name: 'Enviar teste para mim' }));
    expect(await screen.findByText('Não foi possível enviar o teste')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${said.replace(/[.?]/g, '\\$&')}`))).toBeInTheDocument();
  });

  it('without a connection, says so', async () => {
    server.use(http.post(restUrl('rpc/newsletter_send_test'), () => HttpResponse.error()));
    serveSends();
    const { user } = await renderAdmin(posts);
    await openPost(user, old.title);
    await user.click(dialog().getByRole('button', { name: 'Enviar teste para mim' }));
    expect(await screen.findByText('Sem conexão com o servidor. Verifique sua internet e tente de novo.')).toBeInTheDocument();
  });
});
