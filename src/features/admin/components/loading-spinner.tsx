import { Spinner } from '@/components/ui/spinner';
import { adminText } from '@/lib/i18n-admin';

/** The admin's "loading" state: a spinner that says 'Carregando...' to screen readers. */
export function LoadingSpinner() {
  return <Spinner label={adminText.common.loading} className="py-12" />;
}
