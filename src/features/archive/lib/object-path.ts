/** The one bucket a backup holds and restores: the post pictures' (migration 20261123140000_post_images_bucket.sql). */
export const BACKUP_BUCKET = 'post-images';

/** Every bucket a backup holds: the post pictures', and her published work's files and fetched pages (20261128140000_published_work.sql). */
export const BACKUP_BUCKETS: readonly string[] = [BACKUP_BUCKET, 'clip-files', 'clip-pages'];

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Whether a Storage object's path may be written into a backup and restored
 * from one: words of letters, digits, `_`, `.` and `-` (none starting with a
 * dot) between single slashes. supabase-js puts the path into the upload's
 * address as it is, and an address resolves `%2e%2e`, `..`, `?` and `#`, so
 * a backup naming anything else could send its bytes, with the importer's
 * key, to another endpoint of the project (a security review found this).
 */
export function isRestorablePath(path: string): boolean {
  const segments = path.split('/');
  return path.length <= 1024 && segments.length <= 32 && segments.every((segment) => SEGMENT.test(segment));
}
