/**
 * `npm run dev`: Vite with hot reload, and the local backend, on one origin.
 *
 * The backend runs in this process on a private port; the Vite dev server
 * (http://localhost:5173, or `npm run dev -- --port N`) proxies the Supabase
 * paths to it and writes the anon key into index.html's meta tag, exactly as
 * the backend does for the built SPA. The browser only ever sees Vite's origin,
 * so the SPA runs unchanged (it uses its own origin as the Supabase URL).
 *
 * DATA_DIR, DATABASE_URL and JWT_SECRET mean what they mean for `npm start`
 * (the same ./.data by default, so stop `npm start` first: one process per
 * data directory).
 */
import { resolve } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { startServer } from '../server/index.ts';

const root = resolve(import.meta.dirname, '..');

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** Fills `<meta name="supabase-anon-key">` as the backend does for dist/index.html. */
function anonKeyMeta(anonKey: string): Plugin {
  return {
    name: 'journalist-site:anon-key',
    transformIndexHtml(html) {
      return html.replace(/(<meta\s+name="supabase-anon-key"\s+content=")[^"]*(")/, `$1${anonKey}$2`);
    },
  };
}

async function main() {
  const backend = await startServer({
    port: 0,
    dataDir: resolve(root, process.env.DATA_DIR || '.data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    jwtSecret: process.env.JWT_SECRET || undefined,
    spaDir: undefined,
  });
  const target = backend.url.replace(/\/$/, '');

  const port = Number(argValue('--port') ?? 5173);
  const vite = await createServer({
    root,
    // Merged into vite.config.ts, which stays as it is for `vite build`.
    plugins: [anonKeyMeta(backend.anonKey)],
    server: {
      port,
      proxy: {
        '/rest/v1': { target },
        '/auth/v1': { target },
        '/storage/v1': { target },
        '/realtime/v1': { target, ws: true },
      },
    },
  });
  await vite.listen();

  const close = async () => {
    await vite.close();
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());

  const url = (vite.resolvedUrls?.local[0] ?? `http://localhost:${port}/`).replace(/\/$/, '');
  console.log(`
Dev server (hot reload) at ${url}
  Portuguese home   ${url}/pt
  English home      ${url}/en
  Sign in           ${url}/auth   (admin panel: ${url}/admin)
The backend answers behind it (${target}).
To make an admin: npm run create-admin -- --email you@example.com --password 'a-strong-password'`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
