import { Loader2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { newsletterPages } from '@/lib/i18n-newsletter';
import { paths } from '@/lib/paths';
import { usePublicDb } from '@/lib/public-db';
import { confirmSubscription } from '../api/confirm';
import { confirmAddress, subscribeAddress, type ConfirmView } from '../lib/page-views';
import { confirmPageText } from '../lib/page-texts';
import { NewsletterPanel } from './newsletter-panel';
import { usePageAction } from '../hooks/use-page-action';

const linkClass = 'self-start rounded-md bg-ink px-5 py-3 text-sm font-semibold text-white hover:bg-stone-700';

/**
 * /newsletter/confirm?token=…: the confirmation mail's page. Opening it
 * changes nothing (mail scanners open every link): the button confirms, by a
 * plain form post to this same address without JavaScript, or through
 * newsletter_confirm with it; either way the answer is this page's result
 * view, at an address without the token.
 */
export function ConfirmPanel({ view }: { view: ConfirmView }) {
  const texts = newsletterPages(view.lang);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const db = usePublicDb();
  const confirm = usePageAction(
    () => confirmSubscription(db, params.get('token')?.trim() ?? ''),
    (answer) =>
      navigate(
        confirmAddress(
          answer ? { lang: view.lang, state: answer.outcome, languages: answer.languages } : { lang: view.lang, state: 'invalid' },
        ),
        { replace: true },
      ),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirm.start();
  }

  const { title, text } = confirmPageText(view);
  return (
    <NewsletterPanel title={title} text={text} view={view.state}>
      {view.state === 'ask' ? (
        <>
          {(view.failed || confirm.failed) && (
            <p role="alert" className="text-red-700">
              {texts.confirm.failed}
            </p>
          )}
          {/* No action: the post goes to this very address, token included. */}
          <form method="post" onSubmit={submit}>
            <Button type="submit" size="lg" disabled={confirm.busy}>
              {confirm.busy && <Loader2 className="animate-spin" aria-hidden />}
              {confirm.busy ? texts.confirm.busy : texts.confirm.button}
            </Button>
          </form>
        </>
      ) : view.state === 'confirmed' || view.state === 'already' ? (
        <>
          {view.languages.length > 0 && <p className="text-stone-700">{texts.confirm.leave}</p>}
          <Link to={paths.home(view.lang)} className={linkClass}>
            {texts.backToSite}
          </Link>
        </>
      ) : (
        <Link to={subscribeAddress({ lang: view.lang, outcome: undefined })} className={linkClass}>
          {texts.confirm.again}
        </Link>
      )}
    </NewsletterPanel>
  );
}
