/**
 * The URL of the server that holds an embedded data directory, written beside
 * its lock, so tools that cannot open the files meanwhile (create-admin) reach
 * it over HTTP on whatever PORT it was started with.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const fileFor = (dataDir: string) => path.join(dataDir, 'server-url');

export function recordServerUrl(dataDir: string, url: string): void {
  writeFileSync(fileFor(dataDir), `${url}\n`, { mode: 0o600 });
}

export function forgetServerUrl(dataDir: string): void {
  rmSync(fileFor(dataDir), { force: true });
}

export function readServerUrl(dataDir: string): string | undefined {
  try {
    return readFileSync(fileFor(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
