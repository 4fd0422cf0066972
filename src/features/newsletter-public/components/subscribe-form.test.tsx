import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AppProvider } from '@/app/provider';
import { resetToasts } from '@/components/ui/toast';
import type { Language } from '@/lib/language';
import { createPublicDb } from '@/lib/public-db';
import { supabaseConfig } from '@/lib/supabase-config';
import { restUrl } from '@/testing/api';
import { pgrstError } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import '@/testing/slow-machine';
import { SubscribeForm } from './subscribe-form';

const RPC = restUrl('rpc/newsletter_subscribe');
const SENT_PT = 'Quase lá: enviamos um email para confirmar a inscrição.';
const SENT_EN = 'Almost there: we sent you an email to confirm your subscription.';

function renderForm(language: Language) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={queryClient} db={createPublicDb(supabaseConfig())}>
      <h2 id="title">Newsletter</h2>
      <SubscribeForm language={language} labelledBy="title" />
    </AppProvider>,
  );
  return user;
}

/** The bodies newsletter_subscribe received; it answers as the function does on success (204, nothing). */
function recordCalls(answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const bodies: unknown[] = [];
  server.use(
    http.post(RPC, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const form = () => screen.getByRole('form', { name: 'Newsletter' });

describe('the subscription form', () => {
  it("checks the page's language, and only it", () => {
    renderForm('pt');
    expect(screen.getByRole('checkbox', { name: 'Português' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'English' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Idiomas dos posts' })).toBeInTheDocument();
  });

  it('checks English on an English page, with English words', () => {
    renderForm('en');
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Português' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(screen.getByText(/used only to send you new posts and is never shared/)).toBeInTheDocument();
  });

  it('is a plain form posting to the server, so it works without JavaScript', () => {
    renderForm('pt');
    expect(form()).toHaveAttribute('method', 'post');
    expect(form()).toHaveAttribute('action', '/newsletter/subscribe');
    const fields = new FormData(form() as HTMLFormElement);
    expect([...fields.keys()].sort()).toEqual(['email', 'lang', 'languages', 'topic']);
    expect(fields.get('lang')).toBe('pt');
    expect(fields.getAll('languages')).toEqual(['pt']);
  });

  it('hides the field for bots from people: out of the accessibility tree and the tab order, never autofilled', async () => {
    const user = renderForm('pt');
    const trap = form().querySelector<HTMLInputElement>('input[name="topic"]')!;
    // Only the email is a text field anyone can find by role.
    expect(within(form()).getAllByRole('textbox')).toEqual([screen.getByRole('textbox', { name: 'Seu email' })]);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');

    const reached: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      reached.push(document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? null);
    }
    expect(reached).toEqual(['email', 'languages', 'languages', 'Inscrever-se']);
  });

  it('says the same thing for every success, whatever the server answers for the address, and sends what was filled', async () => {
    let n = 0;
    // The function answers nothing on success; an empty 200 (as through another gateway) is the same success.
    const bodies = recordCalls(() => (n++ % 2 === 0 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(null)));
    const user = renderForm('pt');
    const said: string[] = [];
    for (const email of ['  nova@example.com ', 'ja-assinante@example.com']) {
      resetToasts();
      await user.type(screen.getByLabelText('Seu email'), email);
      await user.click(screen.getByRole('checkbox', { name: 'English' }));
      await user.click(screen.getByRole('button', { name: 'Inscrever-se' }));
      // The toast's title and description.
      said.push((await screen.findByText(SENT_PT)).parentElement?.textContent ?? '');
      // Ready for another address.
      expect(screen.getByLabelText('Seu email')).toHaveValue('');
    }
    expect(said).toEqual(Array(2).fill(`${SENT_PT}Se não chegar, veja a pasta de spam.`));
    expect(bodies[0]).toEqual({ email: 'nova@example.com', languages: ['pt', 'en'], page_language: 'pt', trap: '' });
    // The second time English was unchecked again.
    expect(bodies[1]).toEqual({ email: 'ja-assinante@example.com', languages: ['pt'], page_language: 'pt', trap: '' });
  });

  it('refuses an address that is no email on the field, without asking the server', async () => {
    const bodies = recordCalls();
    const user = renderForm('en');
    await user.type(screen.getByLabelText('Your email'), 'ana@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Enter a valid email address, such as name@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your email')).toHaveAccessibleDescription('Enter a valid email address, such as name@example.com.');
    expect(screen.getByLabelText('Your email')).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it.each(['x<attacker@evil.test>.y', 'root,victim@example.com', '"a b"@example.com', 'ana@example.com;b@example.com'])(
    'refuses %j on the field, with the invalid-email message, without asking the server',
    async (address) => {
      // Issue 41, defect 5: what the database would store as one address and the mail would read as another.
      const bodies = recordCalls();
      const user = renderForm('pt');
      await user.type(screen.getByLabelText('Seu email'), address);
      await user.click(screen.getByRole('button', { name: 'Inscrever-se' }));
      expect(screen.getByLabelText('Seu email')).toHaveAccessibleDescription('Digite um endereço de email válido, como nome@exemplo.com.');
      expect(screen.getByLabelText('Seu email')).toHaveAttribute('aria-invalid', 'true');
      expect(bodies).toEqual([]);
    },
  );

  it('sends an address with a tag, dots and subdomains as typed', async () => {
    const bodies = recordCalls();
    const user = renderForm('en');
    await user.type(screen.getByLabelText('Your email'), 'Ana.Maria+news@mail.example.co.uk');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(SENT_EN)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'Ana.Maria+news@mail.example.co.uk', languages: ['en'], page_language: 'en', trap: '' }]);
  });

  it('asks for a language when none is checked, without asking the server', async () => {
    const bodies = recordCalls();
    const user = renderForm('pt');
    await user.type(screen.getByLabelText('Seu email'), 'ana@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Português' }));
    await user.click(screen.getByRole('button', { name: 'Inscrever-se' }));
    const message = 'Escolha pelo menos um idioma: português, inglês ou os dois.';
    expect(screen.getByRole('group', { name: 'Idiomas dos posts' })).toHaveAccessibleDescription(message);
    expect(screen.getByRole('checkbox', { name: 'Português' })).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  const refusals: [string, number, Language, string, 'field' | 'toast'][] = [
    ['newsletter_invalid_email', 400, 'pt', 'Digite um endereço de email válido, como nome@exemplo.com.', 'field'],
    ['newsletter_invalid_languages', 400, 'en', 'Choose at least one language: Portuguese, English or both.', 'field'],
    ['newsletter_trap', 400, 'pt', 'A inscrição não foi enviada: um campo oculto, que só programas automáticos preenchem, veio preenchido. Recarregue a página e tente de novo.', 'toast'],
    ['newsletter_address_limit', 429, 'pt', 'Este endereço já pediu a inscrição várias vezes na última hora. Veja se o email de confirmação chegou (e a pasta de spam) ou tente de novo mais tarde.', 'toast'],
    ['newsletter_client_limit', 429, 'en', 'Too many subscriptions came from this connection in the last hour. Try again later.', 'toast'],
    ['newsletter_busy', 429, 'pt', 'O site está recebendo inscrições demais agora. Tente de novo mais tarde.', 'toast'],
    ['something_else', 500, 'en', 'The subscription could not be made right now. Try again in a moment.', 'toast'],
  ];

  it.each(refusals)('says what %s means, in the page language', async (key, status, language, message, where) => {
    recordCalls(() => pgrstError(status, { code: status === 429 ? 'PT429' : '22023', message: key, details: null, hint: null }));
    const user = renderForm(language);
    await user.type(screen.getByRole('textbox'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: language === 'pt' ? 'Inscrever-se' : 'Subscribe' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    if (where === 'toast') expect(screen.getByText(language === 'pt' ? 'Não foi possível fazer a inscrição' : 'The subscription could not be made')).toBeInTheDocument();
    else expect(screen.getByText(message).id).not.toBe('');
    expect(screen.queryByText(language === 'pt' ? SENT_PT : SENT_EN)).not.toBeInTheDocument();
  });

  it('says the subscription failed when the server cannot be reached', async () => {
    server.use(http.post(RPC, () => HttpResponse.error()));
    const user = renderForm('pt');
    await user.type(screen.getByRole('textbox'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Inscrever-se' }));
    expect(await screen.findByText('Não foi possível fazer a inscrição agora. Tente de novo em instantes.')).toBeInTheDocument();
  });
});
