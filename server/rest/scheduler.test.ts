import { FairScheduler } from './scheduler.ts';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

it('lets clients take turns: one client’s backlog does not hold another’s request', async () => {
  const scheduler = new FairScheduler(1, 10_000);
  const order: string[] = [];
  const first = gate();
  const busy = scheduler.run('attacker', async () => {
    order.push('attacker 1');
    await first.opened;
  });
  const rest = [2, 3, 4].map((n) => scheduler.run('attacker', async () => void order.push(`attacker ${n}`)));
  const reader = scheduler.run('reader', async () => void order.push('reader'));
  first.open();
  await Promise.all([busy, reader, ...rest]);
  expect(order).toEqual(['attacker 1', 'reader', 'attacker 2', 'attacker 3', 'attacker 4']);
});

it('runs up to its concurrency at once', async () => {
  const scheduler = new FairScheduler(2, 10_000);
  let active = 0;
  let most = 0;
  const task = async () => {
    most = Math.max(most, ++active);
    await new Promise((r) => setTimeout(r, 10));
    active--;
  };
  await Promise.all(Array.from({ length: 6 }, (_, i) => scheduler.run(`c${i % 3}`, task)));
  expect(most).toBe(2);
});

it('answers 504 PGRST003 to a request that waited too long, and forgets it', async () => {
  const scheduler = new FairScheduler(1, 50);
  const hold = gate();
  const busy = scheduler.run('a', () => hold.opened);
  const starved = scheduler.run('b', async () => 'ran');
  await expect(starved).rejects.toMatchObject({ code: 'PGRST003' });
  hold.open();
  await busy;
  expect(await scheduler.run('b', async () => 'ran')).toBe('ran');
});

it('frees its slot when a task fails', async () => {
  const scheduler = new FairScheduler(1, 1000);
  await expect(scheduler.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await scheduler.run('a', async () => 'next')).toBe('next');
});
