import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { FormField } from '@/features/admin/components/form-field';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { formatAdminDate } from '@/features/admin/lib/format-admin-date';
import { adminText } from '@/lib/i18n-admin';
import { block, listBlocks, unblock, type Block } from '../api/blocks';
import { describeFailure } from '../api/fediverse-error';
import { fediverseKeys } from '../api/keys';
import { serverName } from '../lib/account-rules';
import { ConfirmDialog } from './confirm-button';
import { FailureAlert, FediverseSection } from './fediverse-section';

const t = adminText.fediverse.blocks;

/** The servers and people she blocked, a way to block a server by its name, and to unblock. */
export function BlocksPanel() {
  const heading = useRef<HTMLHeadingElement>(null);
  const blocks = useQuery({ queryKey: fediverseKeys.blocks(), queryFn: listBlocks });
  return (
    <FediverseSection id="fediverse-blocks" ref={heading} title={t.title} hint={t.hint}>
      <BlockServerForm />
      {blocks.isPending ? (
        <LoadingSpinner />
      ) : blocks.isError ? (
        <FailureAlert title={t.loadError} message={describeFailure(blocks.error)} />
      ) : blocks.data.length === 0 ? (
        <p className="text-sm text-stone-700">{t.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label={t.tableLabel} className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">{t.columns.value}</th>
                <th scope="col" className="py-2 pr-4 font-semibold">{t.columns.kind}</th>
                <th scope="col" className="py-2 pr-4 font-semibold">{t.columns.since}</th>
                <th scope="col" className="py-2 font-semibold">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {blocks.data.map((entry) => (
                <BlockRow key={entry.id} entry={entry} focusAfter={() => heading.current?.focus()} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </FediverseSection>
  );
}

function BlockServerForm() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [server, setServer] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: (host: string) => block('server', host),
    onSuccess: async (result, host) => {
      toast(result === 'blocked' ? { title: t.blocked, description: t.blockedDescription(host) } : { title: t.alreadyBlocked(host) });
      setText('');
      await queryClient.invalidateQueries({ queryKey: fediverseKeys.all });
    },
    onError: (failure) => toast({ title: t.blockError, description: describeFailure(failure), variant: 'destructive' }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const host = serverName(text);
    setError(host ? undefined : t.serverInvalid);
    if (!host) return field.current?.focus();
    setServer(host);
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <FormField label={t.serverField} error={error}>
          {(ids) => (
            <Input {...ids} ref={field} name="server" autoComplete="off" spellCheck={false} placeholder={t.serverPlaceholder} value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </FormField>
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending} className={error ? 'mb-7' : undefined}>
        {t.blockButton}
      </Button>
      <ConfirmDialog
        open={server !== null}
        onOpenChange={(open) => !open && setServer(null)}
        title={t.blockTitle}
        body={t.blockBody(server ?? '')}
        action={t.blockAction}
        onConfirm={() => server && save.mutate(server)}
        focusAfter={() => field.current?.focus()}
      />
    </form>
  );
}

function BlockRow({ entry, focusAfter }: { entry: Block; focusAfter: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => unblock(entry.id),
    onSuccess: async () => {
      toast({ title: t.unblocked, description: t.unblockedDescription(entry.value) });
      await queryClient.invalidateQueries({ queryKey: fediverseKeys.blocks() });
      focusAfter();
    },
    onError: (error) => toast({ title: t.unblockError, description: describeFailure(error), variant: 'destructive' }),
  });
  return (
    <tr className="border-b border-stone-100 align-top">
      <th scope="row" className="py-2 pr-4 font-medium text-stone-900 [overflow-wrap:anywhere]">{entry.value}</th>
      <td className="py-2 pr-4">{t.kinds[entry.kind] ?? entry.kind}</td>
      <td className="py-2 pr-4 whitespace-nowrap">{formatAdminDate(entry.created_at)}</td>
      <td className="py-2">
        <Button type="button" variant="outline" size="sm" aria-label={t.unblock(entry.value)} disabled={remove.isPending} onClick={() => remove.mutate()}>
          {t.unblock('').trim()}
        </Button>
      </td>
    </tr>
  );
}

