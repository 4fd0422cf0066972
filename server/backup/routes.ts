/**
 * /backups/v1: the admin's list of backups, each one's download, and
 * "Fazer backup agora" (issue 41). The local backend's alone (hosted
 * Supabase has its own backups; the admin screen says so when this answers
 * 404). Admins only, with the second factor when she has one: asked of the
 * database itself (public.is_admin() and public.has_required_aal() under the
 * caller's claims, as every RLS policy on unpublished work asks), never a
 * static path.
 *
 *   GET  /backups/v1            → { backups, failed, last_good_at, last_failed, stale, running, off_site, schedule }
 *   GET  /backups/v1/<name>.zip → the zip (attachment)
 *   POST /backups/v1            → 202 { started: true } | 409 when one is being written
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { Database } from '../db/database.ts';
import { authenticate } from '../rest/authenticate.ts';
import { RestError } from '../rest/rest-error.ts';
import { siteNow } from './run.ts';
import type { BackupScheduler } from './scheduler.ts';
import { firstSeen, isBackupName, listBackups, zipFile, type BackupRecord } from './store.ts';

/** Past this age of the last good backup the admin shows a warning. */
export const STALE_MS = 48 * 3600_000;

const notAdmin = () => new RestError(403, '42501', 'Only an administrator (with her second factor, if she has one) may reach the backups.');

async function requireAdmin(db: Database, jwtSecret: string, c: Context): Promise<void> {
  const caller = await authenticate({ get: (name) => c.req.header(name) }, jwtSecret);
  // Only a signed-in user can be the admin (the service key is not her: it never reaches a browser).
  if (caller.role !== 'authenticated') throw notAdmin();
  const [result] = await db.batch([{ sql: 'select coalesce(public.is_admin() and public.has_required_aal(), false) as ok' }], {
    readOnly: true,
    settings: [
      ['role', caller.role],
      ['request.jwt.claims', caller.claimsJson],
    ],
  });
  if (result?.rows[0]?.ok !== true) throw notAdmin();
}

const publicRecord = (r: BackupRecord) => ({
  name: r.name,
  created_at: r.created_at,
  status: r.status,
  reason: r.reason ?? null,
  size: r.size,
  counts: r.counts,
  trigger: r.trigger,
  upload: r.upload ? { status: r.upload.status, at: r.upload.at, error: r.upload.error ?? null } : null,
});

export function createBackupRoutes(db: Database, jwtSecret: string, backups: BackupScheduler): Hono {
  const app = new Hono();
  const dir = backups.deps.config.dir;
  app.onError((e, c) => {
    if (e instanceof RestError) return c.json({ code: e.code, message: e.message, details: e.details, hint: e.hint }, e.status as 403, e.headers);
    throw e;
  });
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await requireAdmin(db, jwtSecret, c);
    await next();
  });

  app.get('/', async (c) => {
    const { good, failed } = await listBackups(dir);
    const now = await siteNow(db);
    const lastGood = good[0]?.created_at ?? null;
    // A failure newer than the last good backup is what she must be told of.
    const lastFailed = failed[0] && (!lastGood || failed[0].created_at > lastGood) ? publicRecord(failed[0]) : null;
    return c.json({
      backups: good.map(publicRecord),
      failed: failed.map(publicRecord),
      last_good_at: lastGood,
      last_failed: lastFailed,
      // With none yet, a warning only once the install has gone 48 hours without one (a fresh one gets its first at BACKUP_AT).
      stale: +now - (lastGood ? Date.parse(lastGood) : +(await firstSeen(dir, now))) > STALE_MS,
      running: backups.running,
      off_site: backups.deps.offSite?.description ?? null,
      schedule: { at: `${String(backups.deps.config.at.hour).padStart(2, '0')}:${String(backups.deps.config.at.minute).padStart(2, '0')}`, keep: backups.deps.config.keep },
    });
  });

  app.post('/', (c) => {
    if (backups.running) return c.json({ code: 'backup_running', message: 'Um backup já está sendo feito.' }, 409);
    void backups.runNow().then((outcome) => {
      if (outcome.status === 'busy') backups.deps.log?.('"Fazer backup agora": another process is writing one.');
    }, (e: unknown) => backups.deps.log?.(`"Fazer backup agora" failed: ${e instanceof Error ? e.message : String(e)}`));
    return c.json({ started: true }, 202);
  });

  app.get('/:file', async (c) => {
    const file = c.req.param('file');
    const name = file.endsWith('.zip') ? file.slice(0, -4) : '';
    const { good } = await listBackups(dir);
    if (!isBackupName(name) || !good.some((r) => r.name === name)) return c.json({ code: 'not_found', message: 'Backup não encontrado.' }, 404);
    const path = zipFile(dir, name);
    const size = (await stat(path)).size;
    return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': String(size),
        'Content-Disposition': `attachment; filename="${name}.zip"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  return app;
}
