import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/features/admin/components/form-field';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { submitJobs } from '../api/jobs';
import { isWebAddress } from '../lib/clip-form-values';
import { BatchProgress } from './batch-progress';
import { FailureAlert } from './failure-alert';

/** The addresses of a pasted list, blanks skipped and repeats counted once; the numbers of the lines that are not addresses. */
export function readAddressList(text: string): { addresses: string[]; badLines: number[] } {
  const addresses: string[] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    if (!isWebAddress(line)) badLines.push(i + 1);
    else if (!addresses.includes(line)) addresses.push(line);
  });
  return { addresses, badLines };
}

/** "Lista de endereços": one 'add' job per address, all in one batch; a list with a bad line is sent only once she fixes it. */
export function AddressListImport() {
  const t = adminText.clips;
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'published' | 'hidden'>('published');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [batch, setBatch] = useState<string>();
  const { addresses } = readAddressList(text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readAddressList(text);
    if (read.badLines.length) return setError(t.bulk.badLines(read.badLines.join(', ')));
    if (!read.addresses.length) return setError(t.bulk.listEmpty);
    setError(undefined);
    setFailure(undefined);
    setSending(true);
    try {
      const submitted = await submitJobs(read.addresses.map((input) => ({ kind: 'add' as const, input, options: { status } })));
      setBatch(submitted.batch);
      setText('');
    } catch (e) {
      setFailure(describeFailure(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label={t.bulk.list} error={error}>
        {(ids) => <Textarea {...ids} rows={6} value={text} disabled={sending} onChange={(e) => setText(e.target.value)} className="font-mono text-xs" />}
      </FormField>
      <FormField label={t.bulk.statusAll}>
        {(ids) => (
          <Select {...ids} value={status} onChange={(e) => setStatus(e.target.value === 'hidden' ? 'hidden' : 'published')}>
            <option value="published">{t.status.published}</option>
            <option value="hidden">{t.status.hidden}</option>
          </Select>
        )}
      </FormField>
      {failure && <FailureAlert message={failure} />}
      <Button type="submit" disabled={sending} className="justify-self-start">
        {t.bulk.importN(addresses.length)}
      </Button>
      {batch && <BatchProgress key={batch} batch={batch} />}
    </form>
  );
}
