/**
 * One vitest project of `npm test`, counted from its JSON report, with what
 * each of its files cost (scripts/test-timings-reporter.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FileTiming, TimingsReport } from '../test-timings-reporter.ts';
import { run } from './processes.ts';

export interface LayerResult {
  layer: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** file › test of each failure, printed again under the summary. */
  failures?: string[];
  /** What each file cost, hooks included. */
  files?: FileTiming[];
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

// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;

/**
 * vitest's "Unhandled Errors" block (or, failing that, the output's last
 * lines), at most 40 lines, for the summary.
 */
export function errorsOutsideTests(output: string): string[] {
  const lines = output.replace(ansi, '').split('\n');
  const start = lines.findIndex((l) => /Unhandled (Errors?|Rejection)/.test(l));
  const block = start >= 0 ? lines.slice(start, start + 40) : lines.filter((l) => l.trim()).slice(-15);
  return [`(outside any test) vitest failed with no failing test; ${start >= 0 ? 'its unhandled errors' : 'the end of its output'}:\n${block.map((l) => `      ${l}`).join('\n')}`];
}

export interface VitestLayer {
  layer: string;
  /** The layer's name in `npm test -- <layer>`, and its first vitest project. */
  project: string;
  /** More vitest projects of the same layer (vitest.config.ts). */
  alsoProjects?: string[];
  /** Test files (or name filters) to run instead of the whole project. */
  filters?: string[];
  env?: Record<string, string>;
}

export async function runVitestLayer(root: string, reportDir: string, spec: VitestLayer): Promise<LayerResult> {
  const { layer, project } = spec;
  console.log(`\n${'='.repeat(8)} ${layer} ${'='.repeat(Math.max(4, 60 - layer.length))}`);
  const out = join(reportDir, `${project}.json`);
  const timings = join(reportDir, `${project}-files.json`);
  const r = await run(
    join(root, 'node_modules', '.bin', 'vitest'),
    [
      'run', ...[project, ...(spec.alsoProjects ?? [])].flatMap((p) => ['--project', p]),
      '--reporter=default', '--reporter=json', `--outputFile.json=${out}`,
      '--reporter=./scripts/test-timings-reporter.ts',
      ...(spec.filters ?? []),
    ],
    { cwd: root, env: { ...process.env, ...spec.env, TEST_TIMINGS_FILE: timings }, keepTail: 200_000 },
  );
  const { seconds } = r;
  if (!existsSync(out)) {
    return { layer, passed: 0, failed: 1, skipped: 0, seconds, note: `vitest exited ${r.status} without a report (no test files?)` };
  }
  const json = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
  const report: TimingsReport = existsSync(timings) ? (JSON.parse(readFileSync(timings, 'utf8')) as TimingsReport) : { files: [], unfinished: [] };
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
  // Tests of a file whose worker died that the report has as pending: they count as failed below, not as skipped.
  const unfinishedFiles = new Set(report.unfinished.map((f) => f.file));
  const cutShort = json.testResults
    .filter((f) => unfinishedFiles.has(relative(root, f.name)))
    .flatMap((f) => f.assertionResults)
    .filter((t) => t.status === 'pending').length;
  const result: LayerResult = {
    layer,
    passed: json.numPassedTests,
    failed: json.numFailedTests + brokenCount,
    skipped: Math.max(0, json.numPendingTests + json.numTodoTests - notRun - cutShort),
    seconds,
    files: report.files,
  };
  // No test failed, yet vitest did: an error outside any test (an unhandled
  // rejection after a test ended). CI keeps only the end of the output, so
  // its block is named again in the summary.
  const outside = r.status !== 0 && result.failed === 0 ? errorsOutsideTests(r.tail ?? '') : [];
  // A worker that died takes its file out of vitest's report: name it.
  const unfinished = report.unfinished.map(
    (f) => `${f.file} never ended (its worker died?) after ${f.ended} of ${f.tests} test(s)${f.lastEnded ? `; the last to end: ${f.lastEnded}` : ''}`,
  );
  // Their tests that never ended failed, whatever else did.
  result.failed += report.unfinished.reduce((n, f) => n + f.tests - f.ended, 0);
  if (r.status !== 0 && result.failed === 0) result.failed = 1;
  if (r.status !== 0 && outside.length > 0) result.note = `vitest exited ${r.status}`;
  // CI keeps only the end of the output: name each failure again there.
  result.failures = [
    ...json.testResults.flatMap((f) =>
      f.assertionResults.filter((t) => t.status === 'failed').map((t) => {
        const why = firstLine(t.failureMessages?.[0]);
        return `${relative(root, f.name)} › ${t.fullName}${why ? `\n      ${why}` : ''}`;
      }),
    ),
    ...brokenFiles.map((f) => `${relative(root, f.name)} (did not run: ${firstLine(f.message)})`),
    ...unfinished,
    ...outside,
  ];
  if (project === 'integration') {
    // Say how many of the integration tests ran on PostgreSQL, so a run that
    // silently skipped it shows it (their names say "on PostgreSQL", see
    // tests/integration/harness.ts).
    const tests = json.testResults.flatMap((f) => f.assertionResults);
    const ran = tests.filter((t) => /\bPostgreSQL\b/.test(t.fullName) && (t.status === 'passed' || t.status === 'failed')).length;
    const exited = result.note ? `${result.note}; ` : '';
    if (process.env.TEST_DATABASE_URL) {
      result.note = `${exited}${ran} of them on PostgreSQL (TEST_DATABASE_URL)`;
      if (ran === 0 && !spec.filters?.length) {
        result.failed += 1;
        result.note = 'TEST_DATABASE_URL is set but no test ran on PostgreSQL';
      }
    } else {
      result.note = `${exited}PGlite only (set TEST_DATABASE_URL to run them on PostgreSQL too)`;
    }
  }
  return result;
}
