/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling, from npm) in
 * the system Chromium on the server-rendered /pt and a post, each beside a
 * static HTML copy of the same page (its markup and CSS, no script) served by
 * the same server in the same run. Prints the median of RUNS runs per page
 * and the issue-9 targets: performance ≥ 98, SEO 100, LCP ≤ 1.2 × the static
 * copy's, TBT ≤ 50 ms. A figure to read, never a test: this machine is shared.
 *
 * CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 3).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../server/index.ts';
import { buildIfNeeded, distDir } from './build.ts';
import { CHROMIUM_FLAGS, chromePath } from './chromium.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

interface Figures {
  performance: number;
  seo: number;
  lcp: number;
  tbt: number;
  fcp: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The same page without its scripts (the app, its preloads, its data): what the static copy is. */
function staticCopy(html: string): string {
  return html
    .replace(/<script\b[^>]*type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script id="ssr-state"[^>]*>[\s\S]*?<\/script>/, '');
}

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
  };
}

async function main() {
  if (!existsSync(chromePath)) {
    throw new Error(`Chromium was not found at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH.`);
  }
  await buildIfNeeded();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journalist-site-lighthouse-'));
  const siteDir = path.join(dataDir, 'site');
  cpSync(distDir, siteDir, { recursive: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, spaDir: siteDir });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
  try {
    const home = await (await fetch(`${server.url}/pt`)).text();
    // A card's link: the post's address, /pt/<slug> (issue 23).
    const postPath = home.match(/href="(\/pt\/[a-z0-9]+(?:-[a-z0-9]+)*)"/)?.[1];
    if (!postPath) throw new Error('No post link on /pt');
    const pages = [
      { name: '/pt', path: '/pt' },
      { name: 'a post', path: postPath },
    ];
    mkdirSync(path.join(siteDir, 'static-copy'));
    for (const [i, page] of pages.entries()) {
      const html = staticCopy(await (await fetch(`${server.url}${page.path}`)).text());
      writeFileSync(path.join(siteDir, 'static-copy', `${i}.html`), html);
      writeFileSync(path.join(siteDir, 'static-copy', `${i}.html.br`), brotliCompressSync(html));
    }

    console.log(`Lighthouse 12 (mobile, simulated throttling), ${chromePath}, median of ${RUNS} run(s) per page.\n`);
    const fmt = (f: Figures) =>
      `performance ${String(f.performance).padStart(3)}   SEO ${String(f.seo).padStart(3)}   FCP ${f.fcp.toFixed(0).padStart(5)} ms   LCP ${f.lcp.toFixed(0).padStart(5)} ms   TBT ${f.tbt.toFixed(0).padStart(4)} ms`;
    for (const [i, page] of pages.entries()) {
      const runs: { site: Figures; copy: Figures }[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Alternated, so a busy moment of the machine does not land on one side only.
        runs.push({
          site: await audit(`${server.url}${page.path}`, chrome.port),
          copy: await audit(`${server.url}/static-copy/${i}.html`, chrome.port),
        });
      }
      const pick = (side: 'site' | 'copy'): Figures => ({
        performance: median(runs.map((r) => r[side].performance)),
        seo: median(runs.map((r) => r[side].seo)),
        lcp: median(runs.map((r) => r[side].lcp)),
        tbt: median(runs.map((r) => r[side].tbt)),
        fcp: median(runs.map((r) => r[side].fcp)),
      });
      const site = pick('site');
      const copy = pick('copy');
      const ratio = site.lcp / copy.lcp;
      console.log(`${page.name} (${page.path})`);
      console.log(`  server-rendered  ${fmt(site)}`);
      console.log(`  static copy      ${fmt(copy)}`);
      const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
      console.log(
        `  targets: performance ≥ 98 ${verdict(site.performance >= 98)}; SEO 100 ${verdict(site.seo === 100)}; ` +
          `LCP ×${ratio.toFixed(2)} of the copy (≤ 1.2) ${verdict(ratio <= 1.2)}; TBT ≤ 50 ms ${verdict(site.tbt <= 50)}\n`,
      );
    }
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
