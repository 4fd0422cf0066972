import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { FormField } from '@/features/admin/components/form-field';
import { adminText } from '@/lib/i18n-admin';
import { saveAccount, type FediverseAccount } from '../api/accounts';
import { describeFailure } from '../api/fediverse-error';
import { fediverseKeys } from '../api/keys';
import { ConfirmDialog } from './confirm-button';
import { fediverseAddress, isValidAccountAddress, isValidHandle } from '../lib/account-rules';

const t = adminText.fediverse.accounts;

/**
 * One language's account: its name (checked as the database checks it; a
 * change of a saved name asks first, since the old address stops resolving)
 * and her earlier account's address. A refused save keeps what she typed.
 */
export function AccountForm({ account, host }: { account: FediverseAccount; host: string }) {
  const queryClient = useQueryClient();
  const [handle, setHandle] = useState(account.handle);
  const [earlier, setEarlier] = useState(account.also_known_as ?? '');
  const [errors, setErrors] = useState<{ handle?: string; earlier?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const handleField = useRef<HTMLInputElement>(null);
  const earlierField = useRef<HTMLInputElement>(null);
  const language = adminText.fediverse.languageNames[account.language] ?? account.language;

  const save = useMutation({
    mutationFn: (values: { handle: string; also_known_as: string | null }) => saveAccount(account.language, values),
    onSuccess: async (saved) => {
      if (saved === 'taken') {
        setErrors({ handle: t.handleTaken });
        handleField.current?.focus();
        return;
      }
      toast({ title: t.saved, description: t.savedDescription(fediverseAddress(saved.handle, host)) });
      await queryClient.invalidateQueries({ queryKey: fediverseKeys.accounts() });
    },
    onError: (error) => toast({ title: t.saveError, description: describeFailure(error), variant: 'destructive' }),
  });

  const values = () => ({ handle: handle.trim(), also_known_as: earlier.trim() || null });

  function submit(event: FormEvent) {
    event.preventDefault();
    const { handle: name, also_known_as } = values();
    const found = {
      ...(isValidHandle(name) ? {} : { handle: t.handleInvalid }),
      ...(also_known_as === null || isValidAccountAddress(also_known_as) ? {} : { earlier: t.alsoKnownAsInvalid }),
    };
    setErrors(found);
    if (found.handle) return handleField.current?.focus();
    if (found.earlier) return earlierField.current?.focus();
    if (name !== account.handle) return setConfirming(true);
    save.mutate(values());
  }

  const formId = `fediverse-account-${account.language}`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${formId}-legend`} className="grid gap-4 rounded-md border border-stone-200 p-4">
      <h3 id={`${formId}-legend`} className="font-semibold text-stone-900">
        {t.legend(language)}
      </h3>
      <p className="text-sm text-stone-700">
        {t.address}: <code className="rounded bg-stone-100 px-1.5 py-0.5 text-stone-900">{fediverseAddress(account.handle, host)}</code>
      </p>
      <FormField label={t.handle} error={errors.handle} description={t.handleHint}>
        {(ids) => (
          <Input
            {...ids}
            ref={handleField}
            name="handle"
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            value={handle}
            onChange={(e) => setHandle(e.target.value)}
          />
        )}
      </FormField>
      <FormField label={t.alsoKnownAs} error={errors.earlier} description={t.alsoKnownAsHint}>
        {(ids) => (
          <Input
            {...ids}
            ref={earlierField}
            type="url"
            inputMode="url"
            name="also_known_as"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://mastodon.social/@voce"
            value={earlier}
            onChange={(e) => setEarlier(e.target.value)}
          />
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.changeTitle}
        body={t.changeBody(fediverseAddress(account.handle, host), fediverseAddress(handle.trim(), host))}
        action={t.changeAction}
        onConfirm={() => save.mutate(values())}
      />
    </form>
  );
}
