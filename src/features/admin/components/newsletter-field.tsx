import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2, MailCheck, Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { newsletterKeys } from '@/features/newsletter/api/keys';
import { describeFailure } from '@/features/newsletter/api/newsletter-error';
import { getPostSend, sendTestMail } from '@/features/newsletter/api/post-send';
import type { BlogPost } from '../api/get-admin-posts';
import type { PostFormValues } from '../lib/post-form-values';
import { postStatus } from '../lib/post-status';
import { formatScheduledTime } from '../lib/site-time';
import { isImportedOrigin } from '@/features/archive/lib/origin';

type StoredPost = Pick<BlogPost, 'id' | 'newsletter' | 'origin_source' | 'published' | 'date'>;

interface Props {
  values: Pick<PostFormValues, 'newsletter' | 'publication' | 'language'>;
  /** The post as saved; null for a new one. */
  stored: StoredPost | null;
  onChange: (newsletter: boolean) => void;
}

/**
 * When a post with "Enviar aos assinantes" on went out, or null. It goes
 * once, when first public: a row of newsletter_sends says when; a post public
 * with it on has gone, or goes in the worker's next round.
 */
function useSentAt(stored: StoredPost | null) {
  const marked = stored !== null && stored.newsletter && !isImportedOrigin(stored.origin_source);
  const send = useQuery({
    queryKey: newsletterKeys.postSend(stored?.id ?? ''),
    queryFn: () => getPostSend(stored!.id),
    enabled: marked,
    // Whether it went out may have changed a second ago (published from another tab): asked at each opening.
    staleTime: 0,
  });
  const publicNow = marked && postStatus(stored) === 'published';
  const sentAt = send.data?.queued_at ?? (publicNow ? stored.date : null);
  return { sentAt, checking: marked && !sentAt && send.isPending, failed: marked && !sentAt && send.isError };
}

/**
 * "Enviar aos assinantes" (issue 25): a switch while the post has not gone;
 * for an imported post it stays off (its readers saw it elsewhere, and the
 * database forbids it); once sent, the date instead, since it never goes
 * twice. A saved post also offers "Enviar teste para mim".
 */
export function NewsletterField({ values, stored, onChange }: Props) {
  const t = adminText.postForm;
  const id = useId();
  const imported = stored !== null && isImportedOrigin(stored.origin_source);
  const { sentAt, checking, failed } = useSentAt(stored);
  const language = adminText.translations.languageName[values.language];
  const on = { draft: t.newsletterOnDraft, now: t.newsletterOnNow, scheduled: t.newsletterOnScheduled }[values.publication];
  const status = imported
    ? t.newsletterImported
    : checking
      ? t.newsletterChecking
      : failed
        ? t.newsletterCheckFailed
        : values.newsletter
          ? on(language)
          : t.newsletterOff;

  return (
    <div className="grid gap-3 rounded-md border border-stone-200 p-4">
      {sentAt ? (
        <p className="flex items-center gap-2 text-sm text-stone-900">
          <MailCheck aria-hidden className="size-4 shrink-0" />
          {t.newsletterSent(formatScheduledTime(sentAt))}
        </p>
      ) : (
        <div className="grid gap-2">
          <div className="flex items-center gap-3">
            <Switch
              id={`${id}-switch`}
              checked={values.newsletter && !imported}
              disabled={imported || checking || failed}
              aria-describedby={`${id}-status`}
              onCheckedChange={onChange}
            />
            <Label htmlFor={`${id}-switch`}>{t.newsletter}</Label>
          </div>
          <p id={`${id}-status`} className="text-sm text-stone-700">
            {status}
          </p>
        </div>
      )}
      {stored && !imported && <SendTestButton postId={stored.id} />}
    </div>
  );
}

/** "Enviar teste para mim": the saved post to her own address; the toast names it, or says why not. */
function SendTestButton({ postId }: { postId: string }) {
  const t = adminText.postForm;
  const id = useId();
  const test = useMutation({
    mutationFn: () => sendTestMail(postId),
    onSuccess: (email) => toast({ title: t.testSent(email), description: t.testSentDescription }),
    onError: (error) => toast({ title: t.testError, description: describeFailure(error), variant: 'destructive' }),
  });
  return (
    <div className="grid gap-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-describedby={`${id}-hint`}
        disabled={test.isPending}
        onClick={() => test.mutate()}
      >
        {test.isPending ? <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" /> : <Send aria-hidden />}
        {test.isPending ? t.sendingTest : t.sendTest}
      </Button>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {t.sendTestHint}
      </p>
    </div>
  );
}
