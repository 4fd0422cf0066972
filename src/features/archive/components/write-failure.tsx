import { useRef } from 'react';
import { adminText } from '@/lib/i18n-admin';
import { useFocusEffect } from '@/lib/use-focus-effect';

/** A write that stopped halfway: what happened, what was kept, and that the same file completes it without duplicates. */
export function WriteFailure({ message, written }: { message: string; written: number }) {
  const t = adminText.archive;
  const box = useRef<HTMLDivElement>(null);
  // The button she pressed was disabled while it ran: the message takes the focus.
  useFocusEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800 outline-none">
      <p className="font-semibold">{t.writeError}</p>
      <p className="[overflow-wrap:anywhere]">{message}</p>
      <p>{t.writeErrorHint(written)}</p>
    </div>
  );
}
