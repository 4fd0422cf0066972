import { Newspaper } from 'lucide-react';
import { adminText } from '@/lib/i18n-admin';
import { useDeadCount } from '../api/use-clips';

/** The tab's name, with the count of clips whose original is gone ("Original fora do ar") when there are any. */
export function ClipsTabLabel() {
  const dead = useDeadCount();
  const n = dead.data ?? 0;
  return (
    <>
      <Newspaper aria-hidden className="h-4 w-4" />
      {adminText.clips.tab}
      {n > 0 && (
        <span className="rounded-full bg-red-700 px-2 text-xs font-semibold text-white">
          <span aria-hidden>{n}</span>
          <span className="sr-only">{`(${adminText.clips.deadBadge(n)})`}</span>
        </span>
      )}
    </>
  );
}
