import { formatShortDate } from '@/lib/dates';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';

/** "15 de mar. de 2024 · 5 min de leitura" under a card's category. */
export function PostMeta({ date, readTime, language }: { date: string; readTime: string; language: Language }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
      <time dateTime={date}>{formatShortDate(date, language)}</time>
      <span aria-hidden>·</span>
      <span>{t(language).blog.readTime(readTime)}</span>
    </p>
  );
}
