import { useEffect } from 'react';
import { toast, type ToastInput } from '@/components/ui/toast';

/** Raises a destructive toast once each time a query fails (keyed on the failure time). */
export function useErrorToast(failedAt: number, message: Omit<ToastInput, 'variant'>, onError?: () => void) {
  useEffect(() => {
    if (!failedAt) return;
    toast({ ...message, variant: 'destructive' });
    onError?.();
    // Only a new failure should toast again, not a new message object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failedAt]);
}
