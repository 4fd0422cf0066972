import { screen, waitFor, within } from '@testing-library/react';
import { buildClip, renderClipsTab, serveClips } from './test-clips';

const ADDRESS = 'https://www1.folha.uol.com.br/mercado/2019/05/bancos-digitais.shtml';

async function openAdd() {
  const served = serveClips();
  const app = await renderClipsTab();
  await app.user.click(screen.getByRole('button', { name: 'Adicionar publicação' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adicionar publicação' });
  return { ...served, ...app, dialog };
}

describe('"Adicionar publicação"', () => {
  it('reads the page through a preview job, polled until done, and fills the form for her to check; what the page lacked stays empty', async () => {
    const { user, dialog, calls, control } = await openAdd();
    control.worker = () => ({
      state: 'done',
      result: {
        url: ADDRESS,
        title: 'Bancos digitais disputam clientes',
        outlet: 'Folha de S.Paulo',
        byline: 'Ana Souza',
        published_on: '2019-05-10T08:00:00-03:00',
        language: 'pt-BR',
        summary: null,
      },
    });
    await user.click(within(dialog).getByRole('textbox', { name: 'Endereço da matéria' }));
    await user.paste(ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Buscar dados' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Buscando a página…');
    expect(calls.jobs).toEqual([[expect.objectContaining({ kind: 'preview', input: ADDRESS })]]);
    const title = await within(dialog).findByRole('textbox', { name: /Título/ }, { timeout: 4000 });
    expect(title).toHaveValue('Bancos digitais disputam clientes');
    expect(within(dialog).getByRole('textbox', { name: 'Veículo' })).toHaveValue('Folha de S.Paulo');
    expect(within(dialog).getByRole('textbox', { name: 'Assinatura' })).toHaveValue('Ana Souza');
    expect(within(dialog).getByLabelText('Data de publicação')).toHaveValue('2019-05-10');
    expect(within(dialog).getByRole('combobox', { name: /Idioma/ })).toHaveValue('pt');
    expect(within(dialog).getByRole('textbox', { name: 'Resumo' })).toHaveValue('');
    expect(within(dialog).getByText(/Confira os dados encontrados/)).toHaveFocus();

    // She completes what was missing and saves: the clip with her fields, then its copy is asked for.
    await user.click(within(dialog).getByRole('textbox', { name: 'Resumo' }));
    await user.paste('Como os bancos digitais mudaram o varejo.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Publicação adicionada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.inserts).toEqual([
      {
        url: ADDRESS,
        title: 'Bancos digitais disputam clientes',
        outlet: 'Folha de S.Paulo',
        outlet_logo_url: null,
        byline: 'Ana Souza',
        published_on: '2019-05-10',
        language: 'pt',
        summary: 'Como os bancos digitais mudaram o varejo.',
        image_alt: null,
        status: 'published',
        featured: false,
        newsletter: false,
        kind: 'web',
        source: 'url',
      },
    ]);
    const clipId = (await screen.findByRole('heading', { name: 'Bancos digitais disputam clientes', level: 3 })) && calls.jobs[1]?.[0]?.clip_id;
    expect(calls.jobs[1]).toEqual([expect.objectContaining({ kind: 'archive', input: ADDRESS, clip_id: clipId })]);
    expect(clipId).toMatch(/^c11c/);
  });

  it('says why the page could not be read, keeps the address, and lets her fill the clip by hand', async () => {
    const { user, dialog, control, calls } = await openAdd();
    control.worker = () => ({ state: 'failed', error: 'Endereço recusado: aponta para uma rede privada.' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Endereço da matéria' }));
    await user.paste(ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Buscar dados' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Não foi possível ler a página: Endereço recusado: aponta para uma rede privada. Você pode preencher à mão.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Endereço da matéria' })).toHaveValue(ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Preencher à mão' }));
    expect(within(dialog).getByRole('textbox', { name: 'Endereço do original' })).toHaveValue(ADDRESS);
    // She goes on typing where the form starts.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Endereço do original' })).toHaveFocus());
    await user.click(within(dialog).getByRole('textbox', { name: /Título/ }));
    await user.paste('Uma matéria que saiu do ar');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.inserts).toHaveLength(1));
    expect(calls.inserts[0]).toMatchObject({ url: ADDRESS, title: 'Uma matéria que saiu do ar', kind: 'web', source: 'manual' });
  });

  it('refuses what is not an address before asking the server anything', async () => {
    const { user, dialog, calls } = await openAdd();
    await user.click(within(dialog).getByRole('textbox', { name: 'Endereço da matéria' }));
    await user.paste('ftp://example.com/a.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar dados' }));
    const field = within(dialog).getByRole('textbox', { name: 'Endereço da matéria' });
    expect(field).toHaveAccessibleDescription('Informe um endereço completo, começando com http:// ou https://.');
    expect(field).toHaveValue('ftp://example.com/a.pdf');
    expect(calls.jobs).toEqual([]);
  });

  it('saves a clip typed by hand without an address (no job), and asks for the title first', async () => {
    const { user, dialog, calls } = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Preencher à mão' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Veículo' }));
    await user.paste('Jornal do Commercio');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByRole('textbox', { name: /Título/ })).toHaveAccessibleDescription('Informe o título.');
    expect(calls.inserts).toEqual([]);
    await user.click(within(dialog).getByRole('textbox', { name: /Título/ }));
    await user.paste('A cheia de 1996');
    await user.click(within(dialog).getByLabelText('Data de publicação'));
    await user.paste('1996-02-14');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'hidden');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.inserts).toHaveLength(1));
    expect(calls.inserts[0]).toMatchObject({
      url: null,
      title: 'A cheia de 1996',
      outlet: 'Jornal do Commercio',
      published_on: '1996-02-14',
      status: 'hidden',
      kind: 'print',
      source: 'manual',
    });
    expect(calls.jobs).toEqual([]);
  });

  it('keeps every field she typed when the address is already one of her clips', async () => {
    const served = serveClips([buildClip({ url: ADDRESS, title: 'Já listada' })]);
    const { user } = await renderClipsTab();
    await user.click(screen.getByRole('button', { name: 'Adicionar publicação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar publicação' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Endereço da matéria' }));
    await user.paste(ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Preencher à mão' }));
    await user.click(within(dialog).getByRole('textbox', { name: /Título/ }));
    await user.paste('De novo');
    await user.click(within(dialog).getByRole('textbox', { name: 'Resumo' }));
    await user.paste('Um resumo longo que ela escreveu.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Já existe uma publicação com este endereço.');
    expect(within(dialog).getByRole('textbox', { name: /Título/ })).toHaveValue('De novo');
    expect(within(dialog).getByRole('textbox', { name: 'Resumo' })).toHaveValue('Um resumo longo que ela escreveu.');
    expect(served.calls.jobs).toEqual([]);
  });
});
