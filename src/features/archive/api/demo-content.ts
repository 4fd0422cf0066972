import { DEMO_ORIGIN } from '../lib/origin';
import type { ArchiveClient } from './archive-client';

/**
 * The example posts a new install starts with (supabase/seed.sql: origin
 * 'demo', fixed ids). Found by their origin, so the ones she rewrote are
 * still known as examples; her own posts are never touched.
 */
export async function countDemoPosts(client: ArchiveClient): Promise<number> {
  const { count, error } = await client.from('blog_posts').select('id', { count: 'exact', head: true }).eq('origin_source', DEMO_ORIGIN);
  if (error) throw new Error(`Counting the example posts failed: ${error.message}`);
  return count ?? 0;
}

/**
 * "Remover conteúdo de exemplo": deletes the example posts (with their
 * revisions, corrections and review links, as deleting any post does), except
 * those `kept` names (a backup being restored holds them). Returns how many
 * went; a run cut short is completed by running it again.
 */
export async function removeDemoContent(client: ArchiveClient, kept: ReadonlySet<string> = new Set()): Promise<number> {
  // the examples are a handful of rows: their ids are read, and those not kept deleted by id
  // (a backup's ids can be thousands, too many for a filter in the address).
  const { data: examples, error: readError } = await client.from('blog_posts').select('id').eq('origin_source', DEMO_ORIGIN);
  if (readError) throw new Error(`Reading the example posts failed: ${readError.message}`);
  const doomed = (examples ?? []).map((row) => row.id).filter((id) => !kept.has(id));
  if (doomed.length === 0) return 0;
  const { data, error } = await client.from('blog_posts').delete().in('id', doomed).eq('origin_source', DEMO_ORIGIN).select('id');
  if (error) throw new Error(`Removing the example posts failed: ${error.message}`);
  return data?.length ?? 0;
}
