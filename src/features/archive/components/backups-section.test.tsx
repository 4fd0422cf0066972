import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { saveFile } from '../browser/save-file';
import { backupsUrl } from '@/testing/handlers/backups';
import { server } from '@/testing/server';
import { renderArchiveTab } from './test-archive';

vi.mock('../browser/save-file', async (actual) => ({ ...(await actual<typeof import('../browser/save-file')>()), saveFile: vi.fn() }));

beforeEach(() => vi.resetAllMocks());

const good = (name: string, created_at: string, extra = {}) => ({
  name, created_at, status: 'good', reason: null, size: 12_900_000, trigger: 'schedule',
  counts: { posts: 72, settings: 42, objects: 130, subscribers: null }, upload: null, ...extra,
});

function list(over: Record<string, unknown> = {}) {
  return {
    backups: [good('backup-20261128T060000Z', '2026-11-28T06:00:00.000Z', { upload: { status: 'uploaded', at: '2026-11-28T06:01:00.000Z', error: null } }), good('backup-20261127T060000Z', '2026-11-27T06:00:00.000Z', { counts: { posts: 70, settings: 42, objects: 128, subscribers: 15 } })],
    failed: [], last_good_at: '2026-11-28T06:00:00.000Z', last_failed: null, stale: false, running: false, off_site: null,
    schedule: { at: '03:00', keep: { daily: 7, weekly: 4, monthly: 12 } },
    ...over,
  };
}

describe('the server\'s backups in "Importar e exportar"', () => {
  it('lists each backup with its date in Brasília, size, counts and status, and "Baixar" downloads it with her session', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(backupsUrl, () => HttpResponse.json(list())),
      http.get(`${backupsUrl}/:file`, ({ request, params }) => {
        authorization = request.headers.get('authorization');
        return params.file === 'backup-20261127T060000Z.zip' ? new HttpResponse(new Uint8Array([0x50, 0x4b, 5, 6]), { headers: { 'content-type': 'application/zip' } }) : HttpResponse.json({}, { status: 404 });
      }),
    );
    const { user } = await renderArchiveTab();
    const table = await screen.findByRole('table', { name: 'Backups guardados no servidor' });
    expect(screen.getByText(/todo dia, às 03:00 \(horário de Brasília\)/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['12,3 MB', '72', '130', '—', 'Verificadocópia externa enviada', 'Baixar'],
      ['12,3 MB', '70', '128', '15', 'Verificado', 'Baixar'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('28 de novembro de 2026, 03:00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Baixar o backup de 27 de novembro de 2026, 03:00' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('backup-20261127T060000Z.zip');
    expect(blob.size).toBe(4);
    expect(authorization).toMatch(/^Bearer ey/);
  });

  it('warns when the last good backup is older than 48 hours, and tells of the last one that failed', async () => {
    server.use(
      http.get(backupsUrl, () =>
        HttpResponse.json(list({ stale: true, last_failed: { ...good('backup-20261130T060000Z', '2026-11-30T06:00:00.000Z'), status: 'failed', reason: 'A exportação falhou: disco cheio' } })),
      ),
    );
    await renderArchiveTab();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Atenção: o último backup bom tem mais de 48 horas.Use “Fazer backup agora” e confira o registro do servidor.',
      'O backup de 30 de novembro de 2026, 03:00 falhou: A exportação falhou: disco cheio',
    ]);
  });

  it('"Fazer backup agora" starts one, says it is being made while it runs, then lists it', async () => {
    let state: 'idle' | 'running' | 'done' = 'idle';
    let posts = 0;
    server.use(
      http.get(backupsUrl, () => {
        if (state === 'running') {
          state = 'done';
          return HttpResponse.json(list({ backups: [], last_good_at: null, stale: true, running: true }));
        }
        return HttpResponse.json(state === 'done' ? list({ backups: [good('backup-20261128T120000Z', '2026-11-28T12:00:00.000Z')] }) : list({ backups: [], last_good_at: null, stale: true }));
      }),
      http.post(backupsUrl, () => {
        posts++;
        state = 'running';
        return HttpResponse.json({ started: true }, { status: 202 });
      }),
    );
    const { user } = await renderArchiveTab();
    expect(await screen.findByText('Ainda não há nenhum backup.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Atenção: ainda não há nenhum backup bom deste site.');
    await user.click(screen.getByRole('button', { name: 'Fazer backup agora' }));
    expect(await screen.findByText('Fazendo backup…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fazer backup agora' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Baixar o backup de 28 de novembro de 2026, 09:00' }, { timeout: 5000 })).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on a hosted project (no backups endpoint) shows what Supabase keeps and how to keep her own copy, with no list', async () => {
    await renderArchiveTab();
    expect(await screen.findByRole('heading', { name: 'Backups deste site' })).toBeInTheDocument();
    expect(screen.getByText(/já guarda backups diários do banco de dados/)).toHaveTextContent('agende npm run export');
    expect(screen.queryByRole('button', { name: 'Fazer backup agora' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
