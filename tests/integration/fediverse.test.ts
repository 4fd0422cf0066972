/**
 * Her site on the fediverse (issue 45), against a second fediverse server
 * built with Fedify and played by the test on 127.0.0.1 (allowed for the
 * outbound fetch), on PGlite and PostgreSQL: WebFinger, NodeInfo and her
 * actors as a Mastodon-like server reads them; a signed Follow gets a signed
 * Accept that the other server verifies; a post made public arrives as
 * Create(Article) with the fields, once; an edit as Update, and a
 * correction as Update with its dated note after the text (and its
 * withdrawal as Update without it); an
 * unpublish as Delete, and its address answers 410 then; a scheduled post
 * at its time with no request; a reply lands in her moderation list; the
 * permalink answers ActivityPub clients with the Article.
 */
import { Article, Create, Follow, Note, Person, Undo, type Recipient } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { MAX_ATTEMPTS } from '../../server/fediverse/delivery.ts';
import { startPeer, type Peer } from '../../server/fediverse/testing/peer.ts';
import { targets, useBackend, type TestUser } from './harness.ts';

const AP = 'application/activity+json';
const peer: { current?: Peer } = {};
beforeAll(async () => {
  peer.current = await startPeer();
});
afterAll(async () => {
  await peer.current?.close();
});

describe.each(targets)('her fediverse accounts on $name', (target) => {
  const backend = useBackend(target, { site: true, fediverse: { allow: ['127.0.0.1'], idleMs: 50 } });
  let admin: TestUser;
  const host = () => new URL(backend.url).host;
  const actor = (language: string) => `${backend.url}/ap/users/${language}`;
  const her = (language: string): Recipient => ({ id: new URL(actor(language)), inboxId: new URL(`${actor(language)}/inbox`) });
  const receivedOf = (type: string, objectId?: string) =>
    peer.current!.received.filter((r) => r.json.type === type && (!objectId || JSON.stringify(r.json.object).includes(objectId)));

  beforeAll(async () => {
    admin = await backend.createAdmin();
  });

  it('resolves @pt and @en through WebFinger to Person actors, and describes itself in NodeInfo', async () => {
    const finger = await fetch(`${backend.url}/.well-known/webfinger?resource=acct:pt@${host()}`);
    expect(finger.status).toBe(200);
    const jrd = (await finger.json()) as { subject: string; links: { rel: string; type?: string; href?: string }[] };
    expect(jrd.subject).toBe(`acct:pt@${host()}`);
    expect(jrd.links).toContainEqual(expect.objectContaining({ rel: 'self', type: AP, href: actor('pt') }));
    // And back: the actor's address resolves to the handle.
    const back = await fetch(`${backend.url}/.well-known/webfinger?resource=${encodeURIComponent(actor('en'))}`);
    expect(JSON.stringify(await back.json())).toContain(`"acct:en@${host()}"`);

    // As another server reads her actor document (Fedify's lookup; by handle it would ask https://, which this test server is not).
    const ctx = peer.current!.federation.createContext(new URL(peer.current!.origin), undefined);
    const person = await ctx.lookupObject(actor('pt'));
    expect(person).toBeInstanceOf(Person);
    const p = person as Person;
    expect(p.id?.href).toBe(actor('pt'));
    expect(p.preferredUsername).toBe('pt');
    expect(String(p.name)).toBe('Helena Duarte');
    expect(String(p.summary)).not.toBe('');
    expect(p.url).toEqual(new URL(`${backend.url}/pt`));
    expect(p.inboxId?.href).toBe(`${actor('pt')}/inbox`);
    expect(p.outboxId?.href).toBe(`${actor('pt')}/outbox`);
    expect(p.followersId?.href).toBe(`${actor('pt')}/followers`);
    expect(p.followingId?.href).toBe(`${actor('pt')}/following`);
    expect(p.endpoints?.sharedInbox?.href).toBe(`${backend.url}/ap/inbox`);
    expect((await p.getIcon())?.url).toBeInstanceOf(URL);
    const key = await p.getPublicKey();
    expect(key?.publicKey?.algorithm.name).toBe('RSASSA-PKCS1-v1_5');
    const raw = (await (await fetch(actor('pt'), { headers: { Accept: AP } })).json()) as { publicKey: { publicKeyPem: string } };
    expect(raw.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(JSON.stringify(raw)).not.toMatch(/PRIVATE/);

    const links = (await (await fetch(`${backend.url}/.well-known/nodeinfo`)).json()) as { links: { href: string }[] };
    const info = (await (await fetch(links.links[0]!.href)).json()) as { protocols: string[]; software: { name: string } };
    expect(info.protocols).toEqual(['activitypub']);
    expect(info.software.name).toBe('journalist-site');
  });

  it('accepts a signed Follow with a signed Accept the other server verifies, and forgets it on Undo', async () => {
    const follow = new Follow({ id: new URL(`${peer.current!.origin}/follows/1-${target.name}`), actor: peer.current!.actorUri('bob'), object: new URL(actor('pt')) });
    await peer.current!.send('bob', her('pt'), follow);
    // The inbox answered once the Follow was kept; its queue handles it.
    await backend.drainFediverse();
    const followers = await admin.client.from('fediverse_followers').select('language, actor_id, handle, server');
    expect(followers.data).toEqual([{ language: 'pt', actor_id: peer.current!.actorUri('bob').href, handle: `@bob@${peer.current!.host}`, server: '127.0.0.1' }]);
    await backend.drainFediverse();
    // The peer's inbox takes only what verifies: the Accept is there, signed by her key.
    const accepts = receivedOf('Accept', follow.id!.href);
    expect(accepts).toHaveLength(1);
    expect(accepts[0]!.json.actor).toBe(actor('pt'));

    const carol = new Follow({ id: new URL(`${peer.current!.origin}/follows/2-${target.name}`), actor: peer.current!.actorUri('carol'), object: new URL(actor('pt')) });
    await peer.current!.send('carol', her('pt'), carol);
    await peer.current!.send('carol', her('pt'), new Undo({ id: new URL(`${peer.current!.origin}/undo/2-${target.name}`), actor: peer.current!.actorUri('carol'), object: carol }));
    await backend.drainFediverse();
    const after = await admin.client.from('fediverse_followers').select('actor_id');
    expect(after.data).toEqual([{ actor_id: peer.current!.actorUri('bob').href }]);
  });

  it('sends a post made public as Create(Article) once, an edit as Update, an unpublish as Delete and then answers 410', async () => {
    const saved = await admin.client.from('blog_posts').insert({
      title: 'Crise e imprensa', excerpt: 'O que fazer nas primeiras horas.', content: 'Primeiro parágrafo.\n\n## Depois\n\nSegundo **parágrafo**.',
      language: 'pt', category: 'Relações com Mídia', published: true, image_url: 'https://cdn.example/capa.jpg', image_alt: 'Uma redação à noite',
    }).select('id, slug').single();
    expect(saved.error).toBeNull();
    const { id, slug } = saved.data!;
    await backend.drainFediverse();
    await backend.drainFediverse();
    const creates = receivedOf('Create', id);
    expect(creates).toHaveLength(1);
    const article = creates[0]!.json.object as Record<string, unknown>;
    expect(article).toMatchObject({
      type: 'Article', id: `${backend.url}/ap/posts/${id}`, name: 'Crise e imprensa', summary: 'O que fazer nas primeiras horas.',
      url: `${backend.url}/pt/${slug}`, attributedTo: actor('pt'), to: 'as:Public', cc: `${actor('pt')}/followers`,
    });
    expect(article.content).toContain('<strong>parágrafo</strong>');
    expect((article.contentMap as Record<string, string>).pt).toBe(article.content);
    expect(article.published).toEqual(expect.any(String));
    expect(article.image).toMatchObject({ type: 'Image', url: 'https://cdn.example/capa.jpg', name: 'Uma redação à noite' });
    expect(article.tag).toMatchObject({ type: 'Hashtag', name: '#RelaçõesComMídia' });
    // Delivered to the shared inbox (one request per server).
    expect(creates[0]!.inbox).toBeNull();

    // The permalink answers an ActivityPub client with the Article; a browser with the page.
    const asAp = await fetch(`${backend.url}/pt/${slug}`, { headers: { Accept: AP } });
    expect(asAp.headers.get('vary')).toMatch(/Accept/);
    expect(((await asAp.json()) as { id: string }).id).toBe(`${backend.url}/ap/posts/${id}`);
    const asPage = await fetch(`${backend.url}/pt/${slug}`, { headers: { Accept: 'text/html' } });
    expect(asPage.headers.get('content-type')).toMatch(/text\/html/);
    expect(asPage.headers.get('vary')).toMatch(/Accept(?!-)/);
    // Every public page names its ActivityPub twin: the post its Article, the home her account.
    expect(await asPage.text()).toContain(`<link rel="alternate" href="${backend.url}/ap/posts/${id}" type="application/activity+json"/>`);
    expect(await (await fetch(`${backend.url}/pt`)).text()).toContain(`<link rel="alternate" href="${actor('pt')}" type="application/activity+json"/>`);
    const found = await peer.current!.federation.createContext(new URL(peer.current!.origin), undefined).lookupObject(`${backend.url}/pt/${slug}`);
    expect(found).toBeInstanceOf(Article);

    expect((await admin.client.from('blog_posts').update({ content: 'Texto corrigido.' }).eq('id', id)).error).toBeNull();
    await backend.drainFediverse();
    const updates = receivedOf('Update', id);
    expect(updates).toHaveLength(1);
    expect((updates[0]!.json.object as { content: string }).content).toContain('Texto corrigido.');

    // A correction is an Update too, and its followers read the note the page ends with.
    expect((await admin.client.from('blog_post_corrections').insert({ post_id: id, note: 'A primeira versão trocava o ano.' })).error).toBeNull();
    await backend.drainFediverse();
    const corrected = receivedOf('Update', id);
    expect(corrected).toHaveLength(2);
    const note = /<p>Texto corrigido\.<\/p><p><strong>Correção \(\d{1,2} de [a-zç]+ de \d{4}\):<\/strong> A primeira versão trocava o ano\.<\/p>$/;
    expect((corrected[1]!.json.object as { content: string }).content).toMatch(note);
    expect(((await (await fetch(`${backend.url}/pt/${slug}`, { headers: { Accept: AP } })).json()) as { content: string }).content).toMatch(note);
    // Withdrawn, the note leaves their copy too.
    expect((await admin.client.from('blog_post_corrections').delete().eq('post_id', id)).error).toBeNull();
    await backend.drainFediverse();
    const withdrawn = receivedOf('Update', id);
    expect(withdrawn).toHaveLength(3);
    expect((withdrawn[2]!.json.object as { content: string }).content).toBe('<p>Texto corrigido.</p>');

    expect((await admin.client.from('blog_posts').update({ published: false }).eq('id', id)).error).toBeNull();
    await backend.drainFediverse();
    expect(receivedOf('Delete', id)).toHaveLength(1);
    const gone = await fetch(`${backend.url}/ap/posts/${id}`, { headers: { Accept: AP } });
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { type: string }).type).toBe('Tombstone');
    expect((await fetch(`${backend.url}/pt/${slug}`, { headers: { Accept: AP } })).status).toBe(410);
    // Still exactly one Create: nothing was sent twice.
    expect(receivedOf('Create', id)).toHaveLength(1);
  });

  it('sends a scheduled post at its time, with no request to trigger it', async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const saved = await admin.client.from('blog_posts').insert({ title: 'Agendado fedi', content: 'Mais tarde.', language: 'pt', published: true, date: at })
      .select('id').single();
    const id = saved.data!.id;
    await backend.drainFediverse();
    expect(receivedOf('Create', id)).toHaveLength(0);
    await backend.sql(`update private.site_clock set skew = interval '2 hours'`);
    try {
      // No request: the worker's own look finds it.
      await expect.poll(() => receivedOf('Create', id).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await backend.sql(`update private.site_clock set skew = interval '0'`);
    }
  });

  it('puts a signed reply into her moderation list, pending', async () => {
    const saved = await admin.client.from('blog_posts').insert({ title: 'Com respostas', content: 'Texto.', language: 'pt', published: true })
      .select('id').single();
    const id = saved.data!.id;
    const note = new Note({
      id: new URL(`${peer.current!.origin}/notes/r1-${target.name}`), attribution: peer.current!.actorUri('bob'),
      content: '<p>Ótimo texto! <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>', replyTarget: new URL(`${backend.url}/ap/posts/${id}`),
    });
    await peer.current!.send('bob', her('pt'), new Create({ id: new URL(`${peer.current!.origin}/create/r1-${target.name}`), actor: peer.current!.actorUri('bob'), object: note }));
    await backend.drainFediverse();
    const replies = await admin.client.from('fediverse_replies').select('post_id, state, content, author_handle').eq('post_id', id);
    expect(replies.data).toEqual([{ post_id: id, state: 'pending', content: '<p>Ótimo texto! <a rel="nofollow noopener noreferrer ugc">x</a></p>', author_handle: `@bob@${peer.current!.host}` }]);
    expect((await backend.anon().from('fediverse_replies').select('id').eq('post_id', id)).data).toEqual([]);
  });

  it('a signed reply she approves through the API is on the post page without JavaScript; the page names her account (issue 45, her side)', async () => {
    const saved = await admin.client.from('blog_posts').insert({ title: 'Respondido no fediverso', content: 'Texto.', language: 'pt', published: true })
      .select('id, slug').single();
    const { id, slug } = saved.data!;
    const send = async (key: string, content: string, published: string) => {
      const note = new Note({
        id: new URL(`${peer.current!.origin}/notes/${key}-${target.name}`), attribution: peer.current!.actorUri('bob'), content,
        replyTarget: new URL(`${backend.url}/ap/posts/${id}`), url: new URL(`${peer.current!.origin}/@bob/${key}-${target.name}`),
        published: Temporal.Instant.from(published),
      });
      await peer.current!.send('bob', her('pt'), new Create({ id: new URL(`${peer.current!.origin}/create/${key}-${target.name}`), actor: peer.current!.actorUri('bob'), object: note }));
    };
    // The later one arrives first: the page orders by the replies' own dates.
    await send('later', '<p>Segunda resposta</p>', '2026-11-21T10:00:00Z');
    await send('earlier', '<p>Primeira &amp; <a href="https://example.org/x">melhor</a><script>alert(1)</script></p>', '2026-11-20T10:00:00Z');
    await backend.drainFediverse();
    const pagePath = `/pt/${slug}`;
    const before = await (await fetch(`${backend.url}${pagePath}`)).text();
    expect(before).not.toContain('Primeira');

    // Her approval, as the admin's "Respostas do fediverso" makes it (src/features/fediverse-admin/api/replies.ts).
    const pending = await admin.client.from('fediverse_replies').select('id').eq('post_id', id).eq('state', 'pending');
    expect(pending.data).toHaveLength(2);
    for (const { id: reply } of pending.data!) {
      const approved = await admin.client.from('fediverse_replies').update({ state: 'approved', moderated_at: new Date().toISOString() })
        .eq('id', reply).eq('state', 'pending').select('id');
      expect(approved.data).toHaveLength(1);
    }

    // The worker copies an approved reply's picture before the page shows it.
    await backend.drainFediverse();
    const html = await (await fetch(`${backend.url}${pagePath}`)).text();
    const doc = new JSDOM(html).window.document;
    const section = doc.querySelector('section[aria-labelledby="fediverse-replies"]')!;
    expect(section.querySelector('h2')?.textContent).toBe('Respostas do fediverso');
    const replies = [...section.querySelectorAll('article')];
    expect(replies.map((r) => r.querySelector('div > div')?.textContent)).toEqual(['Primeira & melhor', 'Segunda resposta']);
    expect(replies[0]!.textContent).toContain(`@bob@${peer.current!.host}`);
    expect(replies[0]!.querySelector('time')?.getAttribute('datetime')).toMatch(/^2026-11-20T10:00:00/);
    expect(replies[0]!.querySelector('a[href="https://example.org/x"]')?.getAttribute('rel')).toBe('nofollow noopener noreferrer ugc');
    expect([...replies[0]!.querySelectorAll('a')].some((a) => a.getAttribute('href') === `${peer.current!.origin}/@bob/earlier-${target.name}`)).toBe(true);
    expect(section.innerHTML).not.toContain('<script');
    // Bob's picture is the site's small copy: no reader's browser asks his server for it.
    const picture = replies[0]!.querySelector('img')!.getAttribute('src')!;
    expect(picture).toMatch(/^\/ap\/avatars\/[0-9a-f]{64}\.webp$/);
    expect(html).not.toContain(`${peer.current!.origin}/avatars/`);
    const copy = await fetch(`${backend.url}${picture}`);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect((await fetch(`${backend.url}/ap/avatars/${'0'.repeat(64)}.webp`)).status).toBe(404);
    // Not once she rejects the reply that showed it.
    await backend.sql(`update public.fediverse_replies set state = 'rejected' where avatar_url = $1`, [picture]);
    expect((await fetch(`${backend.url}${picture}`)).status).toBe(404);
    await backend.sql(`update public.fediverse_replies set state = 'approved' where avatar_url = $1`, [picture]);
    expect(doc.querySelector('meta[name="fediverse:creator"]')?.getAttribute('content')).toBe(`@pt@${host()}`);
    expect(doc.querySelector('link[rel="alternate"][type="application/activity+json"]')?.getAttribute('href')).toBe(`${backend.url}/ap/posts/${id}`);

    const home = new JSDOM(await (await fetch(`${backend.url}/pt`)).text()).window.document;
    expect(home.getElementById('fediverse-follow')?.textContent).toBe(`Siga no fediverso: @pt@${host()}`);
    const en = new JSDOM(await (await fetch(`${backend.url}/en`)).text()).window.document;
    expect(en.getElementById('fediverse-follow')?.textContent).toBe(`Follow on the fediverse: @en@${host()}`);
  });

  it('tries again later when the server answers 503, and drops the followers of an inbox whose last attempt answers 410', async () => {
    peer.current!.answer = 503;
    try {
      const saved = await admin.client.from('blog_posts').insert({ title: 'Servidor fora', content: 'Texto.', language: 'pt', published: true }).select('id').single();
      await backend.drainFediverse();
      const [delivery] = await backend.sql<{ state: string; attempts: number; last_status: number; later: boolean }>(
        `select d.state, d.attempts, d.last_status, d.next_attempt_at > now() + interval '50 seconds' as later
           from private.fediverse_deliveries d join private.fediverse_outbox o on o.id = d.activity_id where o.post_id = $1`, [saved.data!.id]);
      expect(delivery).toEqual({ state: 'queued', attempts: 1, last_status: 503, later: true });
      expect(await backend.sql(`select 1 from public.fediverse_followers`)).toHaveLength(1);

      peer.current!.answer = 410;
      // The server's Retry-After (1 s) holds every request to it until then.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // Its last attempt (a shared inbox's 410 earlier is tried again: fediverse-interop.test.ts).
      await backend.sql(`update private.fediverse_deliveries set attempts = $1, next_attempt_at = now() where state = 'queued'`, [MAX_ATTEMPTS - 1]);
      await backend.drainFediverse();
      expect(await backend.sql(`select 1 from public.fediverse_followers`)).toEqual([]);
    } finally {
      peer.current!.answer = undefined;
    }
  });
});
