/**
 * Found by the security review of issue 26: import_corrections runs as the
 * caller and leaves the refusal to row level security at the first insert,
 * so for anyone signed in (sign-up is open) an array whose items name no post
 * they could correct is walked to its end and answered 0. About 1 MB of
 * request body is hundreds of thousands of items: seconds of the database
 * per request, up to the role's 8 s timeout, and on the embedded database,
 * which runs one transaction at a time, seconds of everyone's. Its
 * neighbours (create_review_link, import_posts at its first write) refuse a
 * stranger at once.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('import_corrections called by someone who is not her, on $name', (target) => {
  const b = useBackend(target);
  let reader: TestUser;

  beforeAll(async () => {
    reader = await b.createUser('leitor');
  });

  it('is refused at once (42501), not walked through', async () => {
    const items = [0, 'x', null, {}, { post_id: randomUUID(), note: 'Nada.' }];
    const { data, error } = await reader.client.rpc('import_corrections', { corrections: items as never });
    expect({ data, code: error?.code }).toEqual({ data: null, code: '42501' });
  });
});
