/**
 * Found by the security review of issue 25 (fixed): newsletter_subscribe allows 10 calls an hour per client
 * address, counted by the whole address. An IPv6 client is given a /64 (2^64
 * addresses) by any ISP or hosting provider and can use a new one per call,
 * so for it the per-client limit does not exist: only the per-address limit
 * and the site's 200 an hour remain. The address comes from the gateway as
 * hosted Supabase gives it (cf-connecting-ip, x-forwarded-for) and as this
 * backend puts its socket's peer there (server/rest/index.ts headersForSql).
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend } from './harness.ts';

const CLIENT_LIMIT = 10;

describe.each(targets)('the per-client limit of newsletter_subscribe for IPv6 clients, on $name', (target) => {
  const backend = useBackend(target);

  /** One call as the gateway passes it on: the client's address in request.headers, for this statement's transaction. */
  async function subscribeFrom(client: string, email: string): Promise<string> {
    try {
      await backend.sql(
        `with request as materialized (select set_config('request.headers', $1, true) as headers)
         select public.newsletter_subscribe($2, '{pt}', 'pt', '') from request`,
        [JSON.stringify({ 'x-forwarded-for': client }), email],
      );
      return 'subscribed';
    } catch (e) {
      return (e as Error).message;
    }
  }

  const calls = async (clientOf: (i: number) => string) => {
    const answers: string[] = [];
    for (let i = 1; i <= CLIENT_LIMIT + 1; i++) answers.push(await subscribeFrom(clientOf(i), `reader-${randomUUID().slice(0, 8)}@example.com`));
    return answers;
  };

  it('counts one IPv6 address as one client', async () => {
    const client = `2001:db8:${randomUUID().slice(0, 4)}:1::1`;
    expect(await calls(() => client)).toEqual([...Array(CLIENT_LIMIT).fill('subscribed'), 'newsletter_client_limit']);
  });

  it('counts the addresses of one /64 as one client', async () => {
    const network = `2001:db8:${randomUUID().slice(0, 4)}:1`;
    expect(await calls((i) => `${network}::${i.toString(16)}`)).toEqual([...Array(CLIENT_LIMIT).fill('subscribed'), 'newsletter_client_limit']);
    // Another network is another client.
    expect(await subscribeFrom('2001:db8:ffff:2::1', `other-${randomUUID().slice(0, 8)}@example.com`)).toBe('subscribed');
  });
});
