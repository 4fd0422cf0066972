/**
 * Attack review of issue 27 (database): a view whose transaction began before
 * the site's midnight but runs after the new day's first view (now() is the
 * transaction's start; a request that waited for a lock, a slow pool) asks for
 * yesterday's salt. private.stats_day_salt then destroys every other day's
 * salt and hashes, today's included, and makes a new salt for yesterday: the
 * next view of today makes today's salt again, so every reader already seen
 * today counts as a new visitor, and a salt of a day that is over lives on.
 * The test moves the site's clock back a day for that late view.
 */
import { targets, useBackend } from './harness.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe.each(targets)('a late view of the day before on $name', (target) => {
  const b = useBackend(target);

  beforeAll(async () => {
    await b.sql(`update private.site_clock set skew = interval '40 days'`);
  });

  afterAll(async () => {
    await b.sql(`update private.site_clock set skew = interval '0'`);
  });

  async function viewFrom(client: string): Promise<void> {
    await b.sql(
      `with request as materialized (select set_config('request.headers', $1, true) as headers)
       select public.record_view('/pt', 'direto') from request`,
      [JSON.stringify({ 'x-forwarded-for': client, 'user-agent': DESKTOP })],
    );
  }

  const salts = () => b.sql<{ day: string; salt: string }>(`select day::text, encode(salt, 'hex') as salt from private.stats_salts order by day`);

  it("neither destroys today's salt nor brings yesterday's back, so today's reader stays one visitor", async () => {
    await viewFrom('198.51.100.5');
    const today = await salts();
    expect(today).toHaveLength(1);

    await b.sql(`update private.site_clock set skew = skew - interval '1 day'`);
    await viewFrom('198.51.100.6');
    await b.sql(`update private.site_clock set skew = skew + interval '1 day'`);

    await viewFrom('198.51.100.5');
    expect(await salts()).toEqual(today);
    expect(await b.sql(`select views, visitors from public.stats_site_daily where day = public.site_today()`)).toEqual([{ views: 2, visitors: 1 }]);
  });
});
