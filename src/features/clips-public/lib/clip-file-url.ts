/** The public bucket of print clips' files and kept pictures (issue 43). */
export const CLIP_FILES_BUCKET = 'clip-files';

/**
 * The server renderer of the local backend reads through its own API
 * in-process under this made-up origin (server/site/index.ts); a reader
 * reaches that backend's storage on the page's own origin, so there the
 * address is root-relative.
 */
const IN_PROCESS_ORIGIN = 'http://backend.internal';

/**
 * A print clip's PDF or image as readers open it: the bucket's public address
 * on the project the data comes from (`restUrl` is the client's …/rest/v1).
 */
export function clipFileUrl(restUrl: string, path: string): string {
  const object = path.split('/').map(encodeURIComponent).join('/');
  const url = new URL(`/storage/v1/object/public/${CLIP_FILES_BUCKET}/${object}`, restUrl);
  return url.origin === IN_PROCESS_ORIGIN ? url.pathname : url.href;
}

/**
 * Whether `src` is a file kept for this clip in clip-files (its picture, its
 * outlet's logo: `clip-files/{clip id}/…`, as the worker names them). The
 * only pictures a clip's entry or copy shows: anything else is the outlet's
 * address, which would make readers' browsers call the outlet. The clip's id
 * is made when she adds it, so no outlet's page can have named it; the
 * origin is not compared, because the worker's address for the backend and
 * the readers' (or the server renderer's in-process one) differ.
 */
export function isKeptClipFile(clipId: string, src: string | null | undefined): boolean {
  if (!src?.trim() || !clipId) return false;
  try {
    const url = new URL(src.trim(), 'https://site.invalid/');
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname.startsWith(`/storage/v1/object/public/${CLIP_FILES_BUCKET}/${clipId}/`);
  } catch {
    return false;
  }
}
