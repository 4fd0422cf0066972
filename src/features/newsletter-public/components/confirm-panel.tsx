import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useConfirmSubscription } from '../api/confirm';
import { confirmAddress, subscribeAddress, type ConfirmView } from '../lib/addresses';
import { confirmPageText } from '../lib/page-texts';
import { NewsletterPanel } from './newsletter-panel';

const linkClass = 'self-start rounded-md bg-ink px-5 py-3 text-sm font-semibold text-white hover:bg-stone-700';

/**
 * /newsletter/confirm?token=…: the confirmation mail's page. Opening it
 * changes nothing (mail scanners open every link): the button confirms, by a
 * plain form post to this same address without JavaScript, or through
 * newsletter_confirm with it; either way the answer is this page's result
 * view, at an address without the token.
 */
export function ConfirmPanel({ view }: { view: ConfirmView }) {
  const texts = t(view.lang).newsletter;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const confirm = useConfirmSubscription({
    onSuccess: (languages) =>
      navigate(confirmAddress(languages ? { lang: view.lang, state: 'confirmed', languages } : { lang: view.lang, state: 'invalid' }), {
        replace: true,
      }),
    onError: () => setFailed(true),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailed(false);
    confirm.mutate(params.get('token')?.trim() ?? '');
  }

  const { title, text } = confirmPageText(view);
  return (
    <NewsletterPanel title={title} text={text} view={view.state}>
      {view.state === 'ask' ? (
        <>
          {(view.failed || failed) && (
            <p role="alert" className="text-red-700">
              {texts.confirm.failed}
            </p>
          )}
          {/* No action: the post goes to this very address, token included. */}
          <form method="post" onSubmit={submit}>
            <Button type="submit" size="lg" disabled={confirm.isPending}>
              {confirm.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {confirm.isPending ? texts.confirm.busy : texts.confirm.button}
            </Button>
          </form>
        </>
      ) : view.state === 'confirmed' ? (
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
