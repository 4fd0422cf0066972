/**
 * One `npm start` per worker of the end-to-end run (E2E_WORKERS, vitest.config.ts),
 * each on a fresh DATA_DIR: the files of one worker run one after another
 * against its own server, so no two files ever share a server at the same
 * time, while the two workers use the machine's two cores. A file reaches
 * its worker's server through theApp() (support/the-app.ts). Stopped, and
 * their data removed, at the end.
 */
import type { TestProject } from 'vitest/node';
import { buildIfNeeded } from '../../scripts/build';
import { E2E_WORKERS } from './support/workers';
import { removeDataDir, startApp } from './support/app-server';
import { startOutletServer } from '../../server/clips/outlet-server';

export interface ProvidedApp {
  url: string;
  port: number;
  dataDir: string;
  /** What `npm start` printed as it started. */
  startOutput: string;
}

export interface ProvidedOutlets {
  /** The saved outlets' pages at 127.0.0.1 by path (server/clips/outlet-server.ts); every app may fetch them. */
  origin: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apps: ProvidedApp[];
    outlets: ProvidedOutlets;
  }
}

export default async function setup(project: TestProject) {
  // Once, before the servers: two `npm start` building dist/ at once would write over each other.
  await buildIfNeeded((line) => console.info(`[e2e] ${line}`));
  // The clips worker of every app is the real one: it may reach this server,
  // and nothing else private, as OUTBOUND_ALLOW_HOSTS allows in production.
  const outlets = await startOutletServer();
  const allowed = process.env.OUTBOUND_ALLOW_HOSTS;
  process.env.OUTBOUND_ALLOW_HOSTS = [allowed, `127.0.0.1:${outlets.port}`].filter(Boolean).join(',');
  const apps = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startApp()));
  if (allowed === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = allowed;
  project.provide('outlets', { origin: `http://127.0.0.1:${outlets.port}` });
  project.provide('apps', apps.map((app) => ({ url: app.url, port: app.port, dataDir: app.dataDir, startOutput: app.output() })));
  return async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await outlets.close();
    for (const app of apps) {
      if (process.env.KEEP_E2E_DATA) console.log(`e2e data kept in ${app.dataDir}`);
      else removeDataDir(app.dataDir);
    }
  };
}
