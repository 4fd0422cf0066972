/**
 * The off-site copy (issue 41) with AWS's own S3 client against an S3
 * server this test starts on 127.0.0.1 (s3rver), behind a TCP relay that can
 * cut every connection once a given number of bytes went up: an upload cut
 * halfway leaves no object there and the backup marked not uploaded; the
 * next run uploads it (whole: its SHA-256 read back) and rotates the copies
 * there as here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { ConfigError } from '../config.ts';
import { s3Client } from './s3.ts';
import { parseS3Url, type S3Target } from './s3-url.ts';
import { listBackups, zipFile } from './store.ts';
import { setSiteTime, startBackupSite, type BackupSite } from './testing.ts';

/**
 * Relays 127.0.0.1:port to the S3 server. `cutAfter(n, down)` drops every
 * connection once n more bytes went up; with `down`, the server stays
 * unreachable (every new connection dropped) until `up()`.
 */
async function relay(to: number) {
  const open = new Set<net.Socket>();
  let budget: number | undefined;
  let staysDown = false;
  let down = false;
  let cuts = 0;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(to, '127.0.0.1');
    open.add(client).add(upstream);
    const close = () => (client.destroy(), upstream.destroy(), open.delete(client), open.delete(upstream));
    client.on('data', (chunk: Buffer) => {
      if (budget !== undefined) {
        budget -= chunk.length;
        if (budget < 0) {
          budget = undefined;
          down = staysDown;
          cuts++;
          for (const socket of open) socket.destroy();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cutAfter(bytes: number, { staysDown: keepDown = false } = {}) {
      budget = bytes;
      staysDown = keepDown;
    },
    up: () => void (down = false),
    get cuts() {
      return cuts;
    },
    close: () => new Promise<void>((resolve) => (open.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

describe('BACKUP_S3_URL', () => {
  it('reads the key, secret, endpoint, bucket, prefix and options; refuses what it cannot use with a sentence', () => {
    expect(parseS3Url('s3://AKIA:se%2Fcr%2Bet@s3.eu-west-1.amazonaws.com/her-bucket/site/daily?region=eu-west-1')).toMatchObject({
      endpoint: 'https://s3.eu-west-1.amazonaws.com', region: 'eu-west-1', bucket: 'her-bucket', prefix: 'site/daily/',
      accessKeyId: 'AKIA', secretAccessKey: 'se/cr+et', forcePathStyle: false, description: 's3://s3.eu-west-1.amazonaws.com/her-bucket/site/daily/',
    });
    expect(parseS3Url('s3://k:s@127.0.0.1:9000/b?forcePathStyle=true&tls=false')).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', prefix: '', forcePathStyle: true });
    expect(() => parseS3Url('https://k:s@host/b')).toThrow(ConfigError);
    expect(() => parseS3Url('s3://host/b')).toThrow('needs the access key and secret');
    expect(() => parseS3Url('s3://k:s@host/')).toThrow('needs a bucket');
    expect(() => parseS3Url('s3://k:s@host/b?pathStyle=1')).toThrow('unknown option pathStyle');
  });
});

describe('the off-site copy on an S3 server', () => {
  let root: string;
  let s3: S3rver;
  let cut: Awaited<ReturnType<typeof relay>>;
  let site: BackupSite;
  let target: S3Target;
  /** The S3 server itself, not through the relay: what the test sees there. */
  let direct: S3Target;

  const there = async () =>
    ((await s3Client(direct).send(new ListObjectsV2Command({ Bucket: 'site', Prefix: 'her-site/' }))).Contents ?? []).map((o) => o.Key).sort();

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 's3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: root, configureBuckets: [{ name: 'site', configs: [] }] });
    const { port } = (await s3.run()) as AddressInfo;
    cut = await relay(port);
    direct = parseS3Url(`s3://S3RVER:S3RVER@127.0.0.1:${port}/site?forcePathStyle=true&tls=false`);
    target = parseS3Url(`s3://S3RVER:S3RVER@127.0.0.1:${cut.port}/site/her-site?forcePathStyle=true&tls=false`);
    site = await startBackupSite({ keep: { daily: 2, weekly: 0, monthly: 0 }, s3: target });
    // ~12 MB of pictures that do not deflate: the zip goes up in two parts of 8 MB and the rest.
    for (let i = 0; i < 6; i++) {
      const { error } = await site.service.storage.from('post-images').upload(`posts/p${i}/1600.webp`, randomBytes(2 * 1024 * 1024), { contentType: 'image/webp' });
      expect(error).toBeNull();
    }
  });
  afterAll(async () => {
    await site?.done();
    await cut?.close();
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('an upload cut halfway leaves nothing there and the backup not uploaded; the next run uploads it whole and rotates there as here', { timeout: 180_000 }, async () => {
    await setSiteTime(site.server.db, '2030-03-01T12:00:00-03:00');
    // The server goes away 10 MB into the upload (its second part) and stays away.
    cut.cutAfter(10 * 1024 * 1024, { staysDown: true });
    const first = await site.server.backups!.runNow();
    expect(cut.cuts).toBe(1);
    expect(first).toMatchObject({ status: 'done', record: { status: 'good', upload: { status: 'not_uploaded' } } });
    expect(await there()).toEqual([]);

    // Back the next day; a connection dropped once more on the way is retried by the client.
    cut.up();
    await setSiteTime(site.server.db, '2030-03-02T12:00:00-03:00');
    cut.cutAfter(4 * 1024 * 1024);
    const second = await site.server.backups!.runNow();
    expect(cut.cuts).toBe(2);
    expect(second).toMatchObject({ status: 'done', record: { upload: { status: 'uploaded' } } });
    const { good } = await listBackups(site.backupDir);
    expect(good.map((r) => r.upload?.status)).toEqual(['uploaded', 'uploaded']);
    expect(await there()).toEqual(good.map((r) => `her-site/${r.name}.zip`).sort());
    for (const record of good) {
      const object = await s3Client(direct).send(new GetObjectCommand({ Bucket: 'site', Key: `her-site/${record.name}.zip` }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(record.sha256);
      expect(object.Metadata?.sha256).toBe(record.sha256);
      expect(bytes.equals(await readFile(zipFile(site.backupDir, record.name)))).toBe(true);
    }

    // A third day: the oldest goes here (2 days kept) and there.
    await setSiteTime(site.server.db, '2030-03-03T12:00:00-03:00');
    await site.server.backups!.runNow();
    const kept = (await listBackups(site.backupDir)).good.map((r) => r.name);
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(good[1]!.name);
    expect(await there()).toEqual(kept.map((name) => `her-site/${name}.zip`).sort());
  });
});
