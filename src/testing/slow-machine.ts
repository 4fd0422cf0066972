import { configure } from '@testing-library/react';

/**
 * The test machines are small and shared: a first render that loads lazy
 * routes and the Supabase client can take over a second. Waiting longer
 * costs nothing when things are fast. Import once at the top of a test file.
 */
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
