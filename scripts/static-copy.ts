/**
 * The static copy of a server-rendered page that the benchmarks measure the
 * page against (`npm run lighthouse`, `npm run bench:interaction`): its own
 * markup and CSS with no script at all (the app's starter, the hydration
 * state, the JSON-LD) and no module preload. Throws if a script is left.
 */
export function staticCopy(html: string): { html: string; removed: number } {
  let removed = 0;
  const copy = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, () => {
      removed++;
      return '';
    })
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
  if (/<script\b|modulepreload/i.test(copy)) throw new Error('The static copy still carries a script: fix staticCopy().');
  return { html: copy, removed };
}
