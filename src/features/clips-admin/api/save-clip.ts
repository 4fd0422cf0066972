import type { ClipFields } from './clips';
import { insertClip } from './clips';
import { submitJobs } from './jobs';

/**
 * Saves a clip from "Adicionar publicação": the clip is written directly with
 * exactly her fields (checked after a preview, or typed by hand), then, when
 * it has an address, an 'archive' job asks the server for its copy.
 *
 * Chosen over an 'add' job (which fetches the page again and writes the clip
 * with its copy): an original that is already gone, the very case this issue
 * is for, would make an 'add' fail and she could never list that piece with
 * its address; a refused save is said at once by the database (the address
 * already listed, a bad field) with her form still open; and the copy, like
 * "Atualizar cópia arquivada", is the server's to retry. The bulk imports,
 * which have no form, use 'add' jobs.
 */
export async function saveNewClip(fields: ClipFields, { previewed = false } = {}): Promise<{ id: string; archiveQueued: boolean }> {
  const web = fields.url !== null;
  const id = await insertClip({ ...fields, kind: web ? 'web' : 'print', source: previewed ? 'url' : 'manual' });
  if (!web) return { id, archiveQueued: false };
  try {
    await submitJobs([{ kind: 'archive', input: fields.url, clip_id: id }]);
    return { id, archiveQueued: true };
  } catch {
    // The clip is saved; its copy can be asked for again from the list.
    return { id, archiveQueued: false };
  }
}
