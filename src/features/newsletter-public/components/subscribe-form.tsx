import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { t } from '@/lib/i18n';
import { isLanguage, LANGUAGES, LOCALE, type Language } from '@/lib/language';
import { cn } from '@/lib/utils';
import { usePublicDb } from '@/lib/public-db';
import { subscribe, SubscribeError } from '../api/subscribe';
import { looksLikeEmail, newsletterPaths, TRAP_FIELD, type SubscribeOutcome } from '../lib/addresses';

type FieldError = Extract<SubscribeOutcome, 'invalid-email' | 'invalid-languages'>;

interface Props {
  language: Language;
  /** Without JavaScript, the answer page shows the form again with the field the server refused. */
  initialError?: FieldError;
  /** The section's heading, which names the form. */
  labelledBy?: string;
  className?: string;
}

/**
 * "Receba os novos posts por email" (issue 25). A plain form that posts to
 * the server without JavaScript (answered by a page); with it, the same
 * fields go to newsletter_subscribe and a toast says the same thing whatever
 * the address's state. Validation is ours (noValidate), so every message is
 * in the page's language. The hidden field is for bots only: out of sight,
 * of the tab order and of the accessibility tree.
 */
export function SubscribeForm({ language, initialError, labelledBy, className }: Props) {
  const texts = t(language).newsletter;
  const id = useId();
  const [error, setError] = useState<FieldError | undefined>(initialError);
  const [busy, setBusy] = useState(false);
  const db = usePublicDb();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const languages = data.getAll('languages').filter(isLanguage);
    const found: FieldError | undefined = !looksLikeEmail(email) ? 'invalid-email' : languages.length === 0 ? 'invalid-languages' : undefined;
    setError(found);
    if (found) {
      focusField(form, found);
      return;
    }
    setBusy(true);
    subscribe(db, { email, languages, pageLanguage: language, trap: String(data.get(TRAP_FIELD) ?? '') })
      .then(
        () => {
          toast({ title: texts.sent.title, description: texts.sent.description });
          const input = form.elements.namedItem('email') as HTMLInputElement | null;
          if (input) input.value = '';
        },
        (e: unknown) => {
          const outcome = e instanceof SubscribeError ? e.outcome : 'failed';
          if (outcome === 'invalid-email' || outcome === 'invalid-languages') {
            setError(outcome);
            focusField(form, outcome);
          } else toast({ title: texts.errorTitle, description: texts.errors[outcome], variant: 'destructive' });
        },
      )
      .finally(() => setBusy(false));
  }

  const emailError = error === 'invalid-email' ? `${id}-email-error` : undefined;
  const languagesError = error === 'invalid-languages' ? `${id}-languages-error` : undefined;
  return (
    <form
      method="post"
      action={newsletterPaths.subscribe}
      noValidate
      onSubmit={submit}
      aria-labelledby={labelledBy}
      className={cn('grid gap-5', className)}
    >
      <input type="hidden" name="lang" value={language} />
      <div className="grid gap-2">
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-stone-800">
          {texts.email}
        </label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError}
        />
        {emailError && (
          <p id={emailError} className="text-sm text-red-700">
            {texts.errors['invalid-email']}
          </p>
        )}
      </div>
      <fieldset aria-describedby={languagesError} className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">{texts.languages}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {LANGUAGES.map((option) => (
            <label key={option} className="inline-flex min-h-6 items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                name="languages"
                value={option}
                defaultChecked={option === language}
                className="size-4 accent-accent-700"
              />
              <span lang={LOCALE[option]}>{texts.languageNames[option]}</span>
            </label>
          ))}
        </div>
        {languagesError && (
          <p id={languagesError} className="text-sm text-red-700">
            {texts.errors['invalid-languages']}
          </p>
        )}
      </fieldset>
      {/* For bots only: people never see, reach or hear it (visually hidden rather than display:none, which bots skip). */}
      <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
        <label>
          {texts.trapLabel}
          <input type="text" name={TRAP_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <p className="text-sm leading-relaxed text-stone-700">{texts.privacy}</p>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy && <Loader2 className="animate-spin" aria-hidden />}
        {busy ? texts.submitting : texts.submit}
      </Button>
    </form>
  );
}

/** Moves to the field to fix, so keyboard and screen-reader users land on it. */
function focusField(form: HTMLFormElement, error: FieldError) {
  const field = error === 'invalid-email' ? form.elements.namedItem('email') : form.querySelector('input[name="languages"]');
  if (field instanceof HTMLElement) field.focus();
}
