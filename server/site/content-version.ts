/**
 * The content version (migration 20261123090000_published_pages): one cheap
 * read per request tells whether a kept page is still current. While the
 * database's count of content changes has not moved (PGlite: only this
 * process writes; PostgreSQL: the version's notices, content-notices.ts) the
 * last version read is still the version, and a kept page is served without
 * touching the database at all (issue 10: pages keep answering while the
 * database is busy or restarting; issue 42: while it counts a flood of views).
 */
import type { Database } from '../db/database.ts';

const known = new WeakMap<Database, { writes: number; version: string }>();

/** The version, when this process knows it is still current without a query (PGlite, no write since it was read). */
export function rememberedContentVersion(db: Database): string | undefined {
  const last = known.get(db);
  return last !== undefined && last.writes === db.contentChanges ? last.version : undefined;
}

export async function readContentVersion(db: Database): Promise<string | undefined> {
  // Read before the query: a write that lands meanwhile makes the next call read again.
  const writes = db.contentChanges;
  const last = known.get(db);
  if (writes !== undefined && last?.writes === writes) return last.version;
  let version: string | undefined;
  try {
    const { rows } = await db.query<{ version: string }>('select version::text as version from private.site_content_version');
    version = rows[0]?.version;
  } catch {
    // A database without the site's migrations (a test fixture): nothing is kept.
    return undefined;
  }
  if (version !== undefined && writes !== undefined) known.set(db, { writes, version });
  return version;
}
