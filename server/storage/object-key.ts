import { invalidKey, invalidRequest } from './errors.ts';

// Hosted Storage's own rule for object names (and bucket names): these
// characters only, so a name means the same on the local backend and there.
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const VALID_BUCKET = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/** An object's name inside its bucket, from the request path (percent-decoded, no empty segments). */
export function objectName(raw: string): string {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw invalidKey(raw);
  }
  name = name.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  if (!name || !VALID_KEY.test(name) || name.split('/').some((part) => part === '.' || part === '..')) throw invalidKey(name || raw);
  return name;
}

export function bucketId(raw: string): string {
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw invalidRequest(`Invalid bucket name: ${raw}`);
  }
  if (!id || id.length > 100 || !VALID_BUCKET.test(id)) throw invalidRequest(`Invalid bucket name: ${id}`);
  return id;
}
