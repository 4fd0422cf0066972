import { HydrationBoundary } from '@/components/ui/hydration-boundary';
import { SkipLink } from '@/components/ui/skip-link';
import { ClipsHomeSection } from '@/features/clips-public/components/clips-home-section';
import { FollowOnFediverse } from '@/features/fediverse-public/components/follow-on-fediverse';
import { NewsletterSection } from '@/features/newsletter-public/components/newsletter-section';
import { BlogSection } from '@/features/posts/components/blog-section';
import { useSiteTexts } from '@/features/settings/hooks/use-site-texts';
import { AboutSection } from '@/features/site/components/about-section';
import { ContactSection } from '@/features/site/components/contact-section';
import { HeroSection } from '@/features/site/components/hero-section';
import { SiteFooter } from '@/features/site/components/site-footer';
import { SiteHeader } from '@/features/site/components/site-header';
import { usePageView } from '@/features/stats-public/hooks/use-page-view';
import { categoryFromParams, pageFromParams } from '@/features/posts/lib/listing-params';
import { useDocumentMeta } from '@/lib/document-meta';
import { useLiveReading } from '../use-live-reading';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { useSearchParams } from 'react-router-dom';
import { homeDescription, homeTitle } from '../head/home-title';

/** /pt and /en (spec §2): header, hero, blog, her published work (issue 43), the newsletter's form (issue 25) and her fediverse address (issue 45), about, contact, footer, in that order. */
export default function HomeRoute({ language }: { language: Language }) {
  const { texts, contactLinks, settling } = useSiteTexts(language);
  const [params] = useSearchParams();
  // The title the server gave this page (category, page), kept after hydration.
  const title = homeTitle(language, { category: categoryFromParams(language, params), page: pageFromParams(params) });
  useDocumentMeta(language, title, homeDescription(language, texts.hero_description));
  useScrollToHash();
  useLiveReading();
  usePageView(`/${language}`);

  return (
    <div className="min-h-screen bg-paper text-ink">
      <SkipLink label={t(language).skipToContent} />
      <SiteHeader
        language={language}
        labels={{ home: texts.nav_home, about: texts.nav_about, blog: texts.nav_blog, contact: texts.nav_contact }}
      />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        <HeroSection
          language={language}
          title={texts.hero_title}
          subtitle={texts.hero_subtitle}
          description={texts.hero_description}
          pending={settling}
        />
        <HydrationBoundary>
          <BlogSection language={language} title={texts.blog_section_title} />
        </HydrationBoundary>
        <HydrationBoundary>
          <ClipsHomeSection language={language} />
        </HydrationBoundary>
        <HydrationBoundary>
          <NewsletterSection language={language} />
        </HydrationBoundary>
        <HydrationBoundary>
          <FollowOnFediverse language={language} />
        </HydrationBoundary>
        <HydrationBoundary>
          <AboutSection
            title={texts.about_title}
            subtitle={texts.about_subtitle}
            paragraphs={[texts.about_description_1, texts.about_description_2]}
            pending={settling}
          />
        </HydrationBoundary>
        <HydrationBoundary>
          <ContactSection language={language} links={contactLinks} />
        </HydrationBoundary>
      </main>
      <HydrationBoundary>
        <SiteFooter language={language} description={texts.footer_description} copyright={texts.footer_copyright} />
      </HydrationBoundary>
    </div>
  );
}
