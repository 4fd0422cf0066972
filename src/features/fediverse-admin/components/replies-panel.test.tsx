import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { server } from '@/testing/server';
import { buildReply, renderFediverseTab, serveFediverse } from './test-fediverse';

const list = () => within(screen.getByRole('list', { name: 'Respostas esperando moderação' }));
const authors = () => list().getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('"Respostas do fediverso"', () => {
  it('shows each pending reply with its post, author, avatar as a link, date, text and the original', async () => {
    serveFediverse({
      replies: [
        buildReply({ content: '<p>Ótimo texto! <a href="https://social.example/tags/pr" rel="nofollow noopener noreferrer ugc">#pr</a></p>' }),
        buildReply({ author_name: 'Carla', author_handle: '@carla@outro.example', actor_id: 'https://outro.example/users/carla', state: 'approved' }),
      ],
    });
    await renderFediverseTab();
    const reply = await screen.findByRole('article', { name: 'Bob' });
    expect(reply).toHaveTextContent('Em “Bastidores de uma coletiva”');
    expect(reply).toHaveTextContent('@bob@social.example');
    expect(within(reply).getByRole('link', { name: 'Perfil de Bob' })).toHaveAttribute('href', 'https://social.example/@bob');
    expect(within(reply).getByRole('link', { name: '#pr' })).toHaveAttribute('href', 'https://social.example/tags/pr');
    expect(within(reply).getByRole('link', { name: 'Ver original' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/social\.example\/@bob\//));
    expect(within(reply).getByText(/20\/11\/2026/)).toBeInTheDocument();
    // Only pending ones wait for her.
    expect(authors()).toEqual(['Bob']);
  });

  it('never puts markup that is not the sanitiser’s into the page: it is shown as text', async () => {
    serveFediverse({ replies: [buildReply({ content: '<p>oi</p><img src=x onerror="window.hacked=1">', avatar_url: 'javascript:alert(1)' })] });
    await renderFediverseTab();
    const reply = await screen.findByRole('article', { name: 'Bob' });
    expect(reply.querySelector('img[onerror]')).toBeNull();
    expect(reply).toHaveTextContent('oi');
    expect(within(reply).queryByRole('link', { name: 'Perfil de Bob' })).not.toBeInTheDocument();
  });

  it('approves and rejects: the reply leaves the list, the focus goes to the panel', async () => {
    const first = buildReply();
    const second = buildReply({ author_name: 'Carla', author_handle: '@carla@outro.example', actor_id: 'https://outro.example/users/carla' });
    const { calls, state } = serveFediverse({ replies: [first, second] });
    const { user } = await renderFediverseTab();
    await user.click(await screen.findByRole('button', { name: 'Aprovar a resposta de Bob' }));
    expect(await screen.findByText('Resposta aprovada')).toBeInTheDocument();
    await waitFor(() => expect(authors()).toEqual(['Carla']));
    expect(screen.getByRole('heading', { name: 'Respostas do fediverso' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Rejeitar a resposta de Carla' }));
    expect(await screen.findByText('Resposta rejeitada')).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma resposta esperando moderação.')).toBeInTheDocument();
    expect(calls.moderations).toEqual([
      { id: first.id, state: 'approved', moderated_at: expect.any(String) },
      { id: second.id, state: 'rejected', moderated_at: expect.any(String) },
    ]);
    expect(state.replies.map((r) => r.state)).toEqual(['approved', 'rejected']);
  });

  it('blocks the author after asking: their pending replies go', async () => {
    const { calls } = serveFediverse({ replies: [buildReply(), buildReply({ content: '<p>De novo</p>' }), buildReply({ author_name: 'Carla', actor_id: 'https://outro.example/users/carla' })] });
    const { user } = await renderFediverseTab();
    await user.click((await screen.findAllByRole('button', { name: 'Bloquear autor Bob' }))[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Bloquear autor?' });
    expect(dialog).toHaveTextContent('Bob não poderá mais seguir você nem responder aos seus posts.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.blocks).toEqual([]);
    await user.click(screen.getAllByRole('button', { name: 'Bloquear autor Bob' })[0]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Autor bloqueado')).toBeInTheDocument();
    expect(calls.blocks).toEqual([{ kind: 'actor', value: 'https://social.example/users/bob' }]);
    await waitFor(() => expect(authors()).toEqual(['Carla']));
  });

  it('an approval that never reached the server says so in Portuguese, and the reply stays to be moderated', async () => {
    serveFediverse({ replies: [buildReply()] });
    server.use(http.patch(restUrl('fediverse_replies'), () => HttpResponse.error()));
    const { user } = await renderFediverseTab();
    await user.click(await screen.findByRole('button', { name: 'Aprovar a resposta de Bob' }));
    expect(await screen.findByText('Não foi possível moderar a resposta')).toBeInTheDocument();
    expect(screen.getByText(/Sem conexão com o servidor/)).toBeInTheDocument();
    expect(authors()).toEqual(['Bob']);
    expect(screen.getByRole('button', { name: 'Aprovar a resposta de Bob' })).toBeEnabled();
  });

  it('shows the likes and boosts of each post', async () => {
    serveFediverse({ reactions: [{ post_id: 'aaaaaaaa-0000-4000-8000-000000000003', likes: 2, boosts: 5 }, { post_id: 'aaaaaaaa-0000-4000-8000-000000000001', likes: 12, boosts: 3 }] });
    await renderFediverseTab();
    const table = within(await screen.findByRole('table', { name: 'Curtidas e compartilhamentos por post' }));
    expect(table.getAllByRole('row').slice(1).map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.textContent))).toEqual([
      ['Bastidores de uma coletiva', '12', '3'],
      ['Press relations 101', '2', '5'],
    ]);
  });
});
