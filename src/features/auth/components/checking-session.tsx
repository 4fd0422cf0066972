import { Loader2 } from 'lucide-react';
import { adminText } from '@/lib/i18n-admin';

/** Full-screen wait while the session (and then the role) is checked. */
export function CheckingSession() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center gap-3 bg-stone-50 text-stone-700">
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <p>{adminText.guard.checking}</p>
    </div>
  );
}
