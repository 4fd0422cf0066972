import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { server } from './server';

// findBy*/waitFor give up after 1 s by default: too short on a loaded CI
// machine, where one render of the admin's dialog can take that long.
configure({ asyncUtilTimeout: 4000 });

/**
 * Files share their worker's modules and document (vitest.config.ts: unit
 * files run with isolate: false). Each starts from the document and storage
 * a new jsdom has, whatever the file before it left there.
 */
const pristine = ((globalThis as { pristineDocument?: { head: string; html: [string, string][] } }).pristineDocument ??= {
  head: document.head.innerHTML,
  html: [...document.documentElement.attributes].map((a) => [a.name, a.value]),
});

function restoreDocument() {
  for (const a of [...document.documentElement.attributes]) document.documentElement.removeAttribute(a.name);
  for (const [name, value] of pristine.html) document.documentElement.setAttribute(name, value);
  document.head.innerHTML = pristine.head;
  // Emptied, not replaced: Testing Library's screen holds this body.
  for (const a of [...document.body.attributes]) document.body.removeAttribute(a.name);
  document.body.innerHTML = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
}

beforeAll(() => {
  restoreDocument();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetToasts();
  window.localStorage.clear();
});
afterAll(() => server.close());
