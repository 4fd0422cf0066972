/** The Supabase URL the unit tests point the client at (see vitest.config.ts). */
export const SUPABASE_URL = 'http://localhost:54321';
export const restUrl = (table: string) => `${SUPABASE_URL}/rest/v1/${table}`;
export const authUrl = (path: string) => `${SUPABASE_URL}/auth/v1${path}`;
