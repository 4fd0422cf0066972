import type { Keep } from './config.ts';

/** Where verified backups are copied (server/backup/s3.ts for BACKUP_S3_URL). */
export interface OffSite {
  /** For logs and the admin, without secrets. */
  description: string;
  /** Uploads the zip whole or not at all; the object's key. */
  upload(name: string, file: string, sha256: string): Promise<string>;
  /** Rotates the copies there as here; never removes one kept here. */
  keepOnly(keptHere: ReadonlySet<string>, keep: Keep): Promise<void>;
}
