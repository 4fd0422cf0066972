import { supabase } from '@/lib/supabase';
import { SUPABASE_URL } from '@/testing/api';
import { sessionStorageKey, storedAccessToken } from './stored-session';

describe('storedAccessToken', () => {
  it('reads the key the admin’s own Supabase client keeps her session under', () => {
    // If supabase-js ever moves its session, her visits would start counting: this fails first.
    expect(sessionStorageKey(SUPABASE_URL)).toBe((supabase.auth as unknown as { storageKey: string }).storageKey);
    expect(sessionStorageKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
  });

  it('gives the stored access token, nothing without a session or with something else there, and writes nothing', () => {
    expect(storedAccessToken(SUPABASE_URL)).toBeUndefined();
    window.localStorage.setItem(sessionStorageKey(SUPABASE_URL), JSON.stringify({ access_token: 'her.jwt.token', refresh_token: 'r' }));
    expect(storedAccessToken(SUPABASE_URL)).toBe('her.jwt.token');
    window.localStorage.setItem(sessionStorageKey(SUPABASE_URL), '{not json');
    expect(storedAccessToken(SUPABASE_URL)).toBeUndefined();
    window.localStorage.clear();
    storedAccessToken(SUPABASE_URL);
    expect(window.localStorage.length).toBe(0);
  });
});
