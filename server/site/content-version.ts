/**
 * The content version (migration 20261123090000_published_pages): one cheap
 * read per request tells whether a kept page is still current.
 */
import type { Database } from '../db/database.ts';

export async function readContentVersion(db: Database): Promise<string | undefined> {
  try {
    const { rows } = await db.query<{ version: string }>('select version::text as version from private.site_content_version');
    return rows[0]?.version;
  } catch {
    // A database without the site's migrations (a test fixture): nothing is kept.
    return undefined;
  }
}
