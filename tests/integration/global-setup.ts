/** Runs once per vitest run, in the main process: say which targets the integration suites use. */
export default function announceTargets(): void {
  console.info(
    process.env.TEST_DATABASE_URL
      ? '[integration] running on PGlite and on PostgreSQL (TEST_DATABASE_URL).'
      : '[integration] TEST_DATABASE_URL is not set: running on PGlite only; the PostgreSQL run was not requested.',
  );
}
