import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';

/** Spec §2: the post page footer, a title line and a copyright line. */
export function PostFooter({ language }: { language: Language }) {
  const texts = t(language).post;
  return (
    <footer className="border-t border-stone-200 bg-ink py-10 text-center text-stone-300">
      <p className="font-serif text-lg text-white">{texts.footerTitle}</p>
      <p className="mt-2 text-sm">{texts.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
