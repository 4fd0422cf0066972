import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildSetting } from '@/testing/fixtures/settings';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { renderAdmin } from '../test-utils';

const long = 'x'.repeat(101);
const settings = [
  { ...buildSetting('hero_title', 'Histórias que constroem confiança', 'pt'), description: 'Título principal do banner' },
  buildSetting('hero_description', 'Curta', 'pt'),
  buildSetting('footer_copyright', long, 'pt'),
  buildSetting('about_title', 'x'.repeat(100), 'pt'),
  buildSetting('hero_title', 'Stories that build trust', 'en'),
];

/** Serves `rows` like PostgREST (by language, ordered by key) and counts the reads. */
function serveSettings(rows = settings) {
  const reads = { count: 0 };
  server.use(
    http.get(restUrl('site_settings'), ({ request }) => {
      reads.count++;
      return pgrstAnswer(request, selectRows(rows, new URL(request.url)));
    }),
  );
  return reads;
}

async function openSettings() {
  const app = await renderAdmin();
  await app.user.click(screen.getByRole('tab', { name: 'Configurações' }));
  await screen.findByRole('heading', { name: 'Configurações do Site' });
  return app;
}

describe('settings tab', () => {
  it('shows a spinner while loading, then sub-tabs with counts, Portuguese first', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get(restUrl('site_settings'), async ({ request }) => {
        await gate;
        return pgrstAnswer(request, selectRows(settings, new URL(request.url)));
      }),
    );
    await openSettings();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    release();
    expect(await screen.findByRole('tab', { name: 'Português (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'English (1)' })).toBeInTheDocument();
  });

  it("shows each setting's key and description; a textarea (min 100px) for 'description' keys and values over 100 characters", async () => {
    serveSettings();
    await openSettings();
    const title = await screen.findByLabelText('hero_title');
    expect(title.tagName).toBe('INPUT');
    expect(title).toHaveValue('Histórias que constroem confiança');
    expect(title).toHaveAccessibleDescription('Título principal do banner');
    expect(screen.getByText('Título principal do banner')).toBeInTheDocument();
    const description = screen.getByLabelText('hero_description');
    expect(description.tagName).toBe('TEXTAREA');
    expect(description).toHaveClass('min-h-[100px]');
    expect(screen.getByLabelText('footer_copyright').tagName).toBe('TEXTAREA');
    // Exactly 100 characters is not "over 100".
    expect(screen.getByLabelText('about_title').tagName).toBe('INPUT');
  });

  it("shows 'Salvar' only while the value differs from the stored one", async () => {
    serveSettings();
    const { user } = await openSettings();
    const field = await screen.findByLabelText('hero_title');
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    await user.type(field, '!');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    await user.type(field, '{Backspace}');
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it("saves the value by id, toasts 'Configuração atualizada', refreshes and clears the local edit", async () => {
    const rows = [...settings];
    const reads = serveSettings(rows);
    let patched: { id: string | null; updatedAt: string | null; body: unknown } | undefined;
    server.use(
      http.patch(restUrl('site_settings'), async ({ request }) => {
        const body = (await request.json()) as { value: string };
        const params = new URL(request.url).searchParams;
        patched = { id: params.get('id'), updatedAt: params.get('updated_at'), body };
        rows[0] = { ...rows[0]!, value: body.value };
        return HttpResponse.json([{ id: rows[0].id }]);
      }),
    );
    const { user } = await openSettings();
    const field = await screen.findByLabelText('hero_title');
    await user.clear(field);
    await user.type(field, 'Novo título');
    const readsBefore = reads.count;
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configuração atualizada')).toBeInTheDocument();
    expect(screen.getByText('As alterações foram salvas com sucesso.')).toBeInTheDocument();
    // The save names the version she started from (issue 15).
    expect(patched).toEqual({ id: `eq.${settings[0]!.id}`, updatedAt: `eq.${settings[0]!.updated_at}`, body: { value: 'Novo título' } });
    expect(reads.count).toBeGreaterThan(readsBefore);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('hero_title')).toHaveValue('Novo título');
  });

  it('refuses to overwrite a value changed elsewhere: her text stays, she loads the other version or saves over it', async () => {
    const rows = [...settings];
    serveSettings(rows);
    const saves: (string | null)[] = [];
    server.use(
      http.patch(restUrl('site_settings'), async ({ request }) => {
        const expected = new URL(request.url).searchParams.get('updated_at');
        saves.push(expected);
        // Changed on her phone meanwhile: only a save over the newer version matches.
        if (expected !== 'eq.2026-02-02T10:00:00+00:00') return HttpResponse.json([]);
        rows[0] = { ...rows[0]!, value: ((await request.json()) as { value: string }).value, updated_at: '2026-03-03T10:00:00+00:00' };
        return HttpResponse.json([{ id: rows[0].id }]);
      }),
    );
    const { user } = await openSettings();
    const field = await screen.findByLabelText('hero_title');
    await user.clear(field);
    await user.type(field, 'Meu título');
    rows[0] = { ...rows[0]!, value: 'Título do celular', updated_at: '2026-02-02T10:00:00+00:00' };
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Esta configuração foi alterada em outro lugar');
    expect(screen.getByLabelText('hero_title')).toHaveValue('Meu título');
    await user.click(within(alert).getByRole('button', { name: 'Salvar mesmo assim' }));
    expect(await screen.findByText('Configuração atualizada')).toBeInTheDocument();
    expect(saves).toEqual([`eq.${settings[0]!.updated_at}`, 'eq.2026-02-02T10:00:00+00:00']);
    expect(rows[0]!.value).toBe('Meu título');
  });

  it("toasts 'Erro ao atualizar' with the message on failure, and keeps the local edit", async () => {
    serveSettings();
    server.use(
      http.patch(restUrl('site_settings'), () =>
        pgrstError(403, { code: '42501', message: 'permission denied for table site_settings' }),
      ),
    );
    const { user } = await openSettings();
    const field = await screen.findByLabelText('hero_title');
    await user.type(field, ' editado');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const toastTitle = await screen.findByText('Erro ao atualizar');
    expect(toastTitle).toBeInTheDocument();
    expect(screen.getByText('permission denied for table site_settings')).toBeInTheDocument();
    expect(field).toHaveValue('Histórias que constroem confiança editado');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('lists the English settings in their tab', async () => {
    serveSettings();
    const { user } = await openSettings();
    await user.click(await screen.findByRole('tab', { name: 'English (1)' }));
    const panel = screen.getByRole('tabpanel', { name: 'English (1)' });
    expect(within(panel).getByLabelText('hero_title')).toHaveValue('Stories that build trust');
  });
});
