/**
 * What this machine costs a browser at the moment of a benchmark, printed
 * beside the browser benchmarks' figures so that runs of different days can
 * be read side by side (decision 240, fifth round).
 *
 * The figure that moves them most, once the browser's own pages are off
 * (scripts/chromium.ts), is not the CPU but fresh memory: each run starts a
 * new phone (new renderer processes), and on these virtual machines
 * memory a process frees goes back to the host at once (free page reporting),
 * so the next process's first touch of each page is a fault the host serves.
 * Seen here on 2026-11-27: 315–930 ms per 100 MB (12–36 µs a 4 KiB page,
 * where a page fault ordinarily costs well under 1 µs), while Lighthouse's
 * CPU index said the machine was fast (1,460–2,780). A renderer loading /pt
 * took ~18,800 such first touches, so its tasks and a tap's answer stretch
 * with this figure, on the page and on its static copy alike.
 */

const MB = 1024 * 1024;
/** 2 µs a page: twice or more what an ordinary machine's first touch costs. */
const SLOW_MEMORY_MS = 50;

/** Milliseconds to obtain and first touch 100 MB of new memory (median of 5). */
export function freshMemoryMsPer100Mb(): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    // This large, Node maps it fresh (and unmaps it once collected); one write per page touches it all.
    const block = Buffer.allocUnsafeSlow(100 * MB);
    for (let at = 0; at < block.length; at += 4096) block[at] = 1;
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2]!;
}

export function describeMachine(): string {
  const ms = freshMemoryMsPer100Mb();
  const perPage = `${((ms * 1000) / 25_600).toFixed(1)} µs a page; well under 1 µs where a machine's memory stays its own`;
  const verdict =
    ms > SLOW_MEMORY_MS
      ? `over ${SLOW_MEMORY_MS} ms: every absolute figure of this run is slowed, page and copy alike; read the differences`
      : 'absolute figures can be read as such';
  return `new memory costs ${ms.toFixed(0)} ms per 100 MB at its first touch (${perPage}): ${verdict}`;
}
