import { Loader2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { newsletterPages } from '@/lib/i18n-newsletter';
import { usePublicDb } from '@/lib/public-db';
import { unsubscribe as unsubscribeBy } from '../api/unsubscribe';
import { subscribeAddress, unsubscribeAddress, type UnsubscribeView } from '../lib/page-views';
import { unsubscribePageText } from '../lib/page-texts';
import { NewsletterPanel } from './newsletter-panel';
import { usePageAction } from '../hooks/use-page-action';

/**
 * /newsletter/unsubscribe?token=…: every newsletter mail's link. The button
 * deletes the address (a plain form post to this address without
 * JavaScript, newsletter_unsubscribe with it); an unknown token ends the
 * same way, since there is nothing left to delete. The one-click POST of
 * RFC 8058 is the server's (server/site/newsletter-forms.ts).
 */
export function UnsubscribePanel({ view }: { view: UnsubscribeView }) {
  const texts = newsletterPages(view.lang);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const db = usePublicDb();
  const unsubscribe = usePageAction(
    () => unsubscribeBy(db, params.get('token')?.trim() ?? ''),
    () => navigate(unsubscribeAddress({ lang: view.lang, state: 'done' }), { replace: true }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    unsubscribe.start();
  }

  const { title, text } = unsubscribePageText(view);
  return (
    <NewsletterPanel title={title} text={text} view={view.state}>
      {view.state === 'ask' ? (
        <>
          {(view.failed || unsubscribe.failed) && (
            <p role="alert" className="text-red-700">
              {texts.unsubscribe.failed}
            </p>
          )}
          {/* No action: the post goes to this very address, token included. */}
          <form method="post" onSubmit={submit}>
            <Button type="submit" size="lg" disabled={unsubscribe.busy}>
              {unsubscribe.busy && <Loader2 className="animate-spin" aria-hidden />}
              {unsubscribe.busy ? texts.unsubscribe.busy : texts.unsubscribe.button}
            </Button>
          </form>
        </>
      ) : view.state === 'done' ? (
        <Link
          to={subscribeAddress({ lang: view.lang, outcome: undefined })}
          className="self-start text-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-900"
        >
          {texts.unsubscribe.again}
        </Link>
      ) : null}
    </NewsletterPanel>
  );
}
