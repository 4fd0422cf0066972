import { Link, useSearchParams } from 'react-router-dom';
import { clipsText } from '@/lib/i18n-clips';
import type { Language } from '@/lib/language';
import { paths, postPath } from '@/lib/paths';
import { useClipFacets } from '../api/get-clip-facets';
import { useClipsPage } from '../api/get-clips';
import { useMovedPost } from '../api/get-moved-post';
import { clipsViewFromParams, isWholeList } from '../lib/clips-params';
import { ClipEntry } from './clip-entry';
import { ClipsFilters } from './clips-filters';
import { ClipsPager } from './clips-pager';

/** /pt/publicacoes and /en/published-work (issue 43): the title, the filters, a page of entries (featured first), the pager. */
export function ClipsListPage({ language }: { language: Language }) {
  const texts = clipsText(language);
  const [params] = useSearchParams();
  const view = clipsViewFromParams(language, params);
  const listing = useClipsPage(view);
  const facets = useClipFacets();
  const moved = useMovedPost(language).data;
  const clips = listing.data?.clips ?? [];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-6 py-16">
      <div className="flex flex-col gap-4">
        <h1 id="clips-title" className="font-serif text-4xl text-ink sm:text-5xl">
          {texts.title}
        </h1>
        <p className="max-w-2xl text-lg leading-relaxed text-stone-700">{texts.description}</p>
        {moved && (
          <p className="max-w-2xl text-stone-700">
            {texts.movedPost(moved.title)}{' '}
            <Link to={postPath({ language, slug: moved.slug })} className="font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-900">
              {postPath({ language, slug: moved.slug })}
            </Link>
          </p>
        )}
      </div>
      {facets.data && (facets.data.outlets.length > 0 || facets.data.years.length > 0) && (
        <ClipsFilters language={language} view={view} facets={facets.data} />
      )}
      {listing.isPending ? (
        <p role="status" className="text-stone-700">
          {texts.loading}
        </p>
      ) : listing.isError ? (
        <p role="alert" className="text-stone-700">
          {texts.loadError}
        </p>
      ) : clips.length === 0 ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-stone-700">{isWholeList(view) ? texts.empty : texts.emptyFilter}</p>
          {!isWholeList(view) && (
            <Link to={paths.clips(language)} className="font-semibold text-accent-700 underline-offset-4 hover:underline">
              {texts.clearFilter}
            </Link>
          )}
        </div>
      ) : (
        <>
          <ol aria-labelledby="clips-title" className="flex flex-col gap-6">
            {clips.map((clip) => (
              <li key={clip.id}>
                <ClipEntry clip={clip} language={language} />
              </li>
            ))}
          </ol>
          <ClipsPager language={language} view={view} hasMore={listing.data.hasMore} />
        </>
      )}
    </div>
  );
}
