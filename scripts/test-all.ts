/**
 * `npm test`: every layer of DESIGN.md in one run — type check, lint, build,
 * unit/component, server, integration (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set) and end-to-end in Chromium — then a summary of
 * what ran per layer with its time, the ten slowest test files, and one line
 * `N passed, N failed` (CI counts it).
 *
 * The four checks run two at a time (the machines have 2 cores, and each
 * check is one process on one core); the test layers run one after the
 * other, each using both cores its own way (vitest.config.ts, decision 260).
 * A failing layer does not stop the next ones, so one run shows everything
 * that is wrong. Exit code: 0 only when every layer passed.
 *
 * A part of it, for daily work: `npm test -- <layer or file>…`, where a layer
 * is checks, unit, server, integration or e2e, and a file is a test file's
 * path (it runs in its own layer), e.g.
 *   npm test -- unit
 *   npm test -- server/runtime.test.ts tests/integration/rls.test.ts
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireSupportedNode } from '../server/runtime.ts';
import { inParallel, run } from './test-run/processes.ts';
import { runVitestLayer, type LayerResult, type VitestLayer } from './test-run/vitest-layer.ts';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const CHECKS: { layer: string; cmd: string; args: string[] }[] = [
  { layer: 'type check (app)', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { layer: 'lint (eslint)', cmd: bin('eslint'), args: ['.'] },
  { layer: 'type check (server)', cmd: bin('tsc'), args: ['-p', 'server/tsconfig.json', '--noEmit'] },
  { layer: 'build (site + renderer)', cmd: bin('tsx'), args: ['scripts/build.ts'] },
];

const LAYERS: VitestLayer[] = [
  { layer: 'unit/component', project: 'unit', alsoProjects: ['unit-isolated'] },
  { layer: 'server', project: 'server' },
  { layer: 'integration', project: 'integration' },
  { layer: 'end-to-end (Chromium)', project: 'e2e' },
];

/** Which folder's files belong to which layer (vitest.config.ts's `include`). */
const LAYER_OF_PATH: [prefix: string, project: string][] = [
  ['src/', 'unit'],
  ['server/', 'server'],
  ['tests/integration/', 'integration'],
  ['tests/e2e/', 'e2e'],
];

interface Selection {
  checks: boolean;
  layers: VitestLayer[];
}

function select(args: string[]): Selection {
  if (args.length === 0) return { checks: true, layers: LAYERS };
  const names = new Set(LAYERS.map((l) => l.project));
  const whole = new Set(args.filter((a) => names.has(a)));
  const files = new Map<string, string[]>();
  for (const a of args) {
    if (names.has(a) || a === 'checks') continue;
    const project = LAYER_OF_PATH.find(([prefix]) => a.replace(/^\.\//, '').startsWith(prefix))?.[1];
    if (!project) {
      console.error(`"${a}" is neither a layer (checks, ${[...names].join(', ')}) nor a test file under ${LAYER_OF_PATH.map(([p]) => p).join(', ')}.`);
      process.exit(2);
    }
    files.set(project, [...(files.get(project) ?? []), a]);
  }
  return {
    checks: args.includes('checks'),
    layers: LAYERS.filter((l) => whole.has(l.project) || files.has(l.project)).map((l) =>
      whole.has(l.project) ? l : { ...l, filters: files.get(l.project) },
    ),
  };
}

async function runChecks(): Promise<LayerResult[]> {
  return inParallel(
    CHECKS.map(({ layer, cmd, args }) => async () => {
      const { ok, seconds } = await run(cmd, args, { cwd: root, heldUnder: layer });
      return { layer, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds };
    }),
    2,
  );
}

function printSummary(results: LayerResult[], minutes: number) {
  console.log(`\n${'='.repeat(8)} summary ${'='.repeat(53)}`);
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  console.log(`${pad('layer', 26)}${pad('passed', 8)}${pad('failed', 8)}${pad('skipped', 9)}time`);
  for (const r of results) {
    console.log(
      `${pad(r.layer, 26)}${pad(r.passed, 8)}${pad(r.failed, 8)}${pad(r.skipped, 9)}${r.seconds.toFixed(1)} s${r.note ? `   ${r.note}` : ''}`,
    );
  }
  const slowest = results
    .flatMap((r) => (r.files ?? []).map((f) => ({ ...f, layer: r.layer })))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (slowest.length > 0) {
    console.log('\nthe ten slowest test files (setup, hooks and tests):');
    for (const f of slowest) console.log(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}  [${f.layer}]`);
  }
  const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  [${r.layer}] ${f}`));
  if (failures.length > 0) console.log(`\nfailed:\n${failures.join('\n')}`);
  console.log(`\nNode ${process.version}; total time ${minutes.toFixed(1)} min (type checks, lint and the build count as one test each)`);
}

requireSupportedNode();
console.log(`Node ${process.version} (${process.execPath})`);
const selection = select(process.argv.slice(2));
const reportDir = join(tmpdir(), `journalist-site-test-${process.pid}`);
mkdirSync(reportDir, { recursive: true });

const started = Date.now();
const results: LayerResult[] = selection.checks ? await runChecks() : [];
for (const layer of selection.layers) results.push(await runVitestLayer(root, reportDir, layer));
rmSync(reportDir, { recursive: true, force: true });

const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed }),
  { passed: 0, failed: 0 },
);
printSummary(results, (Date.now() - started) / 60000);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
