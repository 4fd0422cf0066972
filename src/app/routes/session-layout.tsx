import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { postKeys } from '@/features/posts/api/keys';

/**
 * Wraps /auth and /admin (lazy, so public pages never load the session code).
 * On sign-out the admin's list, drafts included, is dropped from the cache.
 */
export default function SessionLayout() {
  const queryClient = useQueryClient();
  const onSignedOut = useCallback(() => queryClient.removeQueries({ queryKey: postKeys.adminList() }), [queryClient]);
  return (
    <AuthProvider onSignedOut={onSignedOut}>
      <Outlet />
    </AuthProvider>
  );
}
