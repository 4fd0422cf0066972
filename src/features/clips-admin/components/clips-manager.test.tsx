import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { restUrl } from '@/testing/api';
import { pgrstError } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { renderAdmin } from '../../admin/test-utils';
import { buildClip, renderClipsTab, serveClips } from './test-clips';

const tab = () => within(screen.getByRole('tabpanel', { name: /Publicações/ }));
const clipTitles = () => tab().queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

const clips = [
  buildClip({ title: 'Velha reportagem', published_on: '2001-03-02', outlet: 'O Globo' }),
  buildClip({ title: 'Entrevista recente', published_on: '2024-06-01', outlet: 'Folha de S.Paulo' }),
  buildClip({ title: 'Em destaque', published_on: '2010-01-01', featured: true, outlet: 'Reuters', language: 'en' }),
  buildClip({ title: 'Guardada', published_on: '2015-08-20', status: 'hidden', outlet: 'Valor Econômico' }),
  buildClip({
    title: 'Sumiu do ar',
    published_on: '2012-02-02',
    outlet: 'Jornal do Brasil',
    link_status: 'dead',
    link_error: 'O endereço respondeu 404 (não encontrado).',
    copied_at: '2026-11-02T10:00:00+00:00',
  }),
];

describe('the "Publicações" tab', () => {
  it('lists her clips featured first, then newest first, with the counts and each dead original with its last reason', async () => {
    serveClips(clips);
    await renderClipsTab();
    expect(clipTitles()).toEqual(['Em destaque', 'Entrevista recente', 'Guardada', 'Sumiu do ar', 'Velha reportagem']);
    const counts = tab().getByRole('list', { name: 'Contagem' });
    expect(within(counts).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '5 publicações',
      '4 publicadas',
      '1 oculta',
      '1 com o original fora do ar',
    ]);
    const dead = tab().getByRole('heading', { name: 'Sumiu do ar' }).closest('li')!;
    expect(dead).toHaveTextContent('Original fora do ar · Último erro: O endereço respondeu 404 (não encontrado).');
    expect(within(dead).getByRole('switch', { name: 'Mostrar cópia arquivada' })).not.toBeChecked();
    // Only a clip with a copy offers to show it.
    const plain = tab().getByRole('heading', { name: 'Velha reportagem' }).closest('li')!;
    expect(within(plain).queryByRole('switch', { name: 'Mostrar cópia arquivada' })).not.toBeInTheDocument();
  });

  it('shows the count of dead originals on the tab itself, before she opens it', async () => {
    serveClips(clips);
    await renderAdmin();
    const tabName = async () => (await screen.findByRole('tab', { name: /^Publicações/ })).textContent;
    await waitFor(async () => expect(await tabName()).toBe('Publicações1(1 com o original fora do ar)'));
  });

  it('finds clips by title or outlet, accents aside', async () => {
    serveClips(clips);
    const { user } = await renderClipsTab();
    await user.click(tab().getByRole('searchbox', { name: 'Buscar por título ou veículo' }));
    await user.paste('valor economico');
    expect(clipTitles()).toEqual(['Guardada']);
    expect(tab().getByText('1 de 5 publicações')).toBeInTheDocument();
  });

  it('filters by outlet, year, language and status', async () => {
    serveClips(clips);
    const { user } = await renderClipsTab();
    await user.selectOptions(tab().getByRole('combobox', { name: 'Idioma' }), 'en');
    expect(clipTitles()).toEqual(['Em destaque']);
    await user.selectOptions(tab().getByRole('combobox', { name: 'Idioma' }), '');
    await user.selectOptions(tab().getByRole('combobox', { name: 'Ano' }), '2001');
    expect(clipTitles()).toEqual(['Velha reportagem']);
    await user.selectOptions(tab().getByRole('combobox', { name: 'Ano' }), '');
    await user.selectOptions(tab().getByRole('combobox', { name: 'Veículo' }), 'O Globo');
    expect(clipTitles()).toEqual(['Velha reportagem']);
    await user.selectOptions(tab().getByRole('combobox', { name: 'Veículo' }), '');
    await user.selectOptions(tab().getByRole('combobox', { name: 'Status' }), 'dead');
    expect(clipTitles()).toEqual(['Sumiu do ar']);
    await user.selectOptions(tab().getByRole('combobox', { name: 'Status' }), 'hidden');
    expect(clipTitles()).toEqual(['Guardada']);
  });

  it('hides a clip with its "Publicado" switch and features one with "Destaque", each saved at once', async () => {
    const { calls } = serveClips(clips);
    const { user } = await renderClipsTab();
    const row = tab().getByRole('heading', { name: 'Entrevista recente' }).closest('li')!;
    await user.click(within(row).getByRole('switch', { name: 'Publicado' }));
    await waitFor(() => expect(calls.updates).toEqual([{ id: clips[1]!.id, body: { status: 'hidden' } }]));
    await waitFor(() => expect(within(row).getByRole('switch', { name: 'Publicado' })).not.toBeChecked());
    await user.click(within(row).getByRole('switch', { name: 'Destaque' }));
    await waitFor(() => expect(calls.updates[1]).toEqual({ id: clips[1]!.id, body: { featured: true } }));
    // Featured now, it moves to the top, before the older featured one.
    await waitFor(() => expect(clipTitles().slice(0, 2)).toEqual(['Entrevista recente', 'Em destaque']));
  });

  it('says so when a change is refused, and the switch goes back', async () => {
    serveClips(clips);
    server.use(http.patch(restUrl('clips'), () => pgrstError(403, { code: '42501', message: 'permission denied for table clips' })));
    const { user } = await renderClipsTab();
    const row = tab().getByRole('heading', { name: 'Entrevista recente' }).closest('li')!;
    await user.click(within(row).getByRole('switch', { name: 'Publicado' }));
    expect(await screen.findByText('Você não tem permissão para isso. Entre de novo como administradora.')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('switch', { name: 'Publicado' })).toBeChecked());
  });

  it('asks before deleting: cancelling deletes nothing, confirming removes the clip', async () => {
    const { calls } = serveClips(clips);
    const { user } = await renderClipsTab();
    await user.click(tab().getByRole('button', { name: 'Apagar “Guardada”' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Apagar esta publicação?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    expect(calls.deletes).toEqual([]);
    await user.click(tab().getByRole('button', { name: 'Apagar “Guardada”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apagar' }));
    await waitFor(() => expect(calls.deletes).toEqual([clips[3]!.id]));
    await waitFor(() => expect(clipTitles()).not.toContain('Guardada'));
  });

  it('asks the server for a fresh copy with "Atualizar cópia arquivada" (an archive job for that clip)', async () => {
    const { calls } = serveClips(clips);
    const { user } = await renderClipsTab();
    await user.click(tab().getByRole('button', { name: 'Atualizar a cópia arquivada de “Sumiu do ar”' }));
    await waitFor(() => expect(calls.jobs).toHaveLength(1));
    expect(calls.jobs[0]).toEqual([expect.objectContaining({ kind: 'archive', clip_id: clips[4]!.id, input: clips[4]!.url })]);
    expect(await screen.findByText('Cópia pedida')).toBeInTheDocument();
  });

  it('edits every field of a clip, the copy switch included, and keeps her changes when the save is refused', async () => {
    const { calls } = serveClips(clips);
    const { user } = await renderClipsTab();
    await user.click(tab().getByRole('button', { name: 'Editar “Sumiu do ar”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar publicação' });
    const title = within(dialog).getByRole('textbox', { name: /Título/ });
    await user.clear(title);
    await user.click(title);
    await user.paste('Sumiu, mas guardada');
    await user.click(within(dialog).getByRole('textbox', { name: 'Assinatura' }));
    await user.paste(' (colaboração)');
    await user.click(within(dialog).getByRole('switch', { name: 'Mostrar cópia arquivada' }));
    server.use(http.patch(restUrl('clips'), () => pgrstError(400, { code: '23514', message: 'new row violates check constraint "clips_texts_bounded"' })));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('O servidor recusou: new row violates check constraint "clips_texts_bounded"');
    expect(title).toHaveValue('Sumiu, mas guardada');
    // The refusal gone (another answer for the same call), the same dialog saves.
    const retried = serveClips(clips);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(retried.calls.updates[0]?.body).toMatchObject({
      title: 'Sumiu, mas guardada',
      byline: 'Ana Souza (colaboração)',
      show_archive: true,
      url: clips[4]!.url,
    });
    expect(calls.updates).toEqual([]);
  });
});
