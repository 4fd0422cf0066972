import { LOCALE } from '@/lib/language';

/** Spec §2: the admin cards show dates in pt-BR format (dd/mm/aaaa), whatever the post's language. */
export function formatAdminDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(LOCALE.pt);
}
