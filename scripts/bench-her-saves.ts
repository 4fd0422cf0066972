/**
 * Her saves of a draft during a bench (issues 42 and 45: what a flood or a
 * fan-out must not slow): one PATCH every `everyMs` until `until` resolves,
 * each one's time in ms; `failed` counts the answers that were not 204.
 */
import type { RunningServer } from '../server/index.ts';

export async function herSaves(server: Pick<RunningServer, 'url' | 'anonKey'>, token: string, draftId: string, until: Promise<unknown>, everyMs: number): Promise<number[] & { failed?: number }> {
  let done = false;
  void until.then(() => (done = true));
  const times: number[] & { failed?: number } = [];
  times.failed = 0;
  let i = 0;
  while (!done) {
    const start = performance.now();
    const res = await fetch(`${server.url}/rest/v1/blog_posts?id=eq.${draftId}`, {
      method: 'PATCH',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({ content: `Rascunho, versão ${i++}. ${'Texto do rascunho. '.repeat(200)}` }),
    });
    await res.arrayBuffer();
    // Before issue 42 her save could time out (504) in the flood: counted, and its wait kept.
    if (res.status !== 204) times.failed!++;
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - start))));
  }
  return times;
}
