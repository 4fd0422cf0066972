import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Check, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { adminText } from '@/lib/i18n-admin';
import { keptAvatar, webAddress } from '@/lib/reply-html';
import { block } from '../api/blocks';
import { describeFailure } from '../api/fediverse-error';
import { fediverseKeys } from '../api/keys';
import { authorName, listPendingReplies, moderateReply, type PendingReply } from '../api/replies';
import { ConfirmButton } from './confirm-button';
import { FailureAlert, FediverseSection } from './fediverse-section';
import { ReplyContent } from '@/components/reply-content';

const t = adminText.fediverse.replies;

/** "Respostas do fediverso": the replies waiting for her, with approve, reject and block the author. */
export function RepliesPanel() {
  const heading = useRef<HTMLHeadingElement>(null);
  const replies = useQuery({ queryKey: fediverseKeys.replies(), queryFn: listPendingReplies });
  return (
    <FediverseSection id="fediverse-replies" ref={heading} title={t.title} hint={t.hint}>
      {replies.isPending ? (
        <LoadingSpinner />
      ) : replies.isError ? (
        <FailureAlert title={t.loadError} message={describeFailure(replies.error)} />
      ) : replies.data.length === 0 ? (
        <p className="text-sm text-stone-700">{t.empty}</p>
      ) : (
        <ul aria-label={t.listLabel} className="grid gap-4">
          {replies.data.map((reply) => (
            <li key={reply.id}>
              <ReplyCard reply={reply} focusAfter={() => heading.current?.focus()} />
            </li>
          ))}
        </ul>
      )}
    </FediverseSection>
  );
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function ReplyCard({ reply, focusAfter }: { reply: PendingReply; focusAfter: () => void }) {
  const queryClient = useQueryClient();
  const who = authorName(reply);
  const profile = webAddress(reply.author_url) ?? webAddress(reply.actor_id);
  const avatar = keptAvatar(reply.avatar_url);
  const original = webAddress(reply.url);
  const headingId = `reply-${reply.id}`;
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: fediverseKeys.all });
    focusAfter();
  };
  const moderate = useMutation({
    mutationFn: (state: 'approved' | 'rejected') => moderateReply(reply.id, state),
    onSuccess: async (changed, state) => {
      if (!changed) toast({ title: t.alreadyModerated });
      else toast(state === 'approved' ? { title: t.approved, description: t.approvedDescription } : { title: t.rejected });
      await done();
    },
    onError: (error) => toast({ title: t.moderateError, description: describeFailure(error), variant: 'destructive' }),
  });
  const blockAuthor = useMutation({
    mutationFn: () => block('actor', reply.actor_id),
    onSuccess: async () => {
      toast({ title: t.authorBlocked, description: who });
      await done();
    },
    onError: (error) => toast({ title: t.moderateError, description: describeFailure(error), variant: 'destructive' }),
  });
  const busy = moderate.isPending || blockAuthor.isPending;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-md border border-stone-200 p-4">
      <p className="text-sm text-stone-700">{t.onPost(reply.post?.title ?? t.unknownPost)}</p>
      <header className="flex items-center gap-3">
        {avatar && profile ? (
          <a href={profile} target="_blank" rel="noopener noreferrer nofollow" className="shrink-0">
            <img src={avatar} alt={t.avatar(who)} width={40} height={40} className="size-10 rounded-full bg-stone-100 object-cover" loading="lazy" referrerPolicy="no-referrer" />
          </a>
        ) : null}
        <div className="grid min-w-0">
          <h3 id={headingId} className="font-semibold text-stone-900 [overflow-wrap:anywhere]">
            {who}
          </h3>
          {reply.author_name && reply.author_handle && <span className="text-sm text-stone-700 [overflow-wrap:anywhere]">{reply.author_handle}</span>}
        </div>
        <time dateTime={reply.published} className="ml-auto shrink-0 text-sm text-stone-700">
          {dateTime(reply.published)}
        </time>
      </header>
      <ReplyContent html={reply.content} className="grid gap-2 text-stone-900 [overflow-wrap:anywhere] [&_a]:underline" />
      {original && (
        <a href={original} target="_blank" rel="noopener noreferrer nofollow" className="justify-self-start text-sm text-stone-800 underline">
          {t.original}
        </a>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" aria-label={t.approveLabel(who)} disabled={busy} onClick={() => moderate.mutate('approved')}>
          <Check aria-hidden />
          {t.approve}
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={t.rejectLabel(who)} disabled={busy} onClick={() => moderate.mutate('rejected')}>
          <X aria-hidden />
          {t.reject}
        </Button>
        <ConfirmButton
          label={t.blockAuthorLabel(who)}
          title={t.blockTitle}
          body={t.blockBody(who)}
          action={t.blockAction}
          onConfirm={() => blockAuthor.mutate()}
          disabled={busy}
          focusAfter={focusAfter}
        >
          <Ban aria-hidden className="text-red-700" />
          {t.blockAuthor}
        </ConfirmButton>
      </div>
    </article>
  );
}
