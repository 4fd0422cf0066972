import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SkipLink } from '@/components/ui/skip-link';
import { ConfirmPanel } from '@/features/newsletter-public/components/confirm-panel';
import { SubscribePanel } from '@/features/newsletter-public/components/subscribe-panel';
import { UnsubscribePanel } from '@/features/newsletter-public/components/unsubscribe-panel';
import { confirmView, subscribeView, unsubscribeView } from '@/features/newsletter-public/lib/page-views';
import { confirmPageText, subscribePageText, unsubscribePageText } from '@/features/newsletter-public/lib/page-texts';
import { PostFooter } from '@/features/posts/components/post-footer';
import { PostTopBar } from '@/features/posts/components/post-top-bar';
import { useDocumentMeta } from '@/lib/document-meta';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';

/** The frame of the newsletter's pages (issue 25): a post page's bar and footer, in the page's language. */
function NewsletterFrame({ language, title, children }: { language: Language; title: string; children: ReactNode }) {
  useDocumentMeta(language, title);
  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <SkipLink label={t(language).skipToContent} />
      <PostTopBar language={language} showBack />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PostFooter language={language} />
    </div>
  );
}

/** /newsletter/subscribe: the answer to the form without JavaScript, or the form alone. */
export function SubscribeRoute() {
  const view = subscribeView(useSearchParams()[0]);
  return (
    <NewsletterFrame language={view.lang} title={subscribePageText(view).title}>
      <SubscribePanel view={view} />
    </NewsletterFrame>
  );
}

/** /newsletter/confirm?token=…&lang=…: the confirmation mail's link. */
export function ConfirmRoute() {
  const view = confirmView(useSearchParams()[0]);
  return (
    <NewsletterFrame language={view.lang} title={confirmPageText(view).title}>
      <ConfirmPanel view={view} />
    </NewsletterFrame>
  );
}

/** /newsletter/unsubscribe?token=…&lang=…: every newsletter mail's unsubscribe link. */
export function UnsubscribeRoute() {
  const view = unsubscribeView(useSearchParams()[0]);
  return (
    <NewsletterFrame language={view.lang} title={unsubscribePageText(view).title}>
      <UnsubscribePanel view={view} />
    </NewsletterFrame>
  );
}
