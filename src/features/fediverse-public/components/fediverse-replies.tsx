import { formatLongDate } from '@/lib/dates';
import { fediverseText } from '@/lib/i18n-fediverse';
import type { Language } from '@/lib/language';
import { keptAvatar, webAddress } from '@/lib/reply-html';
import { useReplies, type PublicReply } from '../api/get-replies';
import { ReplyContent } from '@/components/reply-content';

/**
 * Issue 45: the replies from the fediverse she approved, under the post,
 * oldest first: author (name and handle), avatar as a link to their profile,
 * date, the sanitised text, a link to the original. Rendered by the server
 * with the post, so readable without JavaScript. Nothing when there are none.
 */
export function FediverseReplies({ postId, language }: { postId: string; language: Language }) {
  const { data: replies } = useReplies(postId);
  if (!replies?.length) return null;
  const t = fediverseText(language);
  return (
    <section aria-labelledby="fediverse-replies" className="mx-auto max-w-3xl px-6 pb-12">
      <div className="border-t border-stone-200 pt-6">
      <h2 id="fediverse-replies" className="font-serif text-2xl text-ink">
        {t.replies}
      </h2>
      <ol className="mt-6 flex flex-col gap-6">
        {replies.map((reply) => (
          <li key={reply.id}>
            <Reply reply={reply} language={language} />
          </li>
        ))}
      </ol>
      </div>
    </section>
  );
}

function Reply({ reply, language }: { reply: PublicReply; language: Language }) {
  const t = fediverseText(language);
  const who = reply.author_name || reply.author_handle || '';
  const profile = webAddress(reply.author_url);
  const avatar = keptAvatar(reply.avatar_url);
  const original = webAddress(reply.url);
  return (
    <article className="flex gap-4">
      {avatar &&
        (profile ? (
          <a href={profile} rel="nofollow noopener noreferrer ugc" className="shrink-0">
            <img src={avatar} alt={t.avatar(who)} width={48} height={48} loading="lazy" referrerPolicy="no-referrer" className="size-12 rounded-full bg-stone-100 object-cover" />
          </a>
        ) : (
          <img src={avatar} alt="" width={48} height={48} loading="lazy" referrerPolicy="no-referrer" className="size-12 shrink-0 rounded-full bg-stone-100 object-cover" />
        ))}
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-stone-600">
          {reply.author_name && <strong className="text-base font-semibold text-ink [overflow-wrap:anywhere]">{reply.author_name}</strong>}
          {reply.author_handle && <span className="[overflow-wrap:anywhere]">{reply.author_handle}</span>}
          <span aria-hidden>·</span>
          <time dateTime={reply.published}>{formatLongDate(reply.published, language)}</time>
        </p>
        <ReplyContent html={reply.content} className="grid gap-2 leading-relaxed text-stone-800 [overflow-wrap:anywhere] [&_a]:text-accent-800 [&_a]:underline" />
        {original && (
          <a href={original} rel="nofollow noopener noreferrer ugc" className="justify-self-start text-sm text-stone-700 underline hover:text-ink">
            {t.original}
          </a>
        )}
      </div>
    </article>
  );
}
