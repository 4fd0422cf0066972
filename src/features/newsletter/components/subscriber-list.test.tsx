import { screen, waitFor, within } from '@testing-library/react';
import { saveFile } from '@/features/archive/browser/save-file';
import { buildSubscriber, refuse, renderNewsletterTab, serveNewsletter } from './test-newsletter';

vi.mock('@/features/archive/browser/save-file', async (actual) => ({
  ...(await actual<typeof import('@/features/archive/browser/save-file')>()),
  saveFile: vi.fn(),
}));

beforeEach(() => vi.resetAllMocks());

/** jsdom's Blob has no text(). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const list = () => within(screen.getByRole('table', { name: 'Lista' }));
const emails = () => list().getAllByRole('rowheader').map((cell) => cell.textContent);

/** Two Portuguese, one English, one of both (counted in both), one pending and one imported. */
const subscribers = () => [
  buildSubscriber({ email: 'ana@example.com', languages: ['pt'], created_at: '2026-11-01T12:00:00+00:00' }),
  buildSubscriber({ email: 'bruno@example.com', languages: ['pt'], created_at: '2026-11-02T12:00:00+00:00' }),
  buildSubscriber({ email: 'carol@example.org', languages: ['en'], created_at: '2026-11-03T12:00:00+00:00' }),
  buildSubscriber({ email: 'dani@example.org', languages: ['pt', 'en'], created_at: '2026-11-04T12:00:00+00:00' }),
  buildSubscriber({ email: 'eva@example.com', languages: ['en'], status: 'pending', created_at: '2026-11-05T12:00:00+00:00' }),
  buildSubscriber({ email: '=hyperlink@example.com', languages: ['pt'], source: 'import', created_at: '2026-11-06T12:00:00+00:00' }),
];

describe('"Assinantes": the counts, the list, the search', () => {
  it('counts the confirmed subscribers of each language (one of both counts in both) and those still to confirm', async () => {
    serveNewsletter(subscribers());
    await renderNewsletterTab();
    await waitFor(() => expect(figure('Confirmados em Português')).toBe('4'));
    expect(figure('Confirmados em English')).toBe('2');
    expect(figure('Aguardando confirmação')).toBe('1');
    // The chart's text alternative names the same figures at the end of the period.
    expect(screen.getByRole('img', { name: /os assinantes confirmados em português foram de \d+ para 4, e em inglês de \d+ para 2/ })).toBeInTheDocument();
  });

  it('lists email, languages, date, status and source, newest first, with the count', async () => {
    serveNewsletter(subscribers());
    await renderNewsletterTab();
    await screen.findByRole('table', { name: 'Lista' });
    expect(emails()).toEqual(['=hyperlink@example.com', 'eva@example.com', 'dani@example.org', 'carol@example.org', 'bruno@example.com', 'ana@example.com']);
    const row = (email: string) => list().getByRole('rowheader', { name: email }).closest('tr')!;
    expect([...row('dani@example.org').cells].slice(0, 5).map((c) => c.textContent)).toEqual([
      'dani@example.org',
      'Português, English',
      '04/11/2026',
      'Confirmado',
      'Formulário do site',
    ]);
    expect(row('eva@example.com')).toHaveTextContent('Pendente');
    expect(row('=hyperlink@example.com')).toHaveTextContent('Importado');
    expect(screen.getByText('1–6 de 6')).toBeInTheDocument();
  });

  it('searches by part of the address in the database, with its count', async () => {
    serveNewsletter(subscribers());
    const { user } = await renderNewsletterTab();
    await screen.findByRole('table', { name: 'Lista' });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por email' }), 'EXAMPLE.ORG');
    await waitFor(() => expect(emails()).toEqual(['dani@example.org', 'carol@example.org']));
    expect(screen.getByText('1–2 de 2')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por email' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por email' }), 'ninguem');
    expect(await screen.findByText('Nenhum endereço com “ninguem”.')).toBeInTheDocument();
  });

  it('pages a long list 50 at a time with the database count', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      buildSubscriber({ email: `p${String(i).padStart(3, '0')}@example.com`, created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }),
    );
    serveNewsletter(many);
    const { user } = await renderNewsletterTab();
    expect(await screen.findByText('1–50 de 120')).toBeInTheDocument();
    expect(emails()[0]).toBe('p119@example.com');
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await user.click(await screen.findByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('101–120 de 120')).toBeInTheDocument();
    expect(emails()).toHaveLength(20);
    expect(emails().at(-1)).toBe('p000@example.com');
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
  });

  it('a list it cannot read says why in Portuguese', async () => {
    serveNewsletter([]);
    refuse('get', 'newsletter_subscribers', 403, '42501', 'permission denied for table newsletter_subscribers');
    await renderNewsletterTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar a lista');
    expect(alert).toHaveTextContent('Sua conta não tem permissão para isso, ou a sessão expirou.');
  });
});

describe('removing a subscriber', () => {
  it('asks first; "Cancelar" removes nothing; "Remover" deletes that address by id and the counts follow', async () => {
    const rows = subscribers();
    const { state, calls } = serveNewsletter(rows);
    const { user } = await renderNewsletterTab();
    await waitFor(() => expect(figure('Confirmados em English')).toBe('2'));
    await user.click(await screen.findByRole('button', { name: 'Remover carol@example.org' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remover assinante?' });
    expect(dialog).toHaveTextContent('carol@example.org deixará de receber os posts por email.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remover carol@example.org' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remover assinante?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Assinante removido')).toBeInTheDocument();
    expect(calls.deletes).toEqual([rows.find((s) => s.email === 'carol@example.org')!.id]);
    expect(state.subscribers.map((s) => s.email)).not.toContain('carol@example.org');
    await waitFor(() => expect(emails()).not.toContain('carol@example.org'));
    await waitFor(() => expect(figure('Confirmados em English')).toBe('1'));
    // The focus does not fall to the page: it waits in the search.
    expect(screen.getByRole('searchbox', { name: 'Buscar por email' })).toHaveFocus();
  });

  it('a refused removal says why and leaves the address listed', async () => {
    serveNewsletter(subscribers());
    refuse('delete', 'newsletter_subscribers', 401, 'PGRST301', 'JWT expired');
    const { user } = await renderNewsletterTab();
    await user.click(await screen.findByRole('button', { name: 'Remover ana@example.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Não foi possível remover o assinante')).toBeInTheDocument();
    expect(screen.getByText(/Sua conta não tem permissão para isso, ou a sessão expirou/)).toBeInTheDocument();
    expect(emails()).toContain('ana@example.com');
  });
});

describe('"Exportar CSV"', () => {
  it('downloads every address, confirmed and pending, oldest first, with the six columns; a formula-like address is made inert', async () => {
    serveNewsletter(subscribers());
    const { user } = await renderNewsletterTab();
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('CSV baixado: 6 endereços.')).toBeInTheDocument();
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toMatch(/^assinantes-localhost-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const lines = (await textOf(blob)).split('\r\n');
    expect(lines[0]).toBe('email,languages,status,source,created_at,confirmed_at');
    expect(lines.slice(1)).toEqual([
      'ana@example.com,pt,confirmed,form,2026-11-01T12:00:00+00:00,2026-11-01T12:00:00+00:00',
      'bruno@example.com,pt,confirmed,form,2026-11-02T12:00:00+00:00,2026-11-02T12:00:00+00:00',
      'carol@example.org,en,confirmed,form,2026-11-03T12:00:00+00:00,2026-11-03T12:00:00+00:00',
      'dani@example.org,"pt,en",confirmed,form,2026-11-04T12:00:00+00:00,2026-11-04T12:00:00+00:00',
      'eva@example.com,en,pending,form,2026-11-05T12:00:00+00:00,',
      `"'=hyperlink@example.com",pt,confirmed,import,2026-11-06T12:00:00+00:00,2026-11-06T12:00:00+00:00`,
    ]);
  });

  it('reads a long list in pages, all of it', async () => {
    const many = Array.from({ length: 2345 }, (_, i) => buildSubscriber({ email: `l${i}@example.com` }));
    serveNewsletter(many);
    const { user } = await renderNewsletterTab();
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('CSV baixado: 2345 endereços.')).toBeInTheDocument();
    const lines = (await textOf(vi.mocked(saveFile).mock.calls[0]![0])).split('\r\n');
    expect(lines).toHaveLength(2346);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(2345);
  });

  it('a failed export says why and downloads nothing', async () => {
    serveNewsletter(subscribers());
    const { user } = await renderNewsletterTab();
    await screen.findByRole('table', { name: 'Lista' });
    refuse('get', 'newsletter_subscribers', 500, 'XX000', 'disk full');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível exportar a lista: O servidor recusou o pedido: disk full');
    expect(saveFile).not.toHaveBeenCalled();
  });
});
