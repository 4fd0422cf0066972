import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { makeSession } from '@/testing/handlers/auth';
import { nextAuthState } from './auth-state';

const session = makeSession() as unknown as Session;

describe('nextAuthState (spec §4 events)', () => {
  it.each<AuthChangeEvent>([
    'INITIAL_SESSION',
    'SIGNED_IN',
    'TOKEN_REFRESHED',
    'USER_UPDATED',
    'PASSWORD_RECOVERY',
    'MFA_CHALLENGE_VERIFIED',
  ])('%s with a session is signed in, with that session', (event) => {
    expect(nextAuthState(event, session)).toEqual({ status: 'signed-in', event, session, user: session.user });
  });

  it('INITIAL_SESSION without a stored session is signed out', () => {
    expect(nextAuthState('INITIAL_SESSION', null)).toEqual({ status: 'signed-out', event: 'INITIAL_SESSION' });
  });

  it('SIGNED_OUT is signed out even if a session is passed', () => {
    expect(nextAuthState('SIGNED_OUT', session).status).toBe('signed-out');
  });
});
