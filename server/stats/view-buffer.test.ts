/**
 * The view buffer (issue 42) against the site's real migrations on PGlite in
 * its thread, as the server runs it: the referrer rule it checks before
 * answering is the database's own (private.stats_referrer), and writing a
 * batch does not move what the kept pages watch, so a page served during a
 * flood of beacons needs no read of the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { readContentVersion, rememberedContentVersion } from '../site/content-version.ts';
import { acceptableReferrer, ViewBuffer } from './view-buffer.ts';

const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('the view buffer on PGlite', () => {
  let db: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'view-buffer-'));
    await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
    db = (await openDatabase({ dataDir, migrationsDir: MIGRATIONS })).db;
  });

  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts exactly the referrers the database accepts', async () => {
    const referrers = ['direto', 'newsletter', 'DIRETO', ' t.co ', 'WWW.Google.com', 'a.b', 'exemplo .com', 'https://t.co/x', 'javascript:alert(1)',
      '<b>', 'localhost', '1.2.3.4', `${'a'.repeat(250)}.com`, `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`,
      '-a.com', 'a-.com', 'a.c0', 'a.0c', '\tt.co', 'ação.com', 'xn--ao-eka.com', ''];
    for (const referrer of referrers) {
      const [row] = (await db.query<{ ok: boolean }>('select private.stats_referrer($1) is not null as ok', [referrer])).rows;
      expect(acceptableReferrer(referrer), JSON.stringify(referrer)).toBe(row!.ok);
    }
    expect(acceptableReferrer(undefined)).toBe(true);
    expect(acceptableReferrer(42)).toBe(false);
  });

  it('counts a batch without moving the content version the kept pages watch', async () => {
    const version = await readContentVersion(db);
    expect(version).toBeDefined();
    const buffer = new ViewBuffer(db);
    for (let i = 0; i < 20; i++) {
      expect(buffer.offer({ page: i % 2 ? '/pt' : '/en', referrer: 't.co' }, { 'user-agent': `${AGENT} ${i}`, 'x-forwarded-for': `192.0.2.${i + 1}` })).toBe(true);
    }
    await buffer.flush();
    expect(buffer.counted).toBe(20);
    // Still known without a query: a page kept before the batch is served as it is.
    expect(rememberedContentVersion(db)).toBe(version);
  });

  it('keeps a post it has not seen public for record_view, and other arguments too', async () => {
    const buffer = new ViewBuffer(db);
    const post = '0b7e3c3e-55a7-4b7e-9a51-3f1f7a6f0c11';
    expect(buffer.offer({ page: post }, { 'user-agent': AGENT })).toBe(false);
    expect(buffer.offer({ page: '/pt', referrer: 'https://t.co/x' }, { 'user-agent': AGENT })).toBe(false);
    expect(buffer.offer({ page: '/pt', other: 1 }, { 'user-agent': AGENT })).toBe(false);
    // A header too long to hold in memory by the thousand: record_view, one at a time.
    expect(buffer.offer({ page: '/pt' }, { 'user-agent': AGENT, 'sec-purpose': 'x'.repeat(2000) })).toBe(false);
    buffer.learnPublic(post);
    expect(buffer.offer({ page: post }, { 'user-agent': AGENT })).toBe(true);
    // Not a post of this database: the batch checks again and counts nothing.
    await buffer.flush();
    expect(buffer.counted).toBe(0);
  });
});
