import { adminText } from '@/lib/i18n-admin';
import { supabase } from '@/lib/supabase';
import { newUuid } from '../lib/new-uuid';
import { ClipError } from './clip-error';
import { insertClip, type ClipFields } from './clips';

/** The bucket of the migration 20261128140000_published_work.sql (the contract's). */
export const CLIP_FILES_BUCKET = 'clip-files';
export const PRINT_TYPES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const MAX_PRINT_BYTES = 20 * 1024 * 1024;

const t = adminText.clips;

/** Her file is refused before anything is sent: its type, its size. Undefined when it may go. */
export function printFileProblem(file: File | null): string | undefined {
  if (!file) return t.printUpload.noFile;
  if (!PRINT_TYPES[file.type]) return t.printUpload.badType;
  if (file.size > MAX_PRINT_BYTES) return t.printUpload.tooBig;
  return undefined;
}

/**
 * A print clip: the page's PDF or image to `print/<uuid>.<ext>` in the
 * bucket, then the clip naming it. The file alone is never left behind: a
 * refused clip removes it.
 */
export async function savePrintClip(file: File, fields: ClipFields): Promise<void> {
  const bucket = supabase.storage.from(CLIP_FILES_BUCKET);
  const path = `print/${newUuid()}.${PRINT_TYPES[file.type]}`;
  const upload = await bucket.upload(path, file, { contentType: file.type, cacheControl: '31536000' });
  if (upload.error) throw new ClipError({ error: { message: t.errors.upload(upload.error.message) }, status: 400 });
  try {
    await insertClip({ ...fields, url: null, kind: 'print', source: 'print', file_path: path });
  } catch (error) {
    await bucket.remove([path]);
    throw error;
  }
}
