import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import { E2E_WORKERS } from './tests/e2e/support/workers';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// vitest's default leaves a core to its main process (1 worker on these
// 2-core machines), which idles while the workers run: every core works.
const cores = availableParallelism();

const unit: NonNullable<ViteUserConfig['test']> = {
  globals: true,
  maxWorkers: cores,
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/testing/setup.ts'],
  // CI's machine is shared and slower than a developer's: the admin's
  // form tests take 3-4 s here with a second run beside them.
  testTimeout: 15_000,
  env: { VITE_SUPABASE_URL: 'http://localhost:54321', VITE_SUPABASE_PUBLISHABLE_KEY: 'test-anon-key' },
};

/**
 * Unit test files that need modules of their own: those that replace one
 * (vi.mock), and those that say so in a line `// vitest: own modules (why)`.
 */
const ownModules = globSync('src/**/*.test.{ts,tsx}').filter((file) =>
  /\bvi\.mock\(|^\/\/ vitest: own modules\b/m.test(readFileSync(file, 'utf8')),
);

/**
 * The built server renderer (5 MB) is imported by Node itself, as `npm start`
 * imports it: through vitest's module runner, each test file that served a
 * page spent about 5 s transforming it before its first request.
 */
const server = { deps: { external: [/\/dist\/\.ssr\//] } };

// One project per test layer of DESIGN.md, so each can run alone (npm run test:<layer>).
export default defineConfig({
  test: {
    projects: [
      // Unit files share their workers' modules and document (isolate: false):
      // jsdom, React and the app are loaded once per worker instead of once per
      // file, which was two thirds of the layer's time (decision 260); each
      // file starts from a new document and empty storage (src/testing/setup.ts).
      // The files of ownModules run isolated.
      { plugins: [react()], resolve: { alias }, test: { ...unit, name: 'unit', exclude: [...configDefaults.exclude, ...ownModules], isolate: false } },
      { plugins: [react()], resolve: { alias }, test: { ...unit, name: 'unit-isolated', include: ownModules } },
      {
        test: {
          name: 'server',
          globals: true,
          server,
          // Each file makes its own backends and databases; the modules (the
          // whole server) are loaded once per worker, not once per file (decision 260).
          maxWorkers: cores,
          isolate: false,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The app's own query functions are exercised against the real backend.
        resolve: { alias },
        test: {
          name: 'integration',
          globals: true,
          server,
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // As the server layer: two files at a time, each with its own backends, modules loaded once per worker.
          maxWorkers: cores,
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          globals: true,
          // newsletter-public's own server imported it through the runner: 7 s quiet, over the
          // page's 15 s under CI's load (its first /pt never answered in time).
          server,
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One `npm start` on a fresh DATA_DIR per worker (tests/e2e/global-setup.ts):
          // each worker's files run one at a time against its own server.
          globalSetup: ['tests/e2e/global-setup.ts'],
          maxWorkers: E2E_WORKERS,
          testTimeout: 90_000,
          hookTimeout: 240_000,
          // vitest's 1 s default for expect.poll is shorter than a page's start under CI's load
          // (a share tapped before the app started waited longer than that once): the same 15 s
          // the pages' own actions get.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
