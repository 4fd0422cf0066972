import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { server } from '@/testing/server';
import { buildSubscriber, refuse, renderNewsletterTab, serveNewsletter } from './test-newsletter';

/** Substack's export of the subscriber list: one reader with mail turned off, one without an address. */
const SUBSTACK = [
  'email,active_subscription,expiry,plan,email_disabled,created_at,first_payment_at',
  'leitora1@example.com,false,,,false,2023-09-01T10:00:00.000Z,',
  'Leitor2@Example.com,true,2024-09-01T10:00:00.000Z,yearly,false,2023-09-02T10:00:00.000Z,2023-09-02T10:05:00.000Z',
  ',false,,,true,2023-09-03T10:00:00.000Z,',
  'leitora3@example.com,false,,,true,2023-09-04T10:00:00.000Z,',
  'ja-assina@example.com,false,,,false,2023-09-05T10:00:00.000Z,',
  'leitor2@example.com,false,,,false,2023-09-06T10:00:00.000Z,',
  'sem-arroba,false,,,false,2023-09-07T10:00:00.000Z,',
].join('\n');

const csvFile = (text: string, name = 'email_list.anapub.csv') => new File([text], name, { type: 'text/csv' });
const tab = () => within(screen.getByRole('tabpanel', { name: 'Assinantes' }));
const fileInput = () => tab().getByLabelText('Arquivo CSV');
const consent = () => tab().getByRole('checkbox', { name: /Confirmo que estas pessoas consentiram/ });

async function chooseFile(user: Awaited<ReturnType<typeof renderNewsletterTab>>['user'], file = csvFile(SUBSTACK)) {
  await user.upload(fileInput(), file);
  return screen.findByRole('heading', { name: new RegExp(`encontrados? em ${file.name.replace(/\./g, '\\.')}`) });
}

describe('"Importar CSV"', () => {
  it("reads Substack's list before writing anything: how many addresses, the first ones, what was left out", async () => {
    const { calls } = serveNewsletter();
    const { user } = await renderNewsletterTab();
    const heading = await chooseFile(user);
    expect(heading).toHaveTextContent('4 endereços encontrados em email_list.anapub.csv');
    // Its summary takes the focus: what she reads next.
    expect(heading).toHaveFocus();
    expect(within(heading.parentElement!).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'leitora1@example.com',
      'leitor2@example.com',
      'ja-assina@example.com',
      'sem-arroba',
    ]);
    expect(tab().getByText('1 endereço repetido contado uma vez.')).toBeInTheDocument();
    expect(tab().getByText(/1 endereço marcado com email desativado na outra plataforma \(email_disabled\) não será importado/)).toBeInTheDocument();
    expect(tab().getByRole('radio', { name: 'Português' })).toBeChecked();
    expect(consent()).not.toBeChecked();
    expect(tab().getByRole('button', { name: 'Importar 4 endereços' })).toBeInTheDocument();
    expect(calls.imports).toEqual([]);
  });

  it('will not import until she confirms their consent: the box is said to be required, and nothing is sent', async () => {
    const { calls } = serveNewsletter();
    const { user } = await renderNewsletterTab();
    await chooseFile(user);
    await user.click(tab().getByRole('button', { name: 'Importar 4 endereços' }));
    expect(consent()).toHaveFocus();
    expect(consent()).toHaveAttribute('aria-invalid', 'true');
    expect(consent()).toHaveAccessibleDescription('Marque a confirmação do consentimento para importar.');
    expect(calls.imports).toEqual([]);
    expect(screen.queryByText('Importação concluída')).not.toBeInTheDocument();
  });

  it('with her consent, adds the addresses in the chosen languages and says what happened: added, already there, invalid', async () => {
    const { calls, state } = serveNewsletter([buildSubscriber({ email: 'ja-assina@example.com', languages: ['en'] })]);
    const { user } = await renderNewsletterTab();
    await chooseFile(user);
    await user.click(tab().getByRole('radio', { name: 'Português e English' }));
    await user.click(consent());
    await user.click(tab().getByRole('button', { name: 'Importar 4 endereços' }));
    const done = await screen.findByRole('heading', { name: 'Importação concluída' });
    expect(done).toHaveFocus();
    const result = within(done.parentElement!);
    expect(result.getByText('2 adicionados')).toBeInTheDocument();
    expect(result.getByText('1 já estava na lista')).toBeInTheDocument();
    expect(result.getByText('1 inválido')).toBeInTheDocument();
    expect(calls.imports).toEqual([
      [
        { email: 'leitora1@example.com', languages: ['pt', 'en'] },
        { email: 'leitor2@example.com', languages: ['pt', 'en'] },
        { email: 'ja-assina@example.com', languages: ['pt', 'en'] },
        { email: 'sem-arroba', languages: ['pt', 'en'] },
      ],
    ]);
    // Already there: left as it was.
    expect(state.subscribers.find((s) => s.email === 'ja-assina@example.com')!.languages).toEqual(['en']);
    // The counts and the list show them.
    await waitFor(() => expect(screen.getByText('Confirmados em English', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3'));
    expect(await screen.findByRole('rowheader', { name: 'leitora1@example.com' })).toBeInTheDocument();
  });

  it('sends a long list in batches of 500, with its progress', async () => {
    const { calls } = serveNewsletter();
    const addresses = Array.from({ length: 1203 }, (_, i) => `pessoa${i}@example.com`);
    const { user } = await renderNewsletterTab();
    await chooseFile(user, csvFile(['Email Address,First Name', ...addresses.map((a, i) => `${a},Nome ${i}`)].join('\r\n'), 'mailchimp.csv'));
    await user.click(tab().getByRole('radio', { name: 'English' }));
    await user.click(consent());
    await user.click(tab().getByRole('button', { name: 'Importar 1203 endereços' }));
    expect(await screen.findByText('1203 adicionados')).toBeInTheDocument();
    expect(calls.imports.map((batch) => batch.length)).toEqual([500, 500, 203]);
    expect(calls.imports.flat().map((s) => s.email)).toEqual(addresses);
    expect(calls.imports.flat().every((s) => s.languages.join() === 'en')).toBe(true);
  });

  it('shows the progress bar while the batches go', async () => {
    serveNewsletter();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    server.use(
      http.post(restUrl('rpc/newsletter_import_subscribers'), async ({ request }) => {
        const { subscribers } = (await request.json()) as { subscribers: unknown[] };
        batches += 1;
        if (batches === 2) await held;
        return HttpResponse.json([{ added: subscribers.length, already: 0, invalid: 0 }]);
      }),
    );
    const { user } = await renderNewsletterTab();
    await chooseFile(user, csvFile(['email', ...Array.from({ length: 700 }, (_, i) => `p${i}@example.com`)].join('\n'), 'lista.csv'));
    await user.click(consent());
    await user.click(tab().getByRole('button', { name: 'Importar 700 endereços' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progresso da importação de assinantes' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '500'));
    expect(bar).toHaveAttribute('aria-valuemax', '700');
    expect(tab().getByRole('button', { name: 'Importando…' })).toBeDisabled();
    release();
    expect(await screen.findByText('700 adicionados')).toBeInTheDocument();
  });

  it('a batch refused halfway: says how many were written, why (in Portuguese), and that importing again completes it', async () => {
    serveNewsletter();
    let batches = 0;
    server.use(
      http.post(restUrl('rpc/newsletter_import_subscribers'), async ({ request }) => {
        const { subscribers } = (await request.json()) as { subscribers: unknown[] };
        batches += 1;
        if (batches === 2) return HttpResponse.json({ code: 'PT429', message: 'too many', details: null, hint: null }, { status: 429 });
        return HttpResponse.json([{ added: subscribers.length, already: 0, invalid: 0 }]);
      }),
    );
    const { user } = await renderNewsletterTab();
    await chooseFile(user, csvFile(['email', ...Array.from({ length: 600 }, (_, i) => `p${i}@example.com`)].join('\n'), 'lista.csv'));
    await user.click(consent());
    await user.click(tab().getByRole('button', { name: 'Importar 600 endereços' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A importação parou antes do fim');
    expect(alert).toHaveTextContent('Muitos pedidos seguidos. Aguarde alguns minutos e tente de novo.');
    expect(alert).toHaveTextContent('500 de 600 endereços foram gravados. Importe o mesmo arquivo de novo para completar');
  });

  it('a rights refusal says so, and nothing is counted as added', async () => {
    serveNewsletter();
    refuse('post', 'rpc/newsletter_import_subscribers', 403, '42501', 'new row violates row-level security policy for table "newsletter_subscribers"');
    const { user } = await renderNewsletterTab();
    await chooseFile(user);
    await user.click(consent());
    await user.click(tab().getByRole('button', { name: 'Importar 4 endereços' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sua conta não tem permissão para isso, ou a sessão expirou.');
    expect(alert).toHaveTextContent('0 de 4 endereços foram gravados.');
  });

  it('a file without an email column says what it needs, and offers nothing to import', async () => {
    const { calls } = serveNewsletter();
    const { user } = await renderNewsletterTab();
    await user.upload(fileInput(), csvFile('nome,telefone\nAna,123\n', 'contatos.csv'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível ler este arquivo');
    expect(alert).toHaveTextContent('Não há uma coluna de email neste arquivo.');
    expect(alert).toHaveTextContent('Nada foi gravado.');
    expect(tab().queryByRole('button', { name: /^Importar \d/ })).not.toBeInTheDocument();
    expect(calls.imports).toEqual([]);
  });

  it('choosing another file clears her consent: it was given for the file she saw', async () => {
    serveNewsletter();
    const { user } = await renderNewsletterTab();
    await chooseFile(user);
    await user.click(consent());
    expect(consent()).toBeChecked();
    await chooseFile(user, csvFile('E-mail\noutra@example.com\n', 'outra.csv'));
    expect(consent()).not.toBeChecked();
    expect(tab().getByRole('button', { name: 'Importar 1 endereço' })).toBeInTheDocument();
  });
});
