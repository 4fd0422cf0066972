/**
 * `npm run bench` (BENCH_ONLY=clips-pages; issue 43): the server's time to
 * render /pt/publicacoes afresh (never a kept copy), beside the home /pt in
 * the same run and the same turns, with the demo content and then with 5,000
 * published clips (50 outlets, 32 years, some featured, some with a shown
 * copy), and a filtered view. p50 and p99 of each; the process's RSS,
 * sampled every 50 ms during the 5,000-clip renders (as bench-clips.ts does).
 * Printed, never asserted.
 */
import type { RunningServer } from '../server/index.ts';

const CLIPS = 5_000;
const SAMPLES = Number(process.env.BENCH_CLIPS_SAMPLES ?? 40);
const MB = 1024 * 1024;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function renderMs(server: RunningServer, path: string): Promise<number> {
  // Any write moves the content version: the next request renders afresh.
  await server.db.query(`update public.site_settings set value = value where key = 'hero_title' and language = 'pt'`);
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'br' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return performance.now() - started;
}

/** The pages rendered in turn, sample by sample, so each sees the same machine. */
async function measure(server: RunningServer, paths: string[]): Promise<Map<string, number[]>> {
  const times = new Map(paths.map((p) => [p, [] as number[]]));
  for (const path of paths) await renderMs(server, path); // warm: the renderer's modules, the first plans
  for (let i = 0; i < SAMPLES; i++) for (const path of paths) times.get(path)!.push(await renderMs(server, path));
  return times;
}

function print(label: string, times: Map<string, number[]>) {
  console.log(label);
  for (const [path, values] of times) {
    console.log(`  ${path.padEnd(40)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(7)} ms`);
  }
}

export async function benchClipsPages(server: RunningServer): Promise<void> {
  const filtered = '/pt/publicacoes?veiculo=Ve%C3%ADculo%2007&ano=2010';
  const paths = ['/pt', '/pt/publicacoes', filtered];
  print(`clips pages: render afresh, demo content (${SAMPLES} samples each, in turn)`, await measure(server, paths));
  console.log(`clips pages: adding ${CLIPS.toLocaleString('en')} published clips…`);
  await server.db.query(
    `insert into public.clips (title, url, outlet, byline, published_on, language, summary, featured, show_archive, slug)
     select 'Reportagem ' || n, 'https://veiculo' || (n % 50) || '.example/materia/' || n, 'Veículo ' || lpad((n % 50)::text, 2, '0'),
            'Helena Duarte', date '1995-01-01' + (n * 2), case when n % 4 = 0 then 'en' else 'pt' end,
            'Resumo da reportagem ' || n || ', publicada por outro veículo.', n % 500 = 0, n % 10 = 0, 'reportagem-' || n
       from generate_series(1, $1) as n`,
    [CLIPS],
  );
  // RSS sampled during these renders only: the process's lifetime maximum would carry an earlier bench's peak in a full run.
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    print(`clips pages: render afresh, ${CLIPS.toLocaleString('en')} clips`, await measure(server, paths));
    peak = Math.max(peak, process.memoryUsage().rss);
  } finally {
    clearInterval(sampler);
  }
  console.log(`clips pages: process RSS ${(before / MB).toFixed(0)} MB before the ${CLIPS.toLocaleString('en')}-clip renders, peak ${(peak / MB).toFixed(0)} MB during them (server in-process)`);
  // The bench's clips go: search, next in a full run, adds its own 5,000.
  await server.db.query(`delete from public.clips where url like 'https://veiculo%.example/materia/%' and slug like 'reportagem-%'`);
  console.log('');
}
