import { usePageView } from '../hooks/use-page-view';

/** Counts one view of a page while it is shown (see usePageView); renders nothing. */
export function PageView({ page }: { page: string }) {
  usePageView(page);
  return null;
}
