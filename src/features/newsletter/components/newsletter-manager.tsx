import { ImportSubscribers } from './import-subscribers';
import { SendReport } from './send-report';
import { SubscriberList } from './subscriber-list';
import { SubscriberSummary } from './subscriber-summary';

/**
 * The admin's "Assinantes" tab (issue 25): the counts and their growth, what
 * was sent of each post, the list, and the import of a list from another
 * platform. Loaded when the tab is opened (admin-panel.tsx): the CSV reader
 * is for her occasional import, not for every admin visit.
 */
export default function NewsletterManager() {
  return (
    <div className="grid max-w-5xl gap-6">
      <SubscriberSummary />
      <SendReport />
      <SubscriberList />
      <ImportSubscribers />
    </div>
  );
}
