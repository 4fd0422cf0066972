import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CATEGORIES, CATEGORY_PARAM } from '@/lib/categories';
import { searchTexts } from '@/lib/i18n-search';
import { otherLanguage, type Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { normalizeQuery, searchPageFromParams, searchPath } from '@/lib/search-paths';
import { useSearch } from '../api/search-site';
import { SearchResultItem } from './search-result-item';

/** How long she pauses before the results follow her typing. */
export const TYPING_PAUSE_MS = 300;
/**
 * Typing that only adds or removes letters of a query the address took less
 * than this ago refines it in place (history replace): Back goes to the
 * search she stopped at, not to every pause in her typing (a slow phone
 * pauses more often than she does).
 */
export const REFINING_MS = 2000;

const refines = (before: string, after: string) => {
  const [a, b] = [before.toLocaleLowerCase(), after.toLocaleLowerCase()];
  return a !== '' && b !== '' && (a.startsWith(b) || b.startsWith(a));
};
const PER_PAGE = 10;

/**
 * /pt/busca and /en/search (issue 44). Without JavaScript a GET form and the
 * server's page of results; with it, the results follow her typing (after a
 * pause; a search left behind is cancelled, so one is in flight), and the
 * address follows the results, so the page can be shared and Back goes to
 * the previous search. What changed is said in a status region.
 */
export function SearchPage({ language }: { language: Language }) {
  const texts = searchTexts(language);
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const q = normalizeQuery(params.get('q'));
  const page = searchPageFromParams(params);
  const [text, setText] = useState(q);
  const shown = useRef(q);
  /** When typing last moved the address (0: not since this page opened). */
  const typedAt = useRef(0);

  // Back and forward: the box shows the address's query.
  useEffect(() => {
    if (q !== shown.current) {
      shown.current = q;
      setText(q);
    }
  }, [q]);

  // Typing: after a pause, the address (and so the results) follow. An
  // emptied box keeps the last results (and the address) until she types
  // another query or sends the empty form.
  useEffect(() => {
    const next = normalizeQuery(text);
    if (next === shown.current || next === '') return;
    const timer = setTimeout(() => {
      const refining = Date.now() - typedAt.current < REFINING_MS && refines(shown.current, next);
      shown.current = next;
      typedAt.current = Date.now();
      setParams(next ? { q: next } : {}, { preventScrollReset: true, replace: refining });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = normalizeQuery(text);
    if (next === shown.current) return;
    shown.current = next;
    setParams(next ? { q: next } : {});
  };

  const search = useSearch({ q, language, page });
  const data = q ? search.data : undefined;
  const other = otherLanguage(language);
  let status = '';
  if (q && search.isError) status = texts.failed;
  else if (q && !data) status = texts.searching;
  else if (q && data) status = data.total === 0 ? texts.none(q) : texts.found(data.total, q);

  return (
    <div className="mx-auto max-w-3xl px-6 py-10">
      <h1 className="font-serif text-3xl text-ink">{texts.heading}</h1>
      <form role="search" action={searchPath(language)} method="get" onSubmit={submit} className="mt-6 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {texts.box}
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={200}
          placeholder={texts.placeholder}
          className="h-11 flex-1 rounded-md border border-stone-300 bg-white px-3 text-base text-ink placeholder:text-stone-500"
        />
        <button type="submit" className="h-11 rounded-md bg-ink px-5 text-sm font-medium text-white hover:bg-stone-800">
          {texts.box}
        </button>
      </form>

      <p role="status" className="mt-6 text-stone-700" aria-busy={search.isFetching}>
        {status}
      </p>

      {data && data.results.length > 0 && (
        <ol className="mt-2">
          {data.results.map((result) => (
            <SearchResultItem key={`${result.kind}-${result.id}`} result={result} />
          ))}
        </ol>
      )}

      {data && data.total > PER_PAGE && (
        <nav aria-label={texts.pages} className="mt-6 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link rel="prev" to={searchPath(language, q, page - 1)} className="text-accent-700 hover:underline">
              ← {texts.previous}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-600">{texts.pageOf(page)}</span>
          {page * PER_PAGE < data.total ? (
            <Link rel="next" to={searchPath(language, q, page + 1)} className="text-accent-700 hover:underline">
              {texts.next} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}

      {data && data.otherTotal > 0 && (
        <p className="mt-6">
          <Link to={searchPath(other, q)} hrefLang={other} className="font-medium text-accent-700 hover:underline">
            {texts.otherLanguage(data.otherTotal)}
          </Link>
        </p>
      )}

      {data && data.total === 0 && (
        <div className="mt-6">
          <p className="text-stone-700">{texts.suggestions}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {CATEGORIES[language].map((category) => (
              <li key={category}>
                <Link
                  to={`${paths.home(language)}?${new URLSearchParams({ [CATEGORY_PARAM]: category })}#blog`}
                  className="inline-block rounded-full border border-stone-300 px-3 py-1 text-sm text-stone-800 hover:bg-stone-100"
                >
                  {category}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
