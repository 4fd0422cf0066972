/**
 * One `npm start` for the whole end-to-end run (a fresh DATA_DIR costs a new
 * database, ~10 s on these machines); every test file reaches it through
 * inject('appUrl'). Stopped, and its data removed, at the end.
 */
import type { TestProject } from 'vitest/node';
import { removeDataDir, startApp } from './support/app-server';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    appPort: number;
    appDataDir: string;
    appStartOutput: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide('appUrl', app.url);
  project.provide('appPort', app.port);
  project.provide('appDataDir', app.dataDir);
  project.provide('appStartOutput', app.output());
  return async () => {
    await app.stop();
    if (process.env.KEEP_E2E_DATA) console.log(`e2e data kept in ${app.dataDir}`);
    else removeDataDir(app.dataDir);
  };
}
