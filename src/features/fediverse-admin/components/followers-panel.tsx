import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, UserMinus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { useDebouncedValue } from '@/features/admin/hooks/use-debounced-value';
import { formatAdminDate } from '@/features/admin/lib/format-admin-date';
import { adminText } from '@/lib/i18n-admin';
import { block } from '../api/blocks';
import { describeFailure } from '../api/fediverse-error';
import { followerName, listFollowers, removeFollower, type Follower } from '../api/followers';
import { fediverseKeys } from '../api/keys';
import { ConfirmButton } from './confirm-button';
import { FailureAlert, FediverseSection } from './fediverse-section';

const t = adminText.fediverse.followers;
const LANGUAGES = ['pt', 'en'] as const;

/** Who follows each account, with a way to remove one (a Reject goes to their server) or to block their server. */
export function FollowersPanel() {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <FediverseSection id="fediverse-followers" ref={heading} title={t.title} hint={t.hint}>
      {LANGUAGES.map((language) => (
        <FollowerList key={language} language={language} focusAfter={() => heading.current?.focus()} />
      ))}
    </FediverseSection>
  );
}

/**
 * One account's followers: the 100 newest, or those whose handle, name or
 * address contains what she types (searched in the database, so an old
 * follower among thousands can still be found and removed).
 */
function FollowerList({ language, focusAfter }: { language: string; focusAfter: () => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const words = useDebouncedValue(search.trim());
  const followers = useQuery({ queryKey: fediverseKeys.followers(language), queryFn: () => listFollowers(language) });
  const matches = useQuery({
    queryKey: fediverseKeys.followers(language, words),
    queryFn: () => listFollowers(language, words),
    enabled: words !== '',
    placeholderData: keepPreviousData,
  });
  const shown = words ? matches : followers;
  const name = adminText.fediverse.languageNames[language] ?? language;
  const captionId = `fediverse-followers-${language}`;
  const rows = shown.data?.rows ?? [];
  const total = shown.data?.total ?? 0;
  return (
    <div className="grid gap-2">
      <h3 id={captionId} className="font-semibold text-stone-900">
        {t.tableLabel(name)}
        {followers.data ? ` (${t.count(followers.data.total)})` : ''}
      </h3>
      {followers.data && followers.data.total > 0 && (
        <div className="grid max-w-sm gap-2">
          <Label htmlFor={`${id}-search`}>{t.search(name)}</Label>
          <Input id={`${id}-search`} type="search" placeholder={t.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      )}
      {shown.isPending ? (
        <LoadingSpinner />
      ) : shown.isError ? (
        <FailureAlert title={t.loadError} message={describeFailure(shown.error)} />
      ) : rows.length === 0 ? (
        <p role={words ? 'status' : undefined} className="text-sm text-stone-700">{words ? t.noMatch(words) : t.empty}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table aria-labelledby={captionId} className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-700">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">{t.columns.account}</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">{t.columns.server}</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">{t.columns.since}</th>
                  <th scope="col" className="py-2 font-semibold">{t.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((follower) => (
                  <FollowerRow key={follower.id} follower={follower} focusAfter={focusAfter} />
                ))}
              </tbody>
            </table>
          </div>
          {words ? (
            <p role="status" className="text-sm text-stone-700">{total > rows.length ? t.foundShown(rows.length, total) : t.found(total)}</p>
          ) : (
            total > rows.length && <p className="text-sm text-stone-700">{t.shown(rows.length, total)}</p>
          )}
        </>
      )}
    </div>
  );
}

function FollowerRow({ follower, focusAfter }: { follower: Follower; focusAfter: () => void }) {
  const queryClient = useQueryClient();
  const who = followerName(follower);
  const blocks = adminText.fediverse.blocks;
  const refresh = () => queryClient.invalidateQueries({ queryKey: fediverseKeys.all });
  const remove = useMutation({
    mutationFn: () => removeFollower(follower.id),
    onSuccess: async (removed) => {
      toast(removed ? { title: t.removed, description: t.removedDescription(who) } : { title: t.alreadyGone(who) });
      await refresh();
    },
    onError: (error) => toast({ title: t.removeError, description: describeFailure(error), variant: 'destructive' }),
  });
  const blockServer = useMutation({
    mutationFn: () => block('server', follower.server),
    onSuccess: async (result) => {
      toast(result === 'blocked' ? { title: blocks.blocked, description: blocks.blockedDescription(follower.server) } : { title: blocks.alreadyBlocked(follower.server) });
      await refresh();
    },
    onError: (error) => toast({ title: blocks.blockError, description: describeFailure(error), variant: 'destructive' }),
  });
  const busy = remove.isPending || blockServer.isPending;
  return (
    <tr className="border-b border-stone-100 align-top">
      <th scope="row" className="py-2 pr-4 font-normal [overflow-wrap:anywhere]">
        <span className="font-medium text-stone-900">{who}</span>
        {follower.name && <span className="block text-stone-700">{follower.name}</span>}
      </th>
      <td className="py-2 pr-4 [overflow-wrap:anywhere]">{follower.server}</td>
      <td className="py-2 pr-4 whitespace-nowrap">{formatAdminDate(follower.followed_at)}</td>
      <td className="py-2">
        <div className="flex flex-wrap gap-2">
          <ConfirmButton
            label={t.remove(who)}
            title={t.removeTitle}
            body={t.removeBody(who)}
            action={t.removeAction}
            onConfirm={() => remove.mutate()}
            disabled={busy}
            focusAfter={focusAfter}
          >
            <UserMinus aria-hidden className="text-red-700" />
            {t.removeAction}
          </ConfirmButton>
          <ConfirmButton
            label={blocks.blockServer(follower.server)}
            title={blocks.blockTitle}
            body={blocks.blockBody(follower.server)}
            action={blocks.blockAction}
            onConfirm={() => blockServer.mutate()}
            disabled={busy}
            focusAfter={focusAfter}
          >
            <Ban aria-hidden className="text-red-700" />
            {blocks.blockAction}
          </ConfirmButton>
        </div>
      </td>
    </tr>
  );
}
