import { Link } from 'react-router-dom';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import type { SubscribeView } from '../lib/addresses';
import { subscribePageText } from '../lib/page-texts';
import { NewsletterPanel } from './newsletter-panel';
import { SubscribeForm } from './subscribe-form';

/**
 * /newsletter/subscribe: the answer to the form posted without JavaScript
 * (the server's 303 lands here with `?result=`), and a page of its own for
 * the form (the "subscribe again" links). Refused, the form is offered again
 * here, the refused field marked.
 */
export function SubscribePanel({ view }: { view: SubscribeView }) {
  const texts = t(view.lang).newsletter;
  const { title, text } = subscribePageText(view);
  const fieldError = view.outcome === 'invalid-email' || view.outcome === 'invalid-languages' ? view.outcome : undefined;
  return (
    <NewsletterPanel title={title} text={text} view={view.outcome ?? 'form'}>
      {view.outcome !== 'sent' && <SubscribeForm language={view.lang} initialError={fieldError} className="mt-2" />}
      <Link
        to={paths.home(view.lang)}
        className="self-start text-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-900"
      >
        {texts.backToSite}
      </Link>
    </NewsletterPanel>
  );
}
