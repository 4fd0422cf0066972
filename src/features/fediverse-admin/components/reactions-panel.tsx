import { useQuery } from '@tanstack/react-query';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/fediverse-error';
import { fediverseKeys } from '../api/keys';
import { listReactions } from '../api/reactions';
import { FailureAlert, FediverseSection } from './fediverse-section';

const t = adminText.fediverse.reactions;

/** Likes and boosts counted per post (fediverse_reaction_counts): hers alone, so here rather than on the public page. */
export function ReactionsPanel() {
  const reactions = useQuery({ queryKey: fediverseKeys.reactions(), queryFn: listReactions });
  return (
    <FediverseSection id="fediverse-reactions" title={t.title} hint={t.hint}>
      {reactions.isPending ? (
        <LoadingSpinner />
      ) : reactions.isError ? (
        <FailureAlert title={t.loadError} message={describeFailure(reactions.error)} />
      ) : reactions.data.length === 0 ? (
        <p className="text-sm text-stone-700">{t.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label={t.tableLabel} className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">{t.columns.post}</th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">{t.columns.likes}</th>
                <th scope="col" className="py-2 text-right font-semibold">{t.columns.boosts}</th>
              </tr>
            </thead>
            <tbody>
              {reactions.data.map((row) => (
                <tr key={row.postId} className="border-b border-stone-100">
                  <th scope="row" className="py-2 pr-4 font-medium text-stone-900 [overflow-wrap:anywhere]">{row.title ?? adminText.fediverse.replies.unknownPost}</th>
                  <td className="py-2 pr-4 text-right tabular-nums">{row.likes}</td>
                  <td className="py-2 text-right tabular-nums">{row.boosts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </FediverseSection>
  );
}
