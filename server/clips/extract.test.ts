/**
 * Saved real pages of twelve outlets (Brazilian and international, news and
 * press-release wires; tests/fixtures/clips/outlets/outlets.json says whence),
 * served at their original paths and fetched through the clips fetch:
 * title, outlet, date and byline are found for at least 9 in 10.
 */
import { createClipsFetch, type ClipsFetch } from './fetch.ts';
import { extractPage, type ClipFields } from './extract.ts';
import { savedOutlets, startOutletServer, type OutletServer } from './outlet-server.ts';

describe('extraction from saved outlet pages', () => {
  let outlets: OutletServer;
  let clips: ClipsFetch;
  const found = new Map<string, ClipFields>();

  beforeAll(async () => {
    outlets = await startOutletServer();
    clips = createClipsFetch({ allowHosts: outlets.allowHosts, resolver: outlets.resolver });
    for (const outlet of savedOutlets) {
      const response = await clips.page(outlets.local(outlet.url));
      found.set(outlet.file, (await extractPage(await response.text(), outlet.url)).fields);
    }
  }, 120_000);
  afterAll(async () => {
    await clips.close();
    await outlets.close();
  });

  it('finds title, outlet, date and byline for at least 9 in 10', () => {
    const complete = [...found].filter(([, f]) => f.title && f.outlet && f.published_on && f.byline).map(([file]) => file);
    const missing = [...found].filter(([file]) => !complete.includes(file)).map(([file, f]) => `${file}: ${JSON.stringify(f)}`);
    expect(complete.length / savedOutlets.length, missing.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('names the outlet, not its host, and reads the language', () => {
    for (const [file, fields] of found) {
      expect(fields.outlet ?? '', file).not.toMatch(/^(www\.)?[a-z0-9-]+\.(com|org|co\.uk|com\.br)$/);
    }
    expect(found.get('uol-entretenimento')).toMatchObject({ language: 'pt', published_on: '2019-05-27' });
    expect(found.get('the-guardian')).toMatchObject({ outlet: 'The Guardian', byline: 'Olivia Solon' });
    expect(found.get('nytimes')).toMatchObject({ outlet: 'The New York Times', language: 'en' });
    expect(found.get('pr-newswire')).toMatchObject({ outlet: 'PR Newswire', published_on: '2016-04-25' });
  });

  it('keeps the readable text as Markdown without the page\'s markup', async () => {
    const outlet = savedOutlets.find((o) => o.file === 'the-guardian')!;
    const html = await (await clips.page(outlets.local(outlet.url))).text();
    const { markdown } = await extractPage(html, outlet.url);
    expect(markdown!.length).toBeGreaterThan(1000);
    expect(markdown).not.toMatch(/<script|<style|<iframe|onerror=/i);
  });
});
