import { Link, useSearchParams } from 'react-router-dom';
import { CATEGORY_PARAM, translateCategory } from '@/lib/categories';
import { t } from '@/lib/i18n';
import { LANGUAGES, LOCALE, type Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** The other language's home, keeping the chosen blog category (translated) if any. */
function homeIn(code: Language, from: Language, params: URLSearchParams): string {
  const category = translateCategory(params.get(CATEGORY_PARAM) ?? '', from, code);
  return category ? `${paths.home(code)}?${new URLSearchParams({ [CATEGORY_PARAM]: category })}` : paths.home(code);
}

/** EN / PT links; the active one is highlighted and marked aria-current (spec §2). */
export function LanguageSwitch({ language }: { language: Language }) {
  const [params] = useSearchParams();
  const order: Language[] = [...LANGUAGES].reverse(); // EN | PT, as the spec names them
  return (
    <ul aria-label={t(language).nav.languageLabel} className="flex items-center gap-1 text-sm font-semibold">
      {order.map((code) => {
        const active = code === language;
        return (
          <li key={code}>
            <Link
              to={homeIn(code, language, params)}
              lang={LOCALE[code]}
              hrefLang={LOCALE[code]}
              title={t(code).nav.switchTo[code]}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 tracking-wider',
                active ? 'bg-ink text-white' : 'text-stone-700 hover:bg-stone-200/70 hover:text-ink',
              )}
            >
              {code.toUpperCase()}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
