/**
 * A page render is one turn in the REST line (issue 22, finding 6): its
 * in-process requests run in the turn, and the renders of one client that
 * wait together share one turn. Against the real scheduler; the database is
 * not needed to tell who runs when.
 */
import { Hono } from 'hono';
import { limitBodies } from '../body-limit.ts';
import { FairScheduler, heldTurnOf } from '../rest/scheduler.ts';
import { RenderTurns } from './render-turns.ts';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

it('runs the renders of a client that wait together in one turn, and the requests each makes in that turn', async () => {
  const scheduler = new FairScheduler(2, 10_000);
  const turns = new RenderTurns(scheduler, Infinity);
  const run = vi.spyOn(scheduler, 'run');
  const hold = gate();
  const busy = scheduler.run('flooder', () => hold.opened);
  const seen: { page: string; client?: string; active?: boolean }[] = [];
  const render = (page: string) =>
    turns.run('reader', async () => {
      await Promise.resolve();
      const held = heldTurnOf(turns.request(`http://backend.internal/rest/v1/${page}`));
      seen.push({ page, client: held?.client, active: held?.active });
    });
  const renders = [render('a'), render('b')];
  hold.open();
  await Promise.all([busy, ...renders]);
  expect(seen).toEqual([
    { page: 'a', client: 'reader', active: true },
    { page: 'b', client: 'reader', active: true },
  ]);
  // The flooder's task, then one turn for both renders.
  expect(run).toHaveBeenCalledTimes(2);
  // A request made outside any render belongs to no turn.
  expect(heldTurnOf(turns.request('http://backend.internal/rest/v1/c'))).toBeUndefined();
});

it('ends a turn that outlasts its limit: the render goes on, its later requests queue as its client’s', async () => {
  const scheduler = new FairScheduler(2, 10_000);
  const turns = new RenderTurns(scheduler, Infinity, 20);
  const slow = gate();
  const rest = gate();
  let late: ReturnType<typeof heldTurnOf>;
  const render = turns.run('reader', async () => {
    await slow.opened;
    late = heldTurnOf(turns.request('http://backend.internal/rest/v1/late'));
    await rest.opened;
  });
  // Another client's request gets in once the turn has ended, while the render still waits.
  await scheduler.run('other', async () => slow.open());
  rest.open();
  await render;
  expect(late).toMatchObject({ client: 'reader', active: false });
});

it('a call with a body the renderer makes (an RPC: a review page’s draft) keeps its turn through the REST body limit', async () => {
  const turns = new RenderTurns(new FairScheduler(2, 10_000), Infinity);
  // The REST API's first middleware: a body of unknown length is read and the request rebuilt.
  const api = new Hono()
    .use('*', limitBodies({ maxSize: 1024 }))
    .post('/rest/v1/rpc/review_post', (c) => c.json({ client: heldTurnOf(c.req.raw)?.client ?? null }));
  const answer = await turns.run('reader', async () => {
    const response = await api.fetch(turns.request('http://backend.internal/rest/v1/rpc/review_post', { method: 'POST', body: '{"token":"t"}' }));
    return (await response.json()) as { client: string | null };
  });
  // Lost, the call would queue behind the render's own turn and start only when the turn timed out (3 s).
  expect(answer).toEqual({ client: 'reader' });
});
