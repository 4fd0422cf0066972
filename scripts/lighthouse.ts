/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling, from npm) in
 * the system Chromium on the server-rendered /pt, /en and a post, each beside
 * a static HTML copy of the same page served by the same server in the same
 * run: its markup and CSS with every <script> removed (the app's starter, the
 * hydration state, the JSON-LD) and no module preload, so the copy is what
 * the page would cost as plain HTML. Prints the median of RUNS runs per page
 * and the issue-28 targets against the copy: TBT at most 50 ms above it,
 * performance at most 2 below it, LCP ≤ 1.1 × its own, SEO 100. Then, from
 * the site's last run, where its main-thread time went (long tasks, scripts).
 * A figure to read, never a test: this machine is shared.
 *
 * CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 5),
 * LIGHTHOUSE_PAGES (e.g. "/pt,post"; default /pt, /en and a post).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../server/index.ts';
import { buildIfNeeded, distDir } from './build.ts';
import { CHROMIUM_FLAGS, chromePath, disableFeaturesFlag, requireChromium } from './chromium.ts';
import { describeMachine } from './machine-state.ts';
import { staticCopy } from './static-copy.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** LIGHTHOUSE_PAGES=/pt,/en,post: only these (default all three). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());

interface Figures {
  performance: number;
  seo: number;
  lcp: number;
  tbt: number;
  fcp: number;
  /** Lighthouse's measure of the host's CPU at that audit (higher is faster). */
  benchmarkIndex: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Profile {
  lcpElement: string;
  longTasks: string[];
  scripts: string[];
}

/**
 * Lighthouse's own trace recording sometimes misses the navigation's start and
 * says to run it again; that run is tried again, at most twice. Any other
 * error stops the script.
 */
const TRACE_MISSED = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

async function audit(url: string, port: number, attempt = 1): Promise<Figures & { profile: Profile }> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const error = result.lhr.runtimeError;
  if (error && TRACE_MISSED.has(error.code) && attempt < 3) {
    console.log(`  (${url}: Lighthouse missed its trace, ${error.code}; run again)`);
    return audit(url, port, attempt + 1);
  }
  if (error) throw new Error(`${url}: ${error.message}`);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    profile: profileOf(audits),
  };
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];
interface Items {
  items?: Record<string, unknown>[];
}

/** Where the main thread's time went in one run, from Lighthouse's own audits. */
function profileOf(audits: Audits): Profile {
  const items = (id: string) => ((audits[id]?.details as Items | undefined)?.items ?? []) as Record<string, unknown>[];
  const lcpNode = (items('largest-contentful-paint-element')[0] as Items | undefined)?.items?.[0]?.node as
    | { snippet?: string }
    | undefined;
  const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
  return {
    lcpElement: lcpNode?.snippet?.slice(0, 100) ?? '(none)',
    longTasks: items('long-tasks').map((t) => `${Number(t.duration).toFixed(0)} ms at ${Number(t.startTime).toFixed(0)} ms (${short(t.url)})`),
    scripts: items('bootup-time').map(
      (t) => `${short(t.url)}: ${Number(t.total).toFixed(0)} ms (evaluation ${Number(t.scripting).toFixed(0)}, parse ${Number(t.scriptParseCompile).toFixed(0)})`,
    ),
  };
}

async function main() {
  requireChromium();
  await buildIfNeeded();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journalist-site-lighthouse-'));
  const siteDir = path.join(dataDir, 'site');
  cpSync(distDir, siteDir, { recursive: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, spaDir: siteDir });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_FLAGS, disableFeaturesFlag(chromeLauncher.Launcher.defaultFlags())],
  });
  try {
    // The newest public post of /pt's listing. Not the first /pt/<slug> link of
    // the page: since issue 43 that is the menu's "Publicações", a list page.
    const [post] = (await server.db.query<{ slug: string }>(
      `select slug from public.blog_posts where published and language = 'pt' and date <= now() order by date desc limit 1`,
    )).rows;
    if (!post) throw new Error('No public post in Portuguese');
    const postPath = `/pt/${post.slug}`;
    const pages = [
      { name: '/pt', path: '/pt' },
      { name: '/en', path: '/en' },
      { name: 'a post', path: postPath },
    ];
    if (ONLY) pages.splice(0, pages.length, ...pages.filter((page) => ONLY.includes(page.name === 'a post' ? 'post' : page.name)));
    mkdirSync(path.join(siteDir, 'static-copy'));
    const removed: number[] = [];
    for (const [i, page] of pages.entries()) {
      const { html, removed: count } = staticCopy(await (await fetch(`${server.url}${page.path}`)).text());
      removed.push(count);
      writeFileSync(path.join(siteDir, 'static-copy', `${i}.html`), html);
      writeFileSync(path.join(siteDir, 'static-copy', `${i}.html.br`), brotliCompressSync(html));
    }

    console.log(`Lighthouse 12 (mobile, simulated throttling), ${chromePath}, median of ${RUNS} run(s) per page.`);
    console.log(
      `Each static copy is the page's own HTML with no script at all (${removed.join(', ')} <script> removed; no module preload); ` +
        'the two are audited in turn in the same run.\n',
    );
    const fmt = (f: Figures) =>
      `performance ${String(f.performance).padStart(3)}   SEO ${String(f.seo).padStart(3)}   FCP ${f.fcp.toFixed(0).padStart(5)} ms   LCP ${f.lcp.toFixed(0).padStart(5)} ms   TBT ${f.tbt.toFixed(0).padStart(4)} ms`;
    let allMet = true;
    const benchmarkIndexes: number[] = [];
    for (const [i, page] of pages.entries()) {
      const runs: { site: Figures & { profile: Profile }; copy: Figures }[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Alternated, and each side first in every other pair, so neither a busy moment of the machine
        // nor being audited first (a colder browser) lands on one side only.
        const site = () => audit(`${server.url}${page.path}`, chrome.port);
        const copy = () => audit(`${server.url}/static-copy/${i}.html`, chrome.port);
        if (run % 2 === 0) runs.push({ site: await site(), copy: await copy() });
        else {
          const copyFirst = await copy();
          runs.push({ site: await site(), copy: copyFirst });
        }
      }
      benchmarkIndexes.push(...runs.flatMap((r) => [r.site.benchmarkIndex, r.copy.benchmarkIndex]));
      const pick = (side: 'site' | 'copy'): Figures => ({
        performance: median(runs.map((r) => r[side].performance)),
        seo: median(runs.map((r) => r[side].seo)),
        lcp: median(runs.map((r) => r[side].lcp)),
        tbt: median(runs.map((r) => r[side].tbt)),
        fcp: median(runs.map((r) => r[side].fcp)),
        benchmarkIndex: median(runs.map((r) => r[side].benchmarkIndex)),
      });
      const site = pick('site');
      const copy = pick('copy');
      const ratio = site.lcp / copy.lcp;
      const tbtOver = site.tbt - copy.tbt;
      const scoreUnder = copy.performance - site.performance;
      console.log(`${page.name} (${page.path})`);
      console.log(`  the page         ${fmt(site)}`);
      console.log(`  static copy      ${fmt(copy)}`);
      const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
      const met = [tbtOver <= 50, scoreUnder <= 2, ratio <= 1.1, site.seo === 100];
      allMet &&= met.every(Boolean);
      console.log(
        `  targets: TBT ${tbtOver >= 0 ? '+' : ''}${tbtOver.toFixed(0)} ms over the copy (≤ +50) ${verdict(met[0]!)}; ` +
          `performance ${scoreUnder > 0 ? '-' : '+'}${Math.abs(scoreUnder)} (≥ copy − 2) ${verdict(met[1]!)}; ` +
          `LCP ×${ratio.toFixed(2)} of the copy (≤ 1.1) ${verdict(met[2]!)}; SEO 100 ${verdict(met[3]!)}`,
      );
      const { profile } = runs.at(-1)!.site;
      console.log(`  last run: LCP element ${profile.lcpElement}`);
      console.log(`  long tasks: ${profile.longTasks.length ? profile.longTasks.join('; ') : 'none'}`);
      console.log(`  scripts' main-thread time: ${profile.scripts.length ? profile.scripts.join('; ') : 'none reported'}\n`);
    }
    // The simulated phone is this machine's CPU slowed 4×: a busy shared host makes a slower phone, for
    // page and copy alike. Printed so that runs of different days can be read side by side.
    console.log(
      `This machine during the run: Lighthouse's benchmarkIndex median ${median(benchmarkIndexes).toFixed(0)} ` +
        `(${Math.min(...benchmarkIndexes).toFixed(0)}–${Math.max(...benchmarkIndexes).toFixed(0)}; higher is faster; ` +
        `Lighthouse warns that a host under 1000 is too slow for its simulated phone); at the end, ${describeMachine()}.`,
    );
    console.log(allMet ? `All targets met for ${pages.map((page) => page.name).join(', ')}.` : 'Some targets are NOT met (above).');
  } finally {
    await chrome.kill();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
