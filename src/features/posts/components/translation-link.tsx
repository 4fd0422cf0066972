import { Languages } from 'lucide-react';
import { Link } from 'react-router-dom';
import { t } from '@/lib/i18n';
import { HREFLANG, isLanguage, LOCALE } from '@/lib/language';
import { postPath } from '@/lib/paths';
import { usePublishedTranslation, type TranslatablePost } from '../api/get-translation';

/**
 * "Read in English" / "Ler em português" on a post whose other-language
 * version is published (issue 13), written in that language and marked so
 * (lang, hreflang). Nothing at all otherwise, nor while it is being looked up.
 */
export function TranslationLink({ post }: { post: TranslatablePost }) {
  const { data: translation } = usePublishedTranslation(post);
  if (!translation || !isLanguage(translation.language)) return null;
  const language = translation.language;
  return (
    <Link
      to={postPath(translation)}
      lang={LOCALE[language]}
      hrefLang={HREFLANG[language]}
      className="inline-flex items-center gap-2 self-start text-sm font-semibold text-accent-700 underline-offset-4 hover:text-accent-900 hover:underline"
    >
      <Languages aria-hidden className="size-4" />
      {t(language).nav.switchTo[language]}
    </Link>
  );
}
