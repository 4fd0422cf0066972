import { AdminPanel } from '@/features/admin/components/admin-panel';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { SecurityPanel } from '@/features/auth/components/security-panel';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useDocumentMeta } from '@/lib/document-meta';
import { adminText } from '@/lib/i18n-admin';

/** /admin: the guard (auth feature) around the panel (admin feature); the route wires the two. */
export default function AdminRoute() {
  useDocumentMeta('pt', adminText.admin.title);
  return (
    <RequireAdmin>
      {(user) => <AdminPanel email={user.email ?? ''} signOut={<SignOutButton />} security={<SecurityPanel userId={user.id} />} />}
    </RequireAdmin>
  );
}
