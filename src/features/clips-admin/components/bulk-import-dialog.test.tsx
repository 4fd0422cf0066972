import { screen, waitFor, within } from '@testing-library/react';
import { readAddressList } from './address-list-import';
import { renderClipsTab, serveClips } from './test-clips';

const A = 'https://g1.globo.com/economia/noticia/2020/01/10/a.ghtml';
const B = 'https://www.estadao.com.br/economia/b/';
const C = 'https://www.reuters.com/world/c-2021-01-01/';

async function openBulk(panel: 'Lista de endereços' | 'Página de autor ou feed' | 'Arquivo CSV', feeds: Parameters<typeof serveClips>[1] = []) {
  const served = serveClips([], feeds);
  const app = await renderClipsTab();
  await app.user.click(screen.getByRole('button', { name: 'Importar em lote' }));
  const dialog = await screen.findByRole('dialog', { name: 'Importar em lote' });
  await app.user.click(within(dialog).getByRole('tab', { name: panel }));
  const pane = within(within(dialog).getByRole('tabpanel', { name: panel }));
  return { ...served, ...app, dialog, pane };
}

describe('readAddressList', () => {
  it('skips blank lines, counts a repeat once and names the lines that are not addresses', () => {
    expect(readAddressList(`${A}\n\n  ${B}  \n${A}\nnot an address\nftp://x.org/f\n`)).toEqual({ addresses: [A, B], badLines: [5, 6] });
  });
});

describe('"Importar em lote"', () => {
  it('sends a pasted list as one batch of add jobs and shows done / failed / waiting, then each failure with its reason', async () => {
    const { user, pane, calls, control } = await openBulk('Lista de endereços');
    control.worker = (job) =>
      job.input === B ? { state: 'failed', error: 'A página não respondeu em 20 s.' } : { state: 'done', result: { clip_id: 'x' } };
    await user.click(pane.getByRole('textbox', { name: 'Endereços, um por linha' }));
    await user.paste(`${A}\n${B}\n${C}`);
    await user.selectOptions(pane.getByRole('combobox', { name: 'Status das importadas' }), 'hidden');
    await user.click(pane.getByRole('button', { name: 'Importar 3 endereços' }));
    await waitFor(() => expect(calls.jobs).toHaveLength(1));
    const rows = calls.jobs[0]!;
    expect(rows.map((r) => [r.kind, r.input, r.options])).toEqual([
      ['add', A, { status: 'hidden' }],
      ['add', B, { status: 'hidden' }],
      ['add', C, { status: 'hidden' }],
    ]);
    expect(new Set(rows.map((r) => r.batch)).size).toBe(1);
    const progress = within(await pane.findByRole('region', { name: 'Andamento da importação' }));
    expect(await progress.findByRole('status')).toHaveTextContent('0 concluídas, 0 falharam, 3 aguardando');
    await waitFor(() => expect(progress.getByRole('status')).toHaveTextContent('Importação terminada: 2 concluídas, 1 falhou.'), { timeout: 4000 });
    expect(progress.getByRole('listitem')).toHaveTextContent(`${B}: A página não respondeu em 20 s.`);
  });

  it('sends nothing while a line is not an address, and keeps her list to fix', async () => {
    const { user, pane, calls } = await openBulk('Lista de endereços');
    const list = pane.getByRole('textbox', { name: 'Endereços, um por linha' });
    await user.click(list);
    await user.paste(`${A}\nwww.semprotocolo.com.br/x`);
    await user.click(pane.getByRole('button', { name: 'Importar 1 endereço' }));
    expect(list).toHaveAccessibleDescription(
      'Estas linhas não são endereços http:// ou https://: 2. Corrija ou apague e tente de novo.',
    );
    expect(list).toHaveValue(`${A}\nwww.semprotocolo.com.br/x`);
    expect(calls.jobs).toEqual([]);
  });

  it('offers the pieces of an author page with checkboxes and imports the chosen ones as add jobs', async () => {
    const { user, pane, calls, control } = await openBulk('Página de autor ou feed');
    control.worker = (job) =>
      job.kind === 'feed'
        ? {
            state: 'done',
            result: {
              feed_url: 'https://g1.globo.com/autor/ana/rss.xml',
              title: 'Ana Souza – g1',
              feed_id: 'f33d0000-0000-4000-8000-000000000001',
              items: [
                { url: A, title: 'Primeira', published_on: '2020-01-10' },
                { url: B, title: 'Segunda', published_on: '2020-02-11' },
                { url: C, title: 'Terceira', published_on: null },
              ],
            },
          }
        : { state: 'done', result: {} };
    await user.click(pane.getByRole('textbox', { name: /Endereço da página de autor/ }));
    await user.paste('https://g1.globo.com/autor/ana/');
    await user.click(pane.getByRole('button', { name: 'Buscar publicações' }));
    expect(calls.jobs[0]).toEqual([expect.objectContaining({ kind: 'feed', input: 'https://g1.globo.com/autor/ana/', options: { follow: true } })]);
    const found = await pane.findByRole('heading', { name: '3 publicações novas em Ana Souza – g1' }, { timeout: 4000 });
    await waitFor(() => expect(found).toHaveFocus());
    expect(pane.getByRole('checkbox', { name: /^Segunda/ })).toBeChecked();
    await user.click(pane.getByRole('checkbox', { name: /^Segunda/ }));
    await user.click(pane.getByRole('button', { name: 'Importar 2 selecionadas' }));
    await waitFor(() => expect(calls.jobs).toHaveLength(2));
    expect(calls.jobs[1]!.map((r) => [r.kind, r.input, r.options])).toEqual([
      ['add', A, { feed_id: 'f33d0000-0000-4000-8000-000000000001' }],
      ['add', C, { feed_id: 'f33d0000-0000-4000-8000-000000000001' }],
    ]);
    await waitFor(() => expect(pane.getByRole('region', { name: 'Andamento da importação' })).toHaveTextContent('Importação terminada: 2 concluídas, 0 falharam.'), {
      timeout: 4000,
    });
  });

  it('checks a followed feed for new pieces with "Verificar novas publicações"', async () => {
    const feed = { id: 'f33d0000-0000-4000-8000-000000000002', url: 'https://www.reuters.com/authors/ana/', feed_url: null, title: 'Reuters: Ana', outlet: 'Reuters', language: 'en', last_checked_at: '2026-11-20T10:00:00Z' };
    const { user, pane, calls, control } = await openBulk('Página de autor ou feed', [feed]);
    control.worker = () => ({ state: 'done', result: { items: [], title: 'Reuters: Ana' } });
    await user.click(await pane.findByRole('button', { name: 'Verificar novas publicações de Reuters: Ana' }));
    expect(calls.jobs[0]).toEqual([expect.objectContaining({ kind: 'feed', input: feed.url, options: { feed_id: feed.id } })]);
    expect(await pane.findByRole('heading', { name: 'Nenhuma publicação nova neste endereço.' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('sends a CSV as one csv job and lists each refused line with its reason', async () => {
    const { user, pane, calls, control } = await openBulk('Arquivo CSV');
    control.worker = () => ({ state: 'done', result: { added: 2, refused: [{ line: 3, reason: 'Falta o título.' }] } });
    const csv = `title,outlet,date,address,language,summary\nUm,Folha,2019-01-01,${A},pt,\nDois,Estadão,2019-01-02,${B},pt,\n,Reuters,2019-01-03,${C},en,\n`;
    await user.upload(pane.getByLabelText('Arquivo CSV'), new File([csv], 'clips.csv', { type: 'text/csv' }));
    await user.click(pane.getByRole('button', { name: 'Importar CSV' }));
    await waitFor(() => expect(calls.jobs).toEqual([[expect.objectContaining({ kind: 'csv', input: csv })]]));
    const progress = await pane.findByRole('region', { name: 'Andamento da importação' });
    await waitFor(() => expect(within(progress).getByRole('status')).toHaveTextContent('Importação terminada: 2 concluídas, 1 falhou.'), { timeout: 4000 });
    expect(within(progress).getByRole('listitem')).toHaveTextContent('Linha 3: Falta o título.');
  });

  it('refuses a file that is not text before sending it', async () => {
    const { user, pane, calls } = await openBulk('Arquivo CSV');
    await user.upload(pane.getByLabelText('Arquivo CSV'), new File([new Uint8Array([0x50, 0x4b, 0, 0])], 'clips.xlsx', { type: 'text/csv' }));
    await user.click(pane.getByRole('button', { name: 'Importar CSV' }));
    expect(await pane.findByText('Este arquivo não parece um CSV de texto. Escolha um arquivo .csv.')).toBeInTheDocument();
    expect(calls.jobs).toEqual([]);
  });
});
