import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';

/** Spec §2: 'Post não encontrado' with a link back to the blog. */
export function PostNotFound({ language }: { language: Language }) {
  const texts = t(language).post;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-6 py-24 text-center">
      <h1 className="font-serif text-4xl text-ink">{texts.notFound}</h1>
      <p className="text-stone-700">{texts.notFoundText}</p>
      <Link
        to={paths.blogSection(language)}
        className="inline-flex items-center gap-2 rounded-md bg-ink px-5 py-3 text-sm font-semibold text-white hover:bg-stone-700"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {texts.back}
      </Link>
    </div>
  );
}
