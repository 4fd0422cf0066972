/**
 * `npm run fediverse-worker` (issue 45): without what it needs it says what
 * to set and exits 2. Its delivery through --once is tested with the Edge
 * Function it works beside (fediverse-edge-function.test.ts, PostgreSQL).
 */
import { main } from '../../server/cli/fediverse-worker.ts';

async function quietly<T>(run: () => Promise<T>): Promise<{ result: T; stderr: string }> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  try {
    return { result: await run(), stderr: lines.join('\n') };
  } finally {
    spy.mockRestore();
  }
}

describe('npm run fediverse-worker', () => {
  it('says what to set when something is missing or wrong, and exits 2', async () => {
    const noDb = await quietly(() => main(['--once'], { SITE_URL: 'https://example.com' }));
    expect(noDb.result).toBe(2);
    expect(noDb.stderr).toContain('DATABASE_URL is not set');
    const noSite = await quietly(() => main(['--once'], { DATABASE_URL: 'postgres://x@127.0.0.1/x' }));
    expect(noSite.result).toBe(2);
    expect(noSite.stderr).toContain('SITE_URL is not set');
    const badAllow = await quietly(() => main([], { DATABASE_URL: 'postgres://x@127.0.0.1/x', SITE_URL: 'https://example.com', OUTBOUND_ALLOW_HOSTS: 'nohost' }));
    expect(badAllow.result).toBe(2);
    expect(badAllow.stderr).toContain('OUTBOUND_ALLOW_HOSTS');
    expect((await quietly(() => main(['--sometimes'], {}))).result).toBe(2);
  });
});
