/**
 * Attack review of issue 27 (database): the referrer of a view is whatever
 * the caller says it is. A stranger who invents a new host name with every
 * beacon (30 a minute from each address, more from many) adds a new row of
 * public.stats_daily for ever with each, and every one of them reaches her
 * "Estatísticas" tab through stats_sources: one address for a month put
 * 43,202 rows (3.1 MB) in that answer, 1.9 s on PGlite (measured in review).
 */
import { targets, useBackend, type TestUser } from './harness.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe.each(targets)('invented referrers on $name', (target) => {
  const b = useBackend(target);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin('editora');
  });

  let slot = 0;
  beforeEach(async () => {
    slot += 100;
    await b.sql(`update private.site_clock set skew = interval '1 day' * $1`, [slot]);
  });

  afterAll(async () => {
    await b.sql(`update private.site_clock set skew = interval '0'`);
  });

  /** `count` beacons of /pt from as many browsers, 25 to an address (under the cap), each naming a referrer of its own. */
  async function invent(count: number, prefix: string): Promise<void> {
    await b.sql(
      `do $$ begin
         for i in 1..${count} loop
           perform set_config('request.headers', json_build_object(
             'x-forwarded-for', '10.9.' || (i / 25) || '.7', 'user-agent', '${DESKTOP} n' || i)::text, true);
           perform public.record_view('/pt', '${prefix}' || i || '.example');
         end loop;
       end $$`,
    );
  }

  it('keeps a bounded number of referring hosts a day, whatever strangers name, and still counts every view', async () => {
    await invent(1000, 'spam');
    const [day] = await b.sql<{ hosts: number; views: number }>(
      `select count(distinct referrer)::int as hosts, sum(views)::int as views from public.stats_daily where day = public.site_today()`,
    );
    expect(day!.views).toBe(1000);
    // Any bound well under the flood (proposed: 100 hosts a day, the rest as 'outros').
    expect(day!.hosts).toBeLessThanOrEqual(200);
  });

  it('answers her referrers in a bounded number of rows that still add up to every view', async () => {
    // 10 days of 100 hosts each: within any daily bound, 1,000 hosts over the period.
    for (let d = 0; d < 10; d++) {
      await invent(100, `dia${d}-`);
      await b.sql(`update private.site_clock set skew = skew + interval '1 day'`);
    }
    const { data, error } = await admin.client.rpc('stats_sources', { days: 30 });
    expect(error).toBeNull();
    const referrers = data!.filter((s) => s.kind === 'referrer');
    expect(referrers.reduce((sum, s) => sum + Number(s.views), 0)).toBe(1000);
    // Proposed: the top 50 and one 'outros' row for the rest.
    expect(referrers.length).toBeLessThanOrEqual(100);
  });
});
