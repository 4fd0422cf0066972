import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';

/** The role lookup itself failed (network, server): offer a retry rather than guessing. */
export function RoleCheckFailed({ onRetry }: { onRetry: () => void }) {
  const t = adminText.guard;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-stone-50 p-4 text-center">
      <p role="alert" className="text-stone-800">
        {t.checkFailed}
      </p>
      <Button onClick={onRetry}>{t.retry}</Button>
    </main>
  );
}
