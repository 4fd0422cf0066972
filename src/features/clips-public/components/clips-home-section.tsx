import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { clipsText } from '@/lib/i18n-clips';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { useHomeClips } from '../api/get-home-clips';
import { ClipEntry } from './clip-entry';

/**
 * The home's short "Publicações" / "Published work" section, after the blog:
 * the featured clips, then the latest, and "Ver todas" / "See all". Nothing
 * at all while she has no published clip (or the read failed): the home
 * stays as it was.
 */
export function ClipsHomeSection({ language }: { language: Language }) {
  const texts = clipsText(language);
  const { data: clips } = useHomeClips();
  if (!clips || clips.length === 0) return null;
  return (
    <section id="publicacoes" aria-labelledby="clips-home-title" className="border-t border-stone-200 py-20 sm:py-28">
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-3">
            <h2 id="clips-home-title" className="font-serif text-4xl text-ink sm:text-5xl">
              {texts.title}
            </h2>
            <p className="text-stone-700">{texts.homeIntro}</p>
          </div>
          <Link
            to={paths.clips(language)}
            aria-label={texts.seeAllLabel}
            className="inline-flex items-center gap-2 self-start rounded-md bg-ink px-6 py-3 font-semibold text-white hover:bg-stone-700 sm:self-auto"
          >
            {texts.seeAll}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <ul className="grid gap-6 lg:grid-cols-2">
          {clips.map((clip) => (
            <li key={clip.id}>
              <ClipEntry clip={clip} language={language} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
