import { Link } from 'react-router-dom';
import { formatShortDate } from '@/lib/dates';
import { searchTexts } from '@/lib/i18n-search';
import { resultPath } from '@/lib/search-paths';
import type { SearchResult } from '../api/search-site';
import { MarkedText } from './marked-text';

/** A published piece has a day, not a time: noon UTC is that day in the site's time zone too. */
const dateOf = (result: SearchResult) => result.publishedAt ?? (result.publishedOn ? `${result.publishedOn}T12:00:00Z` : null);

/** One result: marked title (the link), what it is, date, category or outlet, and the passage. */
export function SearchResultItem({ result }: { result: SearchResult }) {
  const texts = searchTexts(result.language);
  const date = dateOf(result);
  const where = result.kind === 'clip' ? result.outlet : result.category;
  return (
    <li className="border-b border-stone-200 py-5">
      <article>
        <h2 className="font-serif text-xl leading-snug text-ink">
          <Link to={resultPath(result)} className="hover:text-accent-700 hover:underline">
            <MarkedText text={result.title} />
          </Link>
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-stone-600">
          <span>{texts.kind[result.kind]}</span>
          {date && (
            <>
              <span aria-hidden>·</span>
              <time dateTime={date}>{formatShortDate(date, result.language)}</time>
            </>
          )}
          {where && (
            <>
              <span aria-hidden>·</span>
              <span>{where}</span>
            </>
          )}
        </p>
        {result.passage && (
          <p className="mt-2 text-stone-800">
            <MarkedText text={result.passage} />
          </p>
        )}
      </article>
    </li>
  );
}
