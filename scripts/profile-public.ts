/**
 * `npm run profile:public`: a Chromium trace of /pt, /en and a post at 4×
 * CPU slowdown (a phone), as loaded by a reader with an empty cache, and for
 * each page the main thread's tasks of 50 ms or more, with what ran in them
 * (script evaluation by file, timers, animation frames, style and layout),
 * loaded, then 1.5 s later a reader's sign (a pointer move), which starts a
 * home's or a post's app; each page's static copy (no script) after it.
 * The first step of issue 28: which tasks are long and whose code runs in
 * them. Writes each trace to TRACE_DIR (default a temporary directory) for
 * chrome://tracing or the DevTools performance panel. A figure to read.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../server/index.ts';
import { buildSite } from './build.ts';
import { launchChromium } from './chromium.ts';
import { staticCopy } from './static-copy.ts';

const SLOWDOWN = 4;
/** Scheduler bookkeeping around the work itself: never the answer to "what ran". */
const WRAPPERS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint', 'SequenceManager::DoIdleWork']);
const LONG_TASK_MS = Number(process.env.PROFILE_LONG_TASK_MS ?? 50);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

/** A child event's label: the script's file for evaluation and calls, else the event's own name. */
function label(e: TraceEvent): string {
  const url = e.args?.data?.url;
  const file = url ? url.replace(/^https?:\/\/[^/]+/, '') : '';
  if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') return `evaluate ${file || '(inline)'}`;
  if (e.name === 'FunctionCall') return `call ${e.args?.data?.functionName || '(anonymous)'} ${file}`.trim();
  return e.name;
}

/** The renderer main thread's long tasks, each with its largest direct contributors. */
function longTasks(events: TraceEvent[], slowdownNote: string): string[] {
  // The page's renderer: of the renderer main threads (about:blank has one too), the busiest.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const eventsOf = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.dur !== undefined);
  const main = mains.map((m) => ({ m, n: eventsOf(m).length })).sort((a, b) => b.n - a.n)[0]?.m;
  if (!main) return ['(no renderer main thread in the trace)'];
  const onMain = eventsOf(main).filter((e) => !WRAPPERS.has(e.name) || e.name === 'RunTask');
  const runTasks = onMain.filter((e) => e.name === 'RunTask');
  // Top-level tasks only: a nested RunTask is part of its parent's time.
  const tasks = runTasks
    .filter((t) => !runTasks.some((p) => p !== t && p.ts <= t.ts && p.ts + p.dur! >= t.ts + t.dur!))
    .sort((a, b) => a.ts - b.ts);
  const navigation = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
  const lines: string[] = [];
  for (const task of tasks) {
    const ms = task.dur! / 1000;
    if (ms < LONG_TASK_MS) continue;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.name !== 'RunTask');
    const totals = new Map<string, number>();
    // Only the outermost events: nested ones are already inside their parent's time.
    const outer = inside.filter((e) => !inside.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur! && p.dur! > e.dur!));
    for (const e of outer) totals.set(label(e), (totals.get(label(e)) ?? 0) + e.dur! / 1000);
    const parts = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, t]) => `${name} ${t.toFixed(0)} ms`);
    lines.push(`${ms.toFixed(0).padStart(5)} ms task at ${((task.ts - navigation) / 1000).toFixed(0).padStart(5)} ms: ${parts.join('; ')}`);
  }
  if (!lines.length) lines.push(`no task of ${LONG_TASK_MS} ms or more ${slowdownNote}`);
  return lines;
}

async function main() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'profile-public-'));
  const traceDir = process.env.TRACE_DIR ?? path.join(outDir, 'traces');
  mkdirSync(traceDir, { recursive: true });
  const siteDir = path.join(outDir, 'site');
  await buildSite(siteDir);
  const dataDir = path.join(outDir, 'data');
  mkdirSync(dataDir);
  cpSync(siteDir, path.join(dataDir, 'site'), { recursive: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, spaDir: path.join(dataDir, 'site') });
  const browser = await launchChromium();
  try {
    const home = await (await fetch(`${server.url}/pt`)).text();
    const postPath = home.match(/href="(\/pt\/[a-z0-9]+(?:-[a-z0-9]+)*)"/)?.[1];
    if (!postPath) throw new Error('No post link on /pt');
    console.log(`Chromium trace, CPU slowed ${SLOWDOWN}×, mobile viewport, empty cache; tasks of ${LONG_TASK_MS} ms or more.`);
    console.log(`Traces in ${traceDir}\n`);
    // Each page, then its static copy (no script at all): what its markup and CSS cost by themselves.
    mkdirSync(path.join(dataDir, 'site', 'static-copy'));
    const targets: { name: string; path: string }[] = [];
    for (const [i, pagePath] of ['/pt', '/en', postPath].entries()) {
      const { html } = staticCopy(await (await fetch(`${server.url}${pagePath}`)).text());
      writeFileSync(path.join(dataDir, 'site', 'static-copy', `${i}.html`), html);
      targets.push({ name: pagePath, path: pagePath }, { name: `${pagePath} as static HTML`, path: `/static-copy/${i}.html` });
    }
    for (const { name, path: pagePath } of targets) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'toplevel', '__metadata'],
      });
      await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      // Then a reader's sign: a home or a post starts its app only now (decision 240), and its start is traced too.
      await page.mouse.move(5, 5);
      await page.waitForTimeout(4000);
      const trace = await browser.stopTracing();
      const file = path.join(traceDir, `${pagePath.replaceAll('/', '_') || 'root'}.json`);
      writeFileSync(file, trace);
      const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
      console.log(name);
      for (const line of longTasks(traceEvents, `(at ${SLOWDOWN}×)`)) console.log(`  ${line}`);
      console.log('');
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
    if (!process.env.TRACE_DIR) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
