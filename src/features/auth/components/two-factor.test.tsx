import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authUrl } from '@/testing/api';
import { authError, makeSession, makeUser, seedSession, TEST_FACTOR_ID, verifiedTotp } from '@/testing/handlers/auth';
import { renderApp } from '@/testing/render-app';
import '@/testing/slow-machine';
import { server } from '@/testing/server';

const aal2Session = () => makeSession(undefined, undefined, 3600, { aal: 'aal2', factors: [verifiedTotp] });

/** GoTrue's challenge and verify for the test factor: `good` is the only code it takes. */
function serveChallenge(good: string) {
  server.use(
    http.post(authUrl(`/factors/${TEST_FACTOR_ID}/challenge`), () =>
      HttpResponse.json({ id: '0c1b2a39-4857-4a6b-9c8d-7e6f5a4b3c2d', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
    ),
    http.post(authUrl(`/factors/${TEST_FACTOR_ID}/verify`), async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      return code === good ? HttpResponse.json(aal2Session()) : authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }),
  );
}

describe('an admin with two-factor sign-in', () => {
  beforeEach(() => {
    server.use(http.get(authUrl('/user'), () => HttpResponse.json(makeUser(undefined, undefined, [verifiedTotp]))));
  });

  it('sees "Verificação em duas etapas" after her password, never the editor, until a right code', async () => {
    seedSession(undefined, 3600, { aal: 'aal1', factors: [verifiedTotp] });
    serveChallenge('123456');
    const { user } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeInTheDocument();
    expect(screen.queryByText('Administração do Blog')).not.toBeInTheDocument();
    const code = await screen.findByLabelText('Código');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText('Informe o código de 6 dígitos.')).toBeInTheDocument();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('Código inválido ou expirado. Confira o relógio do celular e tente o código seguinte.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Administração do Blog')).not.toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Administração do Blog' })).toBeInTheDocument();
  });

  it('is told to wait after too many wrong codes', async () => {
    seedSession(undefined, 3600, { aal: 'aal1', factors: [verifiedTotp] });
    serveChallenge('123456');
    server.use(http.post(authUrl(`/factors/${TEST_FACTOR_ID}/verify`), () => authError(429, 'over_request_rate_limit', 'Too many')));
    const { user } = renderApp('/admin');
    await user.type(await screen.findByLabelText('Código'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Muitas tentativas erradas. Aguarde alguns minutos e tente de novo.')).toBeInTheDocument();
  });

  it('with an aal2 session goes straight to the editor', async () => {
    seedSession(undefined, 3600, { aal: 'aal2', factors: [verifiedTotp] });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Administração do Blog' })).toBeInTheDocument();
  });
});

describe('"Segurança" tab', () => {
  it('turns two-factor sign-in on: QR code, secret, first code, then "Ativada"', async () => {
    seedSession();
    let factors: unknown[] = [];
    server.use(
      http.get(authUrl('/user'), () => HttpResponse.json(makeUser(undefined, undefined, factors))),
      http.post(authUrl('/factors'), async ({ request }) => {
        expect(await request.json()).toMatchObject({ factor_type: 'totp', friendly_name: 'Aplicativo autenticador' });
        factors = [{ ...verifiedTotp, status: 'unverified' }];
        return HttpResponse.json({
          id: TEST_FACTOR_ID,
          type: 'totp',
          friendly_name: 'Aplicativo autenticador',
          totp: { qr_code: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' },
        });
      }),
    );
    serveChallenge('246810');
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: 'Segurança' }));
    const section = screen.getByRole('region', { name: 'Verificação em duas etapas' });
    await user.click(within(section).getByRole('button', { name: 'Ativar verificação em duas etapas' }));
    expect(await within(section).findByRole('img', { name: 'QR code para o aplicativo autenticador' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml;utf-8,<svg/),
    );
    expect(within(section).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Código'), '246810');
    factors = [verifiedTotp];
    await user.click(within(section).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Verificação em duas etapas ativada')).toBeInTheDocument();
    expect(await within(section).findByText('Ativada. Ao entrar, pedimos um código do seu aplicativo autenticador.')).toBeInTheDocument();
  });

  it('turns it off only with a code', async () => {
    seedSession(undefined, 3600, { aal: 'aal2', factors: [verifiedTotp] });
    let factors: unknown[] = [verifiedTotp];
    let removed = false;
    server.use(
      http.get(authUrl('/user'), () => HttpResponse.json(makeUser(undefined, undefined, factors))),
      http.delete(authUrl(`/factors/${TEST_FACTOR_ID}`), () => {
        removed = true;
        factors = [];
        return HttpResponse.json({ id: TEST_FACTOR_ID });
      }),
    );
    serveChallenge('135790');
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: 'Segurança' }));
    const section = screen.getByRole('region', { name: 'Verificação em duas etapas' });
    await user.click(await within(section).findByRole('button', { name: 'Desativar' }));
    await user.type(within(section).getByLabelText('Código'), '000000');
    await user.click(within(section).getByRole('button', { name: 'Desativar' }));
    expect(await within(section).findByText(/Código inválido/)).toBeInTheDocument();
    expect(removed).toBe(false);
    await user.clear(within(section).getByLabelText('Código'));
    await user.type(within(section).getByLabelText('Código'), '135790');
    await user.click(within(section).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(removed).toBe(true));
    expect(await screen.findByText('Verificação em duas etapas desativada')).toBeInTheDocument();
    expect(await within(section).findByRole('button', { name: 'Ativar verificação em duas etapas' })).toBeInTheDocument();
  });

  it('"Sair de todos os dispositivos" asks first, then ends every session (scope global)', async () => {
    seedSession();
    let scope: string | null = null;
    server.use(
      http.post(authUrl('/logout'), ({ request }) => {
        scope = new URL(request.url).searchParams.get('scope');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: 'Segurança' }));
    await user.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sair de todos os dispositivos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sair de todos os dispositivos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(scope).toBe('global');
    expect(await screen.findByText('Sessões encerradas')).toBeInTheDocument();
  });
});
