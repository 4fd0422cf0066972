import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderClipsTab, serveClips } from './test-clips';

async function openPrint() {
  const served = serveClips();
  const app = await renderClipsTab();
  await app.user.click(screen.getByRole('button', { name: 'Adicionar impresso' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adicionar impresso' });
  return { ...served, ...app, dialog };
}

const pdf = () => new File(['%PDF-1.4 página'], 'jornal-1994.pdf', { type: 'application/pdf' });

describe('"Adicionar impresso"', () => {
  it('uploads the printed page to clip-files and saves the print clip naming it, with her fields', async () => {
    const { user, dialog, calls } = await openPrint();
    await user.upload(within(dialog).getByLabelText(/Arquivo \(PDF/), pdf());
    await user.click(within(dialog).getByRole('textbox', { name: /Título/ }));
    await user.paste('Eleições de 1994');
    await user.click(within(dialog).getByRole('textbox', { name: 'Veículo' }));
    await user.paste('Jornal do Brasil');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.inserts).toHaveLength(1));
    expect(calls.uploads).toEqual([expect.stringMatching(/^print\/[0-9a-f-]{36}\.pdf$/)]);
    expect(calls.inserts[0]).toMatchObject({ kind: 'print', source: 'print', url: null, title: 'Eleições de 1994', outlet: 'Jornal do Brasil', file_path: calls.uploads[0] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a file of another type before sending anything, and keeps her fields', async () => {
    const { user, dialog, calls } = await openPrint();
    // The picker's filter is only a hint: "All files" lets her choose anything.
    const docx = new File(['x'], 'a.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    fireEvent.change(within(dialog).getByLabelText(/Arquivo \(PDF/), { target: { files: [docx] } });
    await user.click(within(dialog).getByRole('textbox', { name: /Título/ }));
    await user.paste('Eleições de 1994');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByLabelText(/Arquivo \(PDF/)).toHaveAccessibleDescription('Envie um PDF ou uma imagem JPEG, PNG ou WebP.');
    expect(within(dialog).getByRole('textbox', { name: /Título/ })).toHaveValue('Eleições de 1994');
    expect(calls.uploads).toEqual([]);
  });

  it('removes the uploaded file when the clip is refused, and says why', async () => {
    const { user, dialog, calls, control } = await openPrint();
    control.refuseInsert = { status: 403, code: '42501', message: 'new row violates row-level security policy for table "clips"' };
    await user.upload(within(dialog).getByLabelText(/Arquivo \(PDF/), pdf());
    await user.click(within(dialog).getByRole('textbox', { name: /Título/ }));
    await user.paste('Eleições de 1994');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Você não tem permissão para isso.');
    expect(calls.removed).toEqual([{ prefixes: [calls.uploads[0]] }]);
    expect(within(dialog).getByRole('textbox', { name: /Título/ })).toHaveValue('Eleições de 1994');
  });
});
