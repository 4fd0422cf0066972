import { RequireAdmin } from '@/features/auth/components/require-admin';

// Filled in with the admin panel next; the guard comes first.
export default function AdminRoute() {
  return <RequireAdmin>{(user) => <main>{user.email}</main>}</RequireAdmin>;
}
