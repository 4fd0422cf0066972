import { adminText } from '@/lib/i18n-admin';
import type { CsvAddresses } from '../lib/csv-addresses';

/** How many addresses to show before importing: enough to see the right column was read. */
export const PREVIEW_SIZE = 5;

/** What the file holds: how many addresses (each once), the first few, and what was left out. */
export function ImportPreview({ fileName, read, headingId }: { fileName: string; read: CsvAddresses; headingId: string }) {
  const t = adminText.newsletter;
  const shown = read.addresses.slice(0, PREVIEW_SIZE);
  return (
    <div className="grid gap-2 rounded-md border border-stone-200 p-4 text-sm text-stone-800">
      <h3 id={headingId} tabIndex={-1} className="font-semibold text-stone-900 [overflow-wrap:anywhere] focus:outline-none">
        {t.found(read.addresses.length, fileName)}
      </h3>
      {shown.length > 0 && (
        <>
          <p>{t.preview(shown.length)}</p>
          <ul className="grid list-disc gap-0.5 pl-5">
            {shown.map((address) => (
              <li key={address} className="[overflow-wrap:anywhere]">
                {address}
              </li>
            ))}
          </ul>
        </>
      )}
      {read.repeated > 0 && <p>{t.repeated(read.repeated)}</p>}
      {read.disabled > 0 && <p>{t.disabledSkipped(read.disabled)}</p>}
    </div>
  );
}
