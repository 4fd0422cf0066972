import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';

export function SiteFooter({ language, description, copyright }: { language: Language; description: string; copyright: string }) {
  return (
    <footer className="border-t border-stone-800 bg-ink py-12 text-stone-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-md">
          <p className="font-serif text-xl text-white">{t(language).brand}</p>
          <p className="mt-3 leading-relaxed">{description}</p>
        </div>
        <p className="text-sm">{copyright}</p>
      </div>
    </footer>
  );
}
