/**
 * `npm test`: every layer of DESIGN.md in one run — type check, lint, build,
 * unit/component, server, integration (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set) and end-to-end in Chromium — then a summary of
 * what ran per layer, ending with one line `N passed, N failed` (CI counts it).
 *
 * Layers run one after the other (the machines have 2 cores), and a failing
 * layer does not stop the next ones, so one run shows everything that is wrong.
 * Exit code: 0 only when every layer passed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { requireSupportedNode } from '../server/runtime.ts';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface LayerResult {
  layer: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** file › test of each failure, printed again under the summary. */
  failures?: string[];
}

/** The parts of vitest's JSON reporter output we read. */
interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** An error's first line, for the summary. */
const firstLine = (message: string | undefined) => (message ?? '').split('\n')[0]!.slice(0, 200);

function banner(title: string) {
  console.log(`\n${'='.repeat(8)} ${title} ${'='.repeat(Math.max(4, 60 - title.length))}`);
}

function exec(cmd: string, args: string[]): { ok: boolean; seconds: number } {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.error) console.error(`Could not run ${cmd}: ${r.error.message}`);
  return { ok: r.status === 0, seconds: (Date.now() - started) / 1000 };
}

/** A step that is one check (type check, build): counts as 1 passed or 1 failed. */
function check(layer: string, cmd: string, args: string[]): LayerResult {
  banner(layer);
  const { ok, seconds } = exec(cmd, args);
  return { layer, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds };
}

const reportDir = join(tmpdir(), `journalist-site-test-${process.pid}`);
mkdirSync(reportDir, { recursive: true });

/** One vitest project, counted from its JSON report. */
function vitestLayer(layer: string, project: string, env: Record<string, string> = {}): LayerResult[] {
  banner(layer);
  const out = join(reportDir, `${project}.json`);
  const started = Date.now();
  const r = spawnSync(
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  const seconds = (Date.now() - started) / 1000;
  if (!existsSync(out)) {
    return [{ layer, passed: 0, failed: 1, skipped: 0, seconds, note: `vitest exited ${r.status} without a report (no test files?)` }];
  }
  const json = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
  // A file that fails to load, or whose beforeAll throws (no Chromium, no
  // server), has no failed test in it: vitest reports its tests as skipped.
  // Count them as failed, or they would vanish from the total.
  const brokenFiles = json.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((t) => t.status === 'failed'),
  );
  let notRun = 0; // tests of broken files reported as skipped
  let brokenCount = 0; // what those files add to the failures: their tests, or 1 for a file with none
  for (const f of brokenFiles) {
    const skipped = f.assertionResults.filter((t) => t.status === 'skipped' || t.status === 'pending').length;
    notRun += skipped;
    brokenCount += Math.max(1, skipped);
    console.error(`\n${relative(root, f.name)} failed before its ${skipped} test(s) ran: ${f.message ?? ''}`);
  }
  const result: LayerResult = {
    layer,
    passed: json.numPassedTests,
    failed: json.numFailedTests + brokenCount,
    skipped: Math.max(0, json.numPendingTests + json.numTodoTests - notRun),
    seconds,
  };
  if (r.status !== 0 && result.failed === 0) {
    result.failed = 1;
    result.note = `vitest exited ${r.status}`;
  }
  // CI keeps only the end of the output: name each failure again there.
  result.failures = [
    ...json.testResults.flatMap((f) =>
      f.assertionResults.filter((t) => t.status === 'failed').map((t) => {
        const why = firstLine(t.failureMessages?.[0]);
        return `${relative(root, f.name)} › ${t.fullName}${why ? `\n      ${why}` : ''}`;
      }),
    ),
    ...brokenFiles.map((f) => `${relative(root, f.name)} (did not run: ${firstLine(f.message)})`),
  ];
  const results = [result];
  if (project === 'integration') {
    // Say how many of the integration tests ran on PostgreSQL, so a run that
    // silently skipped it shows it (their names say "on PostgreSQL", see
    // tests/integration/harness.ts).
    const tests = json.testResults.flatMap((f) => f.assertionResults);
    const onPostgres = tests.filter((t) => /\bPostgreSQL\b/.test(t.fullName));
    const ran = onPostgres.filter((t) => t.status === 'passed' || t.status === 'failed').length;
    if (process.env.TEST_DATABASE_URL) {
      result.note = `${ran} of them on PostgreSQL (TEST_DATABASE_URL)`;
      if (ran === 0) {
        result.failed += 1;
        result.note = 'TEST_DATABASE_URL is set but no test ran on PostgreSQL';
      }
    } else {
      result.note = 'PGlite only (set TEST_DATABASE_URL to run them on PostgreSQL too)';
    }
  }
  return results;
}

requireSupportedNode();
console.log(`Node ${process.version} (${process.execPath})`);

const started = Date.now();
const results: LayerResult[] = [
  check('type check (app)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  check('type check (server)', bin('tsc'), ['-p', 'server/tsconfig.json', '--noEmit']),
  check('lint (eslint)', bin('eslint'), ['.']),
  check('build (site + renderer)', bin('tsx'), ['scripts/build.ts']),
  ...vitestLayer('unit/component', 'unit'),
  ...vitestLayer('server', 'server'),
  ...vitestLayer('integration', 'integration'),
  ...vitestLayer('end-to-end (Chromium)', 'e2e'),
];
rmSync(reportDir, { recursive: true, force: true });

const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
const minutes = (Date.now() - started) / 60000;

banner('summary');
const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`${pad('layer', 26)}${pad('passed', 8)}${pad('failed', 8)}${pad('skipped', 9)}time`);
for (const r of results) {
  console.log(
    `${pad(r.layer, 26)}${pad(r.passed, 8)}${pad(r.failed, 8)}${pad(r.skipped, 9)}${r.seconds.toFixed(1)} s${r.note ? `   ${r.note}` : ''}`,
  );
}
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  [${r.layer}] ${f}`));
if (failures.length > 0) console.log(`\nfailed:\n${failures.join('\n')}`);
console.log(`\ntotal time ${minutes.toFixed(1)} min (type checks, lint and the build count as one test each)`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
