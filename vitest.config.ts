import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// One project per test layer of DESIGN.md, so each can run alone (npm run test:<layer>).
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          globals: true,
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
          // CI's machine is shared and slower than a developer's: the admin's
          // form tests take 3-4 s here with a second run beside them.
          testTimeout: 15_000,
          env: { VITE_SUPABASE_URL: 'http://localhost:54321', VITE_SUPABASE_PUBLISHABLE_KEY: 'test-anon-key' },
        },
      },
      {
        test: {
          name: 'server',
          globals: true,
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
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          globals: true,
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One `npm start` on a fresh DATA_DIR for every file (tests/e2e/global-setup.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The files share that server and the 2 cores: one at a time, in this order.
          fileParallelism: false,
          sequence: { shuffle: false },
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
