/**
 * createApp(deps): the whole local backend as one Hono app, so tests call it
 * in-process (app.request) and index.ts only listens.
 *
 * Contract between the parts (each owned by its own folder):
 * - server/rest/  → createRestRoutes(deps): Hono, mounted at /rest/v1
 * - server/auth/  → createAuthRoutes(deps): Hono, mounted at /auth/v1
 * - server/storage/ → createStorageRoutes(deps): Hono, mounted at /storage/v1
 * - server/backup/ → createBackupRoutes(…): Hono, mounted at /backups/v1 when
 *                    the server writes the daily backup
 * - server/fediverse/ → createFediverseRoutes(…): WebFinger, NodeInfo,
 *                    ActivityPub actors, inboxes and objects (issue 45)
 * - server/site/  → the public site: server-rendered pages, feeds, sitemap,
 *                    link-preview cards, built files (server/static/), the
 *                    client-only shell of /auth and /admin
 */
import { Hono } from 'hono';
import { createAuthRoutes } from './auth/index.ts';
import { createBackupRoutes } from './backup/routes.ts';
import type { BackupScheduler } from './backup/scheduler.ts';
import { compressResponses } from './compress.ts';
import { apiCors } from './cors.ts';
import type { AppDeps, AppOptions } from './deps.ts';
import { RememberedRoutes } from './remembered-routes.ts';
import { createRestRoutes } from './rest/index.ts';
import { createSiteRoutes } from './site/index.ts';
import { createStorageRoutes } from './storage/index.ts';

export type { AppDeps, AppOptions, AuthSettings } from './deps.ts';

/**
 * `backups`: the daily backup (server/backup/), when this server writes them:
 * its admin routes are mounted. Not in AppDeps, which the backup's own
 * modules reach through config.ts (no import circle, architecture.test.ts).
 */
export function createApp(deps: AppDeps, options: AppOptions = {}, backups?: BackupScheduler, fediverse?: Hono): Hono {
  const app = new Hono({ router: new RememberedRoutes() });
  // Brotli or gzip for whatever is not compressed already (API JSON); the
  // site's pages and files come with their own copies and pass through.
  app.use('*', compressResponses());
  const cors = apiCors();
  for (const prefix of ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/backups/v1']) app.use(`${prefix}/*`, cors);
  app.route('/rest/v1', createRestRoutes(deps, { trustedProxyHeader: options.auth?.trustedProxyHeader }));
  app.route('/auth/v1', createAuthRoutes(deps, options.auth));
  app.route('/storage/v1', createStorageRoutes(deps, { trustedProxyHeader: options.auth?.trustedProxyHeader }));
  // The local backend's own backups (hosted Supabase has none of ours: the admin screen reads the 404).
  if (backups) app.route('/backups/v1', createBackupRoutes(deps.db, deps.jwtSecret, backups));
  // A server that writes none (tests, a DATA_DIR-less run) says so without a 404, which the admin's browser logs as an error.
  else app.get('/backups/v1', (c) => c.body(null, 204));
  // Her fediverse accounts (server/fediverse/): WebFinger, NodeInfo, /ap/*, and ActivityPub answers at post permalinks.
  if (fediverse) app.route('/', fediverse);
  // Last: everything that is not an API is the site.
  if (deps.site) {
    const site = createSiteRoutes({
      db: deps.db, anonKey: deps.anonKey, siteUrl: deps.siteUrl, host: deps.site, api: async (request) => app.fetch(request),
      trustedProxyHeader: options.auth?.trustedProxyHeader,
    });
    app.route('/', site);
  }
  return app;
}
