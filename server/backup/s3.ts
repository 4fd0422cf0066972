/**
 * The off-site copy (BACKUP_S3_URL): each verified backup is uploaded with
 * AWS's own client (@aws-sdk/client-s3, and @aws-sdk/lib-storage's Upload,
 * which sends a large zip in 8 MB parts, a few at a time, and aborts the
 * multipart upload when a part fails, so the object appears only when
 * complete), and rotated there by the same rule as here.
 *
 * Checksums are sent and checked only where the API requires them: the
 * SDK's newer default (a CRC32 trailer on every upload) is refused by many
 * S3-compatible servers (Backblaze B2, older MinIO, s3rver). The zip's
 * SHA-256 goes with it as metadata, and the object's size is checked after.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Keep } from './config.ts';
import type { OffSite } from './off-site.ts';
import { backupsToKeep } from './rotation.ts';
import type { S3Target } from './s3-url.ts';
import { isBackupName } from './store.ts';

const PART_BYTES = 8 * 1024 * 1024;

/** The instant a backup's name holds (backup-20261128T060000Z, or …T060000123Z). */
export function backupTime(name: string): Date | undefined {
  const m = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms] = m;
  return new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!, +(ms ?? 0)));
}

export function s3Client(target: S3Target): S3Client {
  return new S3Client({
    endpoint: target.endpoint,
    region: target.region,
    forcePathStyle: target.forcePathStyle,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

export function s3OffSite(target: S3Target, client: S3Client = s3Client(target)): OffSite {
  const keyOf = (name: string) => `${target.prefix}${name}.zip`;
  return {
    description: target.description,

    async upload(name, file, sha256) {
      const key = keyOf(name);
      const size = (await stat(file)).size;
      const upload = new Upload({
        client,
        params: { Bucket: target.bucket, Key: key, Body: createReadStream(file), ContentType: 'application/zip', Metadata: { sha256 } },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (e) {
        // A server that keeps what it got of a cut single-part upload must not show it as a backup.
        await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: key })).catch(() => undefined);
        throw e;
      }
      const head = await client.send(new HeadObjectCommand({ Bucket: target.bucket, Key: key }));
      if (head.ContentLength !== size) {
        await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: key })).catch(() => undefined);
        throw new Error(`${key} holds ${head.ContentLength} bytes there, ${size} here.`);
      }
      return key;
    },

    async keepOnly(keptHere: ReadonlySet<string>, keep: Keep) {
      const there: { name: string; createdAt: Date }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: target.bucket, Prefix: `${target.prefix}backup-`, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(target.prefix.length).replace(/\.zip$/, '') ?? '';
          const createdAt = backupTime(name);
          if (isBackupName(name) && createdAt && object.Key === keyOf(name)) there.push({ name, createdAt });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      const { remove } = backupsToKeep(there, keep);
      for (const { name } of remove) {
        if (!keptHere.has(name)) await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: keyOf(name) }));
      }
    },
  };
}
