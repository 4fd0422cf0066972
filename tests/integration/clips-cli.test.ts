/**
 * `npm run clips` (issue 43) against the local backend with its service key
 * (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY, as on hosted), a local outlet
 * allow-listed by OUTBOUND_ALLOW_HOSTS itself: exit 0 all done, 2 some
 * refused (each listed), 1 nothing done.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../server/cli/clips.ts';
import { savedOutlets, startOutletServer, type OutletServer } from '../../server/clips/outlet-server.ts';
import { targets, useBackend } from './harness.ts';

async function captured<T>(run: () => Promise<T>): Promise<{ result: T; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  try {
    return { result: await run(), out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe.each(targets)('npm run clips on $name', (target) => {
  let outlets: OutletServer;
  const dir = mkdtempSync(path.join(tmpdir(), 'clips-cli-'));
  beforeAll(async () => {
    outlets = await startOutletServer();
  });
  afterAll(async () => {
    await outlets.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const backend = useBackend(target);
  const env = () => ({ SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey, OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${outlets.port}` });
  const local = (file: string) => `http://127.0.0.1:${outlets.port}${new URL(savedOutlets.find((o) => o.file === file)!.url).pathname}`;

  it('adds each address; a refused one is listed and the exit code is 2; all refused is 1', async () => {
    const some = await captured(() => main(['add', local('npr'), 'http://[::1]/', '--hidden'], env()));
    expect(some.result).toBe(2);
    expect(some.out).toContain(`added    ${local('npr')}`);
    expect(some.err).toContain('refused  http://[::1]/: Endereço recusado: ::1 aponta para uma rede privada ou reservada (loopback).');
    const { data } = await backend.service.from('clips').select('outlet, status, byline').eq('url', local('npr')).single();
    expect(data).toEqual({ outlet: 'NPR', status: 'hidden', byline: expect.stringContaining('Darian Woods') });

    const none = await captured(() => main(['add', local('npr')], env()));
    expect(none.result).toBe(1);
    expect(none.err).toContain('Já existe uma publicação com este endereço.');

    const ok = await captured(() => main(['add', local('reuters')], env()));
    expect(ok.result).toBe(0);
  });

  it('imports a CSV and checks links: exit codes and what it says', async () => {
    const file = path.join(dir, 'clips.csv');
    writeFileSync(file, 'título,veículo,data,endereço,idioma,resumo\nColuna antiga,Jornal do Brasil,1998-03-02,,pt,\nRuim,X,ontem,,pt,\n');
    const csv = await captured(() => main(['csv', file], env()));
    expect(csv.result).toBe(2);
    expect(csv.err).toContain('refused  line 3: Data inválida: ontem (use AAAA-MM-DD ou DD/MM/AAAA).');
    expect(csv.out).toContain('added 1 clip(s), refused 1 line(s)');
    const check = await captured(() => main(['check'], env()));
    expect(check.result).toBe(0);
    expect(check.out).toMatch(/^checked 2: 2 ok, 0 failing, 0 dead/m);
  });

  it('bad usage does nothing and exits 1', async () => {
    expect((await captured(() => main(['add'], env()))).result).toBe(1);
    expect((await captured(() => main(['remove', 'x'], env()))).result).toBe(1);
    expect((await captured(() => main(['add', 'x', '--sideways'], env()))).result).toBe(1);
  });
});
