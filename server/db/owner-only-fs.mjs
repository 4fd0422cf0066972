/*
 * Owner-only modes for every file and folder PGlite writes from this thread
 * (issue 22). PGlite reaches the data directory through Emscripten's NODEFS,
 * which calls this thread's node:fs, and the process umask cannot help:
 * Emscripten chmods each file it creates to the mode Postgres asked for
 * (0644 for the files Postgres opens with fopen, under Emscripten's own umask
 * 022), and the first start unpacks initdb's output with each file chmodded
 * to 0666, so a umask of 077 still left 968 files 0666. (A worker may not set
 * the umask anyway: ERR_WORKER_UNSUPPORTED_OPERATION.)
 *
 * So, in this thread only (each worker has its own node:fs), every mode
 * NODEFS passes loses its group and other bits before it reaches the host.
 * Postgres never needs those bits: a real server keeps its data directory
 * owner-only too.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const OTHERS = 0o077;
const FILE = 0o600;
const FOLDER = 0o700;

/** A mode as node:fs takes it (number or octal string), without group and other bits. */
const ownerOnly = (mode, fallback) => {
  if (mode === undefined || mode === null) return fallback;
  const bits = typeof mode === 'string' ? parseInt(mode, 8) : mode;
  return Number.isInteger(bits) ? bits & ~OTHERS : mode;
};

/** The options argument of mkdirSync / writeFileSync with its mode made owner-only. */
const withMode = (options, fallback) => {
  if (typeof options === 'number' || (typeof options === 'string' && /^[0-7]+$/.test(options))) return ownerOnly(options, fallback);
  if (typeof options === 'string') return { encoding: options, mode: fallback };
  return { ...options, mode: ownerOnly(options?.mode, fallback) };
};

let applied = false;

export function keepOwnerOnly() {
  if (applied) return;
  applied = true;
  const { chmodSync, fchmodSync, mkdirSync, openSync, writeFileSync } = fs;
  fs.chmodSync = (file, mode) => chmodSync(file, ownerOnly(mode, mode));
  fs.fchmodSync = (fd, mode) => fchmodSync(fd, ownerOnly(mode, mode));
  fs.mkdirSync = (dir, options) => mkdirSync(dir, withMode(options, FOLDER));
  fs.writeFileSync = (file, data, options) => writeFileSync(file, data, withMode(options, FILE));
  fs.openSync = (file, flags, mode) => openSync(file, flags, ownerOnly(mode, FILE));
  // Modules that import { mkdirSync } from 'node:fs' (PGlite's NodeFS) see these too.
  syncBuiltinESMExports();
}
