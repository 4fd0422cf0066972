import { Outlet } from 'react-router-dom';

// Placeholder: the auth/admin work puts the session provider here, so the
// public pages never load it.
export default function SessionLayout() {
  return <Outlet />;
}
