/**
 * Review of issue 26's readers' half: a correction note is plain text (the
 * post page shows it as text, character for character), but the feed puts it
 * into the item's <description>, which RSS readers take as HTML. A note that
 * holds "<" or "&" then loses words there, or turns into markup (a link, an
 * image) that the page never showed. The feed must say the note in the
 * page's words: escaped as text inside the description's HTML.
 */
import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { targets, useBackend, type TestUser } from './harness.ts';

type FeedItem = { guid?: string; content?: string };
const feedParser = new Parser<object, FeedItem>();

describe.each(targets)('a correction note in the feed on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin();
  });

  it('reads in a feed reader as the page shows it: text, not markup', async () => {
    const { data: post, error } = await admin.client
      .from('blog_posts')
      .insert({
        title: 'Índices do trimestre', language: 'pt', published: true, date: '2026-11-01T12:00:00Z',
        excerpt: 'Resumo do trimestre.', content: 'Texto publicado.', category: 'Outros',
      })
      .select('id, slug')
      .single();
    if (error) throw error;
    const note = 'A inflação ficou <3% & o índice <b>IPCA</b> foi revisto; ver <img src="https://tracker.example/p.png">.';
    expect((await admin.client.from('blog_post_corrections').insert({ post_id: post.id, note })).error).toBeNull();

    // The page: the note as text.
    const page = new JSDOM(await (await fetch(`${b.url}/pt/${post.slug}`)).text()).window.document;
    expect(page.querySelector('article')?.textContent).toContain(note);

    // The feed: its description as a reader renders it (HTML), the same words, and no element made of them.
    const feed = await feedParser.parseString(await (await fetch(`${b.url}/pt/rss.xml`)).text());
    const item = feed.items.find((i) => i.guid === `${b.url}/post/${post.id}`);
    const rendered = JSDOM.fragment(`<div>${item!.content!}</div>`).firstElementChild!;
    expect(rendered.textContent).toContain(note);
    expect(rendered.querySelectorAll('img, b')).toHaveLength(0);
  }, 60_000);
});
