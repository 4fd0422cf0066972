import type { ReactNode } from 'react';
import { clipsText } from '@/lib/i18n-clips';
import { LOCALE, isLanguage, type Language } from '@/lib/language';
import type { ClipWithCopy } from '../api/get-clip-copy';
import { formatClipDate } from '../lib/clip-date';

/**
 * An archived copy on her site (issue 43): the banner "Publicado
 * originalmente em {veículo}, {data}." above the text, the original's link
 * (while it lives), and the text as a post's body is rendered (`body`: the
 * route gives the posts' renderer, sanitised Markdown, never the outlet's
 * HTML). No picture or script of the outlet's is asked for: the page makes
 * no request to it. The main picture shown is the one kept in clip-files.
 */
export function ClipCopyArticle({ clip, body }: { clip: ClipWithCopy; body: ReactNode }) {
  const language: Language = isLanguage(clip.language) ? clip.language : 'pt';
  const texts = clipsText(language);
  const outlet = clip.outlet?.trim() || (clip.url ? new URL(clip.url).hostname : '');
  const dead = clip.link_status === 'dead';
  return (
    <article lang={LOCALE[language]} aria-labelledby="clip-copy-title" className="mx-auto max-w-3xl px-6 py-16">
      <aside aria-label={texts.archivedNote} className="mb-10 rounded-md border border-stone-300 bg-stone-100 p-4 text-stone-800">
        <p className="font-semibold">
          {clip.published_on
            ? texts.originallyPublished(outlet, formatClipDate(clip.published_on, language))
            : texts.originallyPublishedNoDate(outlet)}
        </p>
        {clip.url && (
          <p className="mt-2 text-sm">
            {dead && <span>{texts.originalDead} </span>}
            <a href={clip.url} rel={dead ? 'noopener nofollow' : 'noopener'} className="break-all font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-900">
              {texts.original}
              <span className="sr-only">: </span>
              <span className="ml-1 font-normal">{clip.url}</span>
            </a>
          </p>
        )}
      </aside>
      <h1 id="clip-copy-title" className="font-serif text-4xl leading-tight text-ink sm:text-5xl">
        {clip.title}
      </h1>
      {clip.byline && <p className="mt-4 text-stone-700">{texts.by(clip.byline)}</p>}
      {clip.picture_url && (
        <img src={clip.picture_url} alt={clip.image_alt?.trim() ?? ''} decoding="async" className="mt-8 h-auto w-full rounded-md bg-stone-100" />
      )}
      {body}
    </article>
  );
}
