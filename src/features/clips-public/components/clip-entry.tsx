import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { clipsText } from '@/lib/i18n-clips';
import { LOCALE, isLanguage, type Language } from '@/lib/language';
import type { ListedClip } from '../api/get-clips';
import { clipDateTime, formatClipDate } from '../lib/clip-date';
import { isKeptClipFile } from '../lib/clip-file-url';
import { clipCopyPath, clipOriginal } from '../lib/clip-links';

/**
 * One piece of her published work: outlet (and its logo, only as kept in
 * clip-files: never loaded from the outlet), date in the page's
 * language, title, byline, summary, picture, one link to the original (a
 * print clip's PDF or image) that opens it in a new tab, and the archived
 * copy when she shows it. One link per destination, so a keyboard or a
 * screen reader's list of links meets each once.
 * `headingLevel`: h2 on the list, h3 in the home's section.
 */
export function ClipEntry({ clip, language, headingLevel = 2 }: { clip: ListedClip; language: Language; headingLevel?: 2 | 3 }) {
  const texts = clipsText(language);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const original = clipOriginal(clip);
  const titleId = `clip-title-${clip.id}`;
  // The piece's own language, when it is not the page's (a Portuguese piece on the English list).
  const lang = isLanguage(clip.language) && clip.language !== language ? LOCALE[clip.language] : undefined;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:flex-row">
      {clip.image_url && (
        <img
          src={clip.image_url}
          alt={clip.image_alt?.trim() ?? ''}
          loading="lazy"
          decoding="async"
          width={240}
          height={150}
          className="aspect-[16/10] w-full shrink-0 rounded-md bg-stone-100 object-cover sm:w-60"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
          {isKeptClipFile(clip.id, clip.outlet_logo_url) && (
            <img src={clip.outlet_logo_url!} alt="" width={20} height={20} loading="lazy" className="size-5 rounded-sm object-contain" />
          )}
          {clip.outlet && <span className="font-semibold text-ink">{clip.outlet}</span>}
          {clip.published_on && <time dateTime={clipDateTime(clip.published_on).slice(0, 10)}>{formatClipDate(clip.published_on, language)}</time>}
          {clip.featured && <Badge>{texts.featured}</Badge>}
        </p>
        <Heading id={titleId} lang={lang} className="font-serif text-2xl leading-snug text-ink">
          {clip.title}
        </Heading>
        {clip.byline && <p className="text-sm text-stone-700">{texts.by(clip.byline)}</p>}
        {clip.summary && (
          <p lang={lang} className="leading-relaxed text-stone-700">
            {clip.summary}
          </p>
        )}
        <p className="mt-1 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
          {original && (
            <a href={original} target="_blank" rel="noopener" className="text-accent-700 underline-offset-4 hover:text-accent-900 hover:underline">
              {clip.kind === 'print' ? texts.openPrint : texts.readOriginal}
              <span className="sr-only">: {clip.title} ({texts.newTab})</span>
            </a>
          )}
          {clip.show_archive && clip.kind === 'web' && (
            <Link to={clipCopyPath(clip)} className="text-accent-700 underline-offset-4 hover:text-accent-900 hover:underline">
              {texts.readCopy}
              <span className="sr-only">: {clip.title}</span>
            </Link>
          )}
        </p>
      </div>
    </article>
  );
}
