import { availableParallelism } from 'node:os';

/**
 * How many end-to-end files run at once, each worker with its own `npm start`
 * (tests/e2e/global-setup.ts): one per core, at least two (a file spends a
 * third of its time waiting on the browser and the server). E2E_WORKERS=1
 * runs them one after another on one server.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS) || Math.max(2, Math.min(4, availableParallelism()));
