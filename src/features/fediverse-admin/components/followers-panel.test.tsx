import { screen, waitFor, within } from '@testing-library/react';
import { buildFollower, refuse, renderFediverseTab, serveFediverse } from './test-fediverse';

const table = (language: 'Português' | 'English') => within(screen.getByRole('table', { name: new RegExp(`^Seguidores da conta em ${language}`) }));
const accounts = (language: 'Português' | 'English') => table(language).getAllByRole('rowheader').map((cell) => cell.textContent);

const followers = () => [
  buildFollower({ handle: '@ana@social.example', name: 'Ana', server: 'social.example', followed_at: '2026-11-02T12:00:00+00:00' }),
  buildFollower({ handle: '@bia@spam.example', name: null, actor_id: 'https://spam.example/users/bia', server: 'spam.example', followed_at: '2026-11-03T12:00:00+00:00' }),
  buildFollower({ handle: '@carl@social.example', name: 'Carl', language: 'en', server: 'social.example' }),
];

describe('"Fediverso": followers and blocks', () => {
  it('lists each account’s followers with their server and date, newest first, and counts them', async () => {
    serveFediverse({ followers: followers() });
    await renderFediverseTab();
    await screen.findByRole('table', { name: /^Seguidores da conta em Português/ });
    expect(accounts('Português')).toEqual(['@bia@spam.example', '@ana@social.exampleAna']);
    const row = table('Português').getByRole('rowheader', { name: /@ana@social\.example/ }).closest('tr')!;
    expect([...row.cells].slice(1, 3).map((c) => c.textContent)).toEqual(['social.example', '02/11/2026']);
    expect(screen.getByRole('heading', { name: /Seguidores da conta em Português \(2 seguidores\)/ })).toBeInTheDocument();
    expect(accounts('English')).toEqual(['@carl@social.exampleCarl']);
  });

  it('removing asks first; "Cancelar" removes nothing; "Remover" calls fediverse_remove_follower with the id, and the focus goes to the panel', async () => {
    const rows = followers();
    const { calls } = serveFediverse({ followers: rows });
    const { user } = await renderFediverseTab();
    await user.click(await screen.findByRole('button', { name: 'Remover @ana@social.example' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remover seguidor?' });
    expect(dialog).toHaveTextContent('@ana@social.example deixará de seguir você, e o servidor dessa pessoa será avisado.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.removals).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remover @ana@social.example' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remover seguidor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Seguidor removido')).toBeInTheDocument();
    expect(calls.removals).toEqual([rows[0]!.id]);
    await waitFor(() => expect(accounts('Português')).toEqual(['@bia@spam.example']));
    expect(screen.getByRole('heading', { name: 'Seguidores' })).toHaveFocus();
  });

  it('a refused removal says why in Portuguese and keeps the follower', async () => {
    serveFediverse({ followers: followers() });
    refuse('post', 'rpc/fediverse_remove_follower', 403, '42501', 'only the admin may remove followers');
    const { user } = await renderFediverseTab();
    await user.click(await screen.findByRole('button', { name: 'Remover @ana@social.example' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Não foi possível remover o seguidor')).toBeInTheDocument();
    expect(screen.getByText(/Sua conta não tem permissão para isso/)).toBeInTheDocument();
    expect(accounts('Português')).toContain('@ana@social.exampleAna');
  });

  it('blocks a follower’s server after asking: its followers leave, the block is listed, and unblocking removes it', async () => {
    const { calls } = serveFediverse({ followers: followers() });
    const { user } = await renderFediverseTab();
    await user.click(await screen.findByRole('button', { name: 'Bloquear spam.example' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Bloquear servidor?' });
    expect(dialog).toHaveTextContent('Ninguém de spam.example poderá seguir você nem responder aos seus posts.');
    await user.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Servidor bloqueado')).toBeInTheDocument();
    expect(calls.blocks).toEqual([{ kind: 'server', value: 'spam.example' }]);
    await waitFor(() => expect(accounts('Português')).toEqual(['@ana@social.exampleAna']));
    const blocks = within(await screen.findByRole('table', { name: 'Servidores e pessoas bloqueados' }));
    expect(blocks.getByRole('rowheader', { name: 'spam.example' }).closest('tr')).toHaveTextContent('Servidor');

    await user.click(blocks.getByRole('button', { name: 'Desbloquear spam.example' }));
    expect(await screen.findByText('Desbloqueado')).toBeInTheDocument();
    expect(calls.unblocks).toHaveLength(1);
    expect(await screen.findByText('Nenhum servidor ou pessoa bloqueado.')).toBeInTheDocument();
  });

  it('blocks a server by its name (an address or @name@server pasted works too), refusing what is not one', async () => {
    const { calls } = serveFediverse();
    const { user } = await renderFediverseTab();
    const field = await screen.findByRole('textbox', { name: 'Bloquear um servidor' });
    await user.type(field, 'não é um servidor');
    await user.click(screen.getByRole('button', { name: 'Bloquear' }));
    expect(field).toHaveAccessibleDescription('Informe só o nome do servidor, como exemplo.social.');
    expect(calls.blocks).toEqual([]);

    await user.clear(field);
    await user.type(field, 'https://Spam.Example/@someone');
    await user.click(screen.getByRole('button', { name: 'Bloquear' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Bloquear servidor?' })).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Servidor bloqueado')).toBeInTheDocument();
    expect(calls.blocks).toEqual([{ kind: 'server', value: 'spam.example' }]);
    expect(field).toHaveValue('');
  });

  it('finds an older follower among the newest 100 by handle, name or server, says how many match, and removes them', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      buildFollower({ handle: `@leitor${i}@social.example`, name: null, followed_at: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T12:00:00+00:00` }));
    const maria = buildFollower({ handle: '@maria@antigo.example', name: 'Maria (100% leitora)', server: 'antigo.example', actor_id: 'https://antigo.example/users/maria', followed_at: '2023-05-01T12:00:00+00:00' });
    const { calls } = serveFediverse({ followers: [...many, maria] });
    const { user } = await renderFediverseTab();
    await screen.findByRole('table', { name: /^Seguidores da conta em Português/ });
    expect(screen.getByText('Mostrando os 100 mais recentes de 121.')).toBeInTheDocument();
    expect(accounts('Português')).not.toContain('@maria@antigo.exampleMaria (100% leitora)');

    const search = screen.getByRole('searchbox', { name: 'Procurar seguidores da conta em Português' });
    await user.type(search, 'ANTIGO');
    await waitFor(() => expect(accounts('Português')).toEqual(['@maria@antigo.exampleMaria (100% leitora)']));
    expect(screen.getByRole('status')).toHaveTextContent('1 seguidor encontrado.');
    // The heading still counts the whole account.
    expect(screen.getByRole('heading', { name: /Seguidores da conta em Português \(121 seguidores\)/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover @maria@antigo.example' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remover seguidor?' })).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Seguidor removido')).toBeInTheDocument();
    expect(calls.removals).toEqual([maria.id]);
    expect(await screen.findByText('Nenhum seguidor desta conta corresponde a “ANTIGO”.')).toBeInTheDocument();
  });

  it('a search takes what she types literally: % matches a percent sign, not anything', async () => {
    serveFediverse({ followers: [
      buildFollower({ handle: '@maria@antigo.example', name: 'Maria (100% leitora)' }),
      buildFollower({ handle: '@cem@social.example', name: 'Leitora 100 por cento' }),
    ] });
    const { user } = await renderFediverseTab();
    await user.type(await screen.findByRole('searchbox', { name: 'Procurar seguidores da conta em Português' }), '100%');
    await waitFor(() => expect(accounts('Português')).toEqual(['@maria@antigo.exampleMaria (100% leitora)']));
    await user.type(screen.getByRole('searchbox', { name: 'Procurar seguidores da conta em Português' }), ' e mais');
    expect(await screen.findByText('Nenhum seguidor desta conta corresponde a “100% e mais”.')).toBeInTheDocument();
  });
});
