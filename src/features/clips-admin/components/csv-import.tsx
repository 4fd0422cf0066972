import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/features/admin/components/form-field';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { readText } from '@/features/newsletter/lib/read-text';
import { submitJobs } from '../api/jobs';
import { BatchProgress } from './batch-progress';
import { FailureAlert } from './failure-alert';

const MAX_CSV_BYTES = 5 * 1024 * 1024;

/** "Arquivo CSV": the file's text goes to one 'csv' job; the server reads it, adds what it can and lists each refused line. */
export function CsvImport() {
  const t = adminText.clips.bulk;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [batch, setBatch] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t.csvNoFile);
    if (file.size > MAX_CSV_BYTES) return setError(t.csvTooBig);
    const text = await readText(file);
    // A spreadsheet or a picture chosen by mistake: zero bytes never occur in a text CSV.
    if (text.includes('\u0000')) return setError(t.csvNotText);
    setError(undefined);
    setFailure(undefined);
    setSending(true);
    try {
      setBatch((await submitJobs([{ kind: 'csv', input: text }])).batch);
    } catch (e) {
      setFailure(describeFailure(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label={t.csvFile} error={error} description={t.csvHint}>
        {(ids) => <Input {...ids} type="file" accept=".csv,text/csv,text/plain" disabled={sending} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
      </FormField>
      {failure && <FailureAlert message={failure} />}
      <Button type="submit" disabled={sending} className="justify-self-start">
        {t.csvImport}
      </Button>
      {batch && <BatchProgress key={batch} batch={batch} />}
    </form>
  );
}
