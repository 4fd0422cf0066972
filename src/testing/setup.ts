import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { server } from './server';

// findBy*/waitFor give up after 1 s by default: too short on a loaded CI
// machine, where one render of the admin's dialog can take that long.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetToasts();
  window.localStorage.clear();
});
afterAll(() => server.close());
