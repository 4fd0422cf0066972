/**
 * Postgres compiled to WebAssembly once per process, and kept: every
 * embedded database of the process (the worker threads of data directories,
 * the in-memory ones of tests) instantiates this one module. A restart then
 * skips the compile, and V8 never frees and re-registers the module's code:
 * that churn (databases opened and closed by the hundred in a test process)
 * is what trips an open V8 bug, a fatal "Check failed:
 * jit_page_->allocations_.erase(addr) == 1" in UnregisterWasmAllocation
 * (nodejs/node#64500), which killed a test worker in CI.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The server's type check has no DOM library, where WebAssembly's types live.
const { WebAssembly: Wasm } = globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } };
let compiled: object | undefined;

export function pgliteModule(): object {
  compiled ??= new Wasm.Module(readFileSync(require.resolve('@electric-sql/pglite/pglite.wasm')));
  return compiled;
}
