import { Link } from 'react-router-dom';
import { newsletterPages } from '@/lib/i18n-newsletter';
import { paths } from '@/lib/paths';
import type { SubscribeView } from '../lib/page-views';
import { subscribePageText } from '../lib/page-texts';
import { NewsletterPanel } from './newsletter-panel';
// Through the module the home page imports: imported directly, the bundler
// moves the form's dependencies out of the home page's entry into chunks of
// their own, a kilobyte more on its first load (npm run size).
import { SubscribeForm } from './newsletter-section';

/**
 * /newsletter/subscribe: the answer to the form posted without JavaScript
 * (the server's 303 lands here with `?result=`), and a page of its own for
 * the form (the "subscribe again" links). Refused, the form is offered again
 * here, the refused field marked.
 */
export function SubscribePanel({ view }: { view: SubscribeView }) {
  const texts = newsletterPages(view.lang);
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
