import { inject } from 'vitest';
import type { ProvidedApp } from '../global-setup';

/**
 * The `npm start` of this test file's worker (tests/e2e/global-setup.ts). A
 * worker runs its files one at a time, so a file has its server to itself
 * while it runs, as when every file ran in one line.
 */
export function theApp(): ProvidedApp {
  const apps = inject('apps');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return apps[(worker - 1) % apps.length]!;
}

/** The saved outlets' pages every app's clips worker may fetch (tests/e2e/global-setup.ts). */
export function theOutlets(): { origin: string } {
  return inject('outlets');
}
