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
