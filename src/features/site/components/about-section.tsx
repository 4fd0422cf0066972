import { cn } from '@/lib/utils';

interface Props {
  title: string;
  subtitle: string;
  paragraphs: string[];
  pending?: boolean;
}

export function AboutSection({ title, subtitle, paragraphs, pending }: Props) {
  return (
    <section id="about" aria-labelledby="about-title" className="laid-out-near-screen border-t border-stone-200 py-20 [--unseen-height:48rem] sm:py-28 sm:[--unseen-height:28rem] lg:[--unseen-height:22rem]">
      <div
        className={cn(
          'mx-auto grid max-w-6xl gap-10 px-6 transition-opacity duration-300 lg:grid-cols-[2fr_3fr] lg:gap-16',
          pending && 'opacity-0',
        )}
      >
        <div>
          <h2 id="about-title" className="font-serif text-4xl text-ink sm:text-5xl">
            {title}
          </h2>
          <p className="mt-4 font-serif text-xl italic text-accent-700">{subtitle}</p>
        </div>
        <div className="flex flex-col gap-6 text-lg leading-relaxed text-stone-700">
          {paragraphs.map((text, i) => (
            <p key={i} className={cn(i === 0 && 'first-letter:float-left first-letter:mr-3 first-letter:font-serif first-letter:text-6xl first-letter:leading-none first-letter:text-ink')}>
              {text}
            </p>
          ))}
        </div>
      </div>
    </section>
  );
}
