import { buildIfNeeded } from '../../scripts/build.ts';

/**
 * Runs once per vitest run, in the main process: builds the site when dist/
 * is not current (the site tests serve it), and says which targets the
 * integration suites use.
 */
export default async function setup(): Promise<void> {
  await buildIfNeeded((line) => console.info(`[integration] ${line}`));
  console.info(
    process.env.TEST_DATABASE_URL
      ? '[integration] running on PGlite and on PostgreSQL (TEST_DATABASE_URL).'
      : '[integration] TEST_DATABASE_URL is not set: running on PGlite only; the PostgreSQL run was not requested.',
  );
}
