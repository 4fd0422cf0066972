import { screen, waitFor, within } from '@testing-library/react';
import { refuse, renderFediverseTab, serveFediverse } from './test-fediverse';

const host = () => window.location.host;
const form = (language: 'Português' | 'English') => within(screen.getByRole('form', { name: `Conta em ${language}` }));

describe('"Fediverso": her accounts', () => {
  it('shows each language’s address on the site’s host', async () => {
    serveFediverse();
    await renderFediverseTab();
    expect(await screen.findByRole('form', { name: 'Conta em Português' })).toHaveTextContent(`Endereço: @pt@${host()}`);
    expect(form('English').getByRole('textbox', { name: 'Nome da conta' })).toHaveValue('en');
  });

  it('refuses a name the database would refuse, says why at the field, and sends nothing', async () => {
    const { calls } = serveFediverse();
    const { user } = await renderFediverseTab();
    const field = await screen.findAllByRole('textbox', { name: 'Nome da conta' }).then((fields) => fields[0]!);
    await user.clear(field);
    await user.type(field, 'Helena Duarte');
    await user.click(form('Português').getByRole('button', { name: 'Salvar' }));
    expect(field).toHaveAccessibleDescription(/Use só letras minúsculas sem acento, números e _ \(de 1 a 30 caracteres\)\./);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Helena Duarte');
    await user.clear(field);
    await user.type(field, 'a'.repeat(31));
    await user.click(form('Português').getByRole('button', { name: 'Salvar' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.accounts).toEqual([]);
  });

  it('refuses an earlier account that is not an https address', async () => {
    const { calls } = serveFediverse();
    const { user } = await renderFediverseTab();
    const field = (await screen.findAllByRole('textbox', { name: 'Conta anterior no Mastodon (opcional)' }))[0]!;
    await user.type(field, 'http://mastodon.social/@helena');
    await user.click(form('Português').getByRole('button', { name: 'Salvar' }));
    expect(field).toHaveAccessibleDescription(/Informe o endereço completo do perfil, começando com https:\/\/, ou o nome da conta/);
    expect(field).toHaveFocus();
    expect(calls.accounts).toEqual([]);
  });

  it('saves her earlier account without asking (the name did not change)', async () => {
    const { calls } = serveFediverse();
    const { user } = await renderFediverseTab();
    await user.type((await screen.findAllByRole('textbox', { name: 'Conta anterior no Mastodon (opcional)' }))[0]!, ' https://mastodon.social/@helena ');
    await user.click(form('Português').getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Conta atualizada')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.accounts).toEqual([{ language: 'pt', handle: 'pt', also_known_as: 'https://mastodon.social/@helena' }]);
  });

  it('asks before changing a name: the old address stops resolving; "Cancelar" changes nothing, "Mudar o nome" saves', async () => {
    const { calls } = serveFediverse();
    const { user } = await renderFediverseTab();
    const field = (await screen.findAllByRole('textbox', { name: 'Nome da conta' }))[0]!;
    await user.clear(field);
    await user.type(field, 'helena');
    await user.click(form('Português').getByRole('button', { name: 'Salvar' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Mudar o nome da conta?' });
    expect(dialog).toHaveTextContent(`O endereço @pt@${host()} deixará de funcionar`);
    expect(dialog).toHaveTextContent(`Divulgue o novo endereço, @helena@${host()}.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.accounts).toEqual([]);
    expect(field).toHaveValue('helena');

    await user.click(form('Português').getByRole('button', { name: 'Salvar' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Mudar o nome da conta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mudar o nome' }));
    expect(await screen.findByText(`Seu endereço no fediverso: @helena@${host()}`)).toBeInTheDocument();
    expect(calls.accounts).toEqual([{ language: 'pt', handle: 'helena', also_known_as: null }]);
    await waitFor(() => expect(screen.getByRole('form', { name: 'Conta em Português' })).toHaveTextContent(`Endereço: @helena@${host()}`));
  });

  it('the other account’s name is refused at the field, and what she typed stays', async () => {
    serveFediverse();
    const { user } = await renderFediverseTab();
    const field = (await screen.findAllByRole('textbox', { name: 'Nome da conta' }))[1]!;
    await user.clear(field);
    await user.type(field, 'pt');
    await user.click(form('English').getByRole('button', { name: 'Salvar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mudar o nome' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Este nome já é da conta do outro idioma\./));
    expect(field).toHaveValue('pt');
  });

  it('a refused save says why in a toast, in Portuguese, and keeps what she typed', async () => {
    serveFediverse();
    refuse('patch', 'fediverse_accounts', 403, '42501', 'permission denied for table fediverse_accounts');
    const { user } = await renderFediverseTab();
    const field = (await screen.findAllByRole('textbox', { name: 'Conta anterior no Mastodon (opcional)' }))[0]!;
    await user.type(field, 'https://mastodon.social/@helena');
    await user.click(form('Português').getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível salvar a conta')).toBeInTheDocument();
    expect(screen.getByText(/Sua conta não tem permissão para isso, ou a sessão expirou/)).toBeInTheDocument();
    expect(field).toHaveValue('https://mastodon.social/@helena');
  });
});
