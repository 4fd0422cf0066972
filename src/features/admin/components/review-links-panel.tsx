import { Copy, Link2, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';
import { useFocusEffect } from '@/lib/use-focus-effect';
import { REVIEW_LINK_DAYS, useCreateReviewLink, useLiveReviewLinks, useRevokeReviewLink } from '../api/review-links';
import { dbRefusal } from '../lib/describe-db-error';
import { formatScheduledTime } from '../lib/site-time';
import { FormField } from './form-field';

const t = adminText.reviewLinks;

function describe(error: unknown): string {
  const refusal = dbRefusal(error);
  if (refusal === 'invalid') return t.errors.days;
  if (refusal === 'gone') return t.errors.gone;
  if (refusal === 'rights') return t.errors.rights;
  if (refusal === 'network') return t.errors.network;
  return t.errors.other;
}

/** Days typed as a whole number from 1 to 30, or null. */
function daysOf(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const days = Number(text);
  return days >= REVIEW_LINK_DAYS.min && days <= REVIEW_LINK_DAYS.max ? days : null;
}

/**
 * "Link de revisão" (issue 26): a secret address of the post as it stands,
 * for a client to read before it goes out. Its token is shown once, when it
 * is made (the database keeps only a hash); the live links are listed with
 * their expiry, each with "Revogar link".
 */
export function ReviewLinksPanel({ postId }: { postId: string }) {
  const headingId = useId();
  const liveHeadingId = useId();
  const [daysText, setDaysText] = useState(String(REVIEW_LINK_DAYS.default));
  const [daysError, setDaysError] = useState<string>();
  const [made, setMade] = useState<{ id: string; url: string; expiresAt: string } | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const daysInput = useRef<HTMLInputElement>(null);
  const address = useRef<HTMLInputElement>(null);
  const liveHeading = useRef<HTMLHeadingElement>(null);
  const live = useLiveReviewLinks(postId);

  const create = useCreateReviewLink({
    onSuccess: (link) => {
      setCopyFailed(false);
      setMade({ id: link.id, url: `${window.location.origin}${paths.preview(link.token)}`, expiresAt: link.expires_at });
    },
    onError: (error) => toast({ title: t.createError, description: describe(error), variant: 'destructive' }),
  });
  const revoke = useRevokeReviewLink({
    onSuccess: (_, id) => {
      toast({ title: t.revoked, description: t.revokedDescription });
      if (made?.id === id) setMade(null);
      liveHeading.current?.focus();
    },
    onError: (error) => toast({ title: t.revokeError, description: describe(error), variant: 'destructive' }),
  });

  // The new address takes the focus, selected: a screen reader reads it, Ctrl+C copies it.
  useFocusEffect(() => {
    if (!made) return;
    address.current?.focus();
    address.current?.select();
  }, [made]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = daysOf(daysText);
    if (days === null) {
      setDaysError(t.daysInvalid);
      daysInput.current?.focus();
      return;
    }
    setDaysError(undefined);
    create.mutate({ postId, days });
  }

  async function copy(url: string) {
    try {
      // Absent outside secure contexts (a self-hosted admin on plain http): the fallback below.
      await navigator.clipboard.writeText(url);
      setCopyFailed(false);
      toast({ title: t.copied, description: t.copiedDescription });
    } catch {
      setCopyFailed(true);
      address.current?.focus();
      address.current?.select();
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {t.heading}
      </h3>
      <p className="text-sm text-stone-700">{t.hint}</p>
      <form noValidate onSubmit={submit} className="grid justify-items-start gap-3">
        <div className="w-40">
          <FormField label={t.days} error={daysError} description={t.daysHint}>
            {(ids) => (
              <Input
                {...ids}
                ref={daysInput}
                type="number"
                inputMode="numeric"
                min={REVIEW_LINK_DAYS.min}
                max={REVIEW_LINK_DAYS.max}
                value={daysText}
                onChange={(e) => {
                  setDaysText(e.target.value);
                  setDaysError(undefined);
                }}
              />
            )}
          </FormField>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : <Link2 aria-hidden />}
          {create.isPending ? t.creating : t.create}
        </Button>
      </form>
      {made && (
        <div className="grid gap-2 rounded-md border border-green-700 bg-green-50 p-4">
          <p className="text-sm font-semibold text-stone-900">{t.created}</p>
          <p id={`${headingId}-once`} className="text-sm text-stone-800">
            {t.createdHint} {t.expires(formatScheduledTime(made.expiresAt))}.
          </p>
          <FormField label={t.address}>
            {(ids) => (
              <Input
                {...ids}
                aria-describedby={`${headingId}-once`}
                ref={address}
                readOnly
                value={made.url}
                onFocus={(e) => e.target.select()}
              />
            )}
          </FormField>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => void copy(made.url)}>
              <Copy aria-hidden />
              {t.copy}
            </Button>
          </div>
          {copyFailed && (
            <p role="alert" className="text-sm text-red-800">
              {t.copyFailed}
            </p>
          )}
        </div>
      )}
      <div className="grid gap-2">
        <h4 id={liveHeadingId} ref={liveHeading} tabIndex={-1} className="text-sm font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900">
          {t.liveHeading}
        </h4>
        {live.isPending ? (
          <Spinner label={adminText.common.loading} className="py-2" />
        ) : live.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {t.loadError}
          </p>
        ) : live.data.length === 0 ? (
          <p className="text-sm text-stone-700">{t.none}</p>
        ) : (
          <ul aria-labelledby={liveHeadingId} className="grid gap-1">
            {live.data.map((link) => {
              const when = formatScheduledTime(link.expires_at);
              return (
                <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-stone-200 px-3 py-2 text-sm">
                  <span className="text-stone-900">{t.expires(when)}</span>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={t.revokeLabel(when)}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    <Trash2 aria-hidden className="text-red-700" />
                    {t.revoke}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
