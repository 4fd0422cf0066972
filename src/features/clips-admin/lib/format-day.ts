/** A date-only value (yyyy-mm-dd) as dd/mm/aaaa, read as that day wherever she is (not shifted by her time zone). */
export function formatDay(day: string | null): string {
  if (!day) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('pt-BR', { timeZone: 'UTC' });
}

/** An instant as dd/mm/aaaa in her browser's time. */
export function formatInstant(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('pt-BR');
}
