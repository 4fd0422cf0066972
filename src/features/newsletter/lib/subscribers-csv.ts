import Papa from 'papaparse';
import type { Subscriber } from '../api/subscribers';

export const CSV_COLUMNS = ['email', 'languages', 'status', 'source', 'created_at', 'confirmed_at'] as const;

/**
 * The export: one row an address, the languages as "pt,en". A field that a
 * spreadsheet would run as a formula (an address may start with = or +) is
 * quoted with a leading apostrophe, so opening the file runs nothing.
 */
export function subscribersCsv(rows: readonly Subscriber[]): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: rows.map((row) => [row.email, row.languages.join(','), row.status, row.source, row.created_at, row.confirmed_at ?? '']),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** `assinantes-anasilva.com.br-2026-05-01.csv`, beside the backup's name. */
export function subscribersFileName(host: string, day: string): string {
  const site = host.toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '') || 'site';
  return `assinantes-${site}-${day}.csv`;
}
