import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { SubscribeForm } from './subscribe-form';

/** For the pages (subscribe-panel.tsx), which import the form from here. */
export { SubscribeForm };

/** The home page's band after the blog (issue 25): who writes, and the form beside it. */
export function NewsletterSection({ language }: { language: Language }) {
  const texts = t(language).newsletter;
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="laid-out-near-screen border-t border-stone-200 bg-accent-50 py-16 [--unseen-height:30rem] sm:py-20 sm:[--unseen-height:24.5rem] lg:[--unseen-height:17rem]">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div>
          <h2 id="newsletter-title" className="font-serif text-3xl text-ink sm:text-4xl">
            {texts.title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-stone-700">{texts.intro}</p>
        </div>
        <SubscribeForm language={language} labelledBy="newsletter-title" className="max-w-xl" />
      </div>
    </section>
  );
}

/** The end of a post: the same form, in the post's language, under its text. */
export function PostNewsletter({ language }: { language: Language }) {
  const texts = t(language).newsletter;
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="laid-out-near-screen mx-auto max-w-3xl px-6 pb-16 [--unseen-height:32rem] sm:[--unseen-height:27rem]">
      <div className="rounded-lg border border-accent-100 bg-accent-50 p-6 sm:p-8">
        <h2 id="newsletter-title" className="font-serif text-2xl text-ink sm:text-3xl">
          {texts.title}
        </h2>
        <p className="mt-3 leading-relaxed text-stone-700">{texts.intro}</p>
        <SubscribeForm language={language} labelledBy="newsletter-title" className="mt-6" />
      </div>
    </section>
  );
}
