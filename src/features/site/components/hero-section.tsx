import { ArrowRight } from 'lucide-react';
import { FIRST_SCREEN } from '@/lib/first-screen';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { cn } from '@/lib/utils';

interface Props {
  language: Language;
  title: string;
  subtitle: string;
  description: string;
  /** While the settings load, the texts fade in instead of swapping visibly. */
  pending?: boolean;
}

export function HeroSection({ language, title, subtitle, description, pending }: Props) {
  const texts = t(language).hero;
  return (
    <section id="home" aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        className={cn(
          'mx-auto grid max-w-6xl gap-12 px-6 py-20 transition-opacity duration-300 sm:py-28 lg:grid-cols-[1fr_auto] lg:items-end',
          pending && 'opacity-0',
        )}
      >
        <div className="max-w-3xl">
          <p className="mb-6 text-sm font-semibold uppercase tracking-[0.2em] text-accent-700">{subtitle}</p>
          <h1 id="hero-title" className="font-serif text-4xl leading-[1.08] text-balance break-words text-ink sm:text-6xl lg:text-7xl">
            {title}
          </h1>
          <p id={FIRST_SCREEN.home} className="mt-8 max-w-2xl text-lg leading-relaxed text-stone-700 sm:text-xl">{description}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <a
              href="#blog"
              className="inline-flex items-center gap-2 rounded-md bg-ink px-6 py-3 font-semibold text-white hover:bg-stone-700"
            >
              {texts.primaryCta}
              <ArrowRight aria-hidden className="size-4" />
            </a>
            <a
              href="#contact"
              className="inline-flex items-center rounded-md border border-stone-400 px-6 py-3 font-semibold text-ink hover:border-ink hover:bg-white"
            >
              {texts.secondaryCta}
            </a>
          </div>
        </div>
        <p className="flex items-baseline gap-3 border-t-4 border-accent-700 pt-4 lg:flex-col lg:gap-1">
          <span className="font-serif text-7xl leading-none text-ink sm:text-8xl">31</span>
          <span className="max-w-[10ch] text-sm font-semibold uppercase tracking-widest text-stone-600">
            {texts.experience}
          </span>
        </p>
      </div>
    </section>
  );
}
