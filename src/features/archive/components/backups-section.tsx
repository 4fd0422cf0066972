import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, DatabaseBackup, Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SITE_TIME_ZONE } from '@/lib/dates';
import { adminText } from '@/lib/i18n-admin';
import { backupsQueryOptions, downloadBackup, startBackup, type BackupItem, type BackupList } from '../api/backups';
import { saveFile } from '../browser/save-file';
import { ArchiveSection } from './archive-section';

const t = adminText.backups;
const day = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SITE_TIME_ZONE });
const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: SITE_TIME_ZONE });
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** '28 de novembro de 2026, 03:00', in Brasília, as the scheduled posts' times read. */
export const backupDate = (iso: string) => `${day.format(new Date(iso))}, ${time.format(new Date(iso))}`;

export function backupSize(bytes: number | null): string {
  if (bytes === null) return t.notCounted;
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${number.format(value)} ${units[unit]}`;
}

/**
 * The server's daily backups (issue 41): the list with "Baixar" for each,
 * "Fazer backup agora", a warning when the last good one is older than 48
 * hours or the last one failed. On hosted Supabase (no endpoint of ours),
 * what Supabase keeps and how to keep a copy of her own.
 */
export function BackupsSection() {
  const query = useQuery(backupsQueryOptions());
  if (query.isPending) {
    return (
      <ArchiveSection id="archive-backups-heading" title={t.title} hint="">
        <p role="status" className="text-sm text-stone-700">{adminText.common.loading}</p>
      </ArchiveSection>
    );
  }
  if (query.isError) {
    return (
      <ArchiveSection id="archive-backups-heading" title={t.title} hint="">
        <p role="alert" className="text-sm text-red-800">{t.loadError}</p>
      </ArchiveSection>
    );
  }
  if (query.data === null) {
    return <ArchiveSection id="archive-backups-heading" title={t.hostedTitle} hint={t.hosted}>{null}</ArchiveSection>;
  }
  return <BackupsList list={query.data} />;
}

function BackupsList({ list }: { list: BackupList }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ kind: 'status' | 'error'; text: string } | null>(null);

  async function backupNow() {
    setMessage(null);
    try {
      const started = await startBackup();
      if (started === 'busy') setMessage({ kind: 'status', text: t.busy });
    } catch (error) {
      setMessage({ kind: 'error', text: `${t.startError}: ${error instanceof Error ? error.message : String(error)}` });
    }
    await queryClient.invalidateQueries({ queryKey: backupsQueryOptions().queryKey });
  }

  return (
    <ArchiveSection id="archive-backups-heading" title={t.title} hint={t.hint(list.schedule.at)}>
      {list.stale && (
        <div role="alert" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div className="grid gap-1">
            <p className="font-semibold">{list.last_good_at ? t.stale : t.staleNone}</p>
            <p>{t.staleHint}</p>
          </div>
        </div>
      )}
      {list.last_failed && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800 [overflow-wrap:anywhere]">
          {t.lastFailed(backupDate(list.last_failed.created_at), list.last_failed.reason ?? '')}
        </p>
      )}
      <Button type="button" className="justify-self-start" disabled={list.running} onClick={() => void backupNow()}>
        <DatabaseBackup aria-hidden />
        {t.backupNow}
      </Button>
      <p role="status" className={`min-h-5 text-sm ${message?.kind === 'error' ? 'text-red-800' : 'text-stone-900'}`}>
        {list.running ? (
          <span className="inline-flex items-center gap-2">
            <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
            {t.running}
          </span>
        ) : (
          message?.text
        )}
      </p>
      {list.backups.length === 0 ? <p className="text-sm text-stone-700">{t.none}</p> : <BackupsTable backups={list.backups} />}
    </ArchiveSection>
  );
}

function BackupsTable({ backups }: { backups: BackupItem[] }) {
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(name: string) {
    setError(null);
    setDownloading(name);
    try {
      saveFile(await downloadBackup(name), `${name}.zip`);
    } catch (e) {
      setError(`${t.downloadError}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setDownloading(null);
    }
  }

  const c = t.columns;
  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t.tableCaption}</caption>
          <thead className="border-b border-stone-200 text-stone-700">
            <tr>
              {[c.date, c.size, c.posts, c.files, c.subscribers, c.status].map((h) => (
                <th key={h} scope="col" className="py-2 pr-4 font-medium">{h}</th>
              ))}
              <th scope="col" className="py-2 font-medium"><span className="sr-only">{c.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            {backups.map((b) => {
              const date = backupDate(b.created_at);
              return (
                <tr key={b.name} className="border-b border-stone-100 text-stone-900">
                  <th scope="row" className="py-2 pr-4 font-normal whitespace-nowrap">{date}</th>
                  <td className="py-2 pr-4 whitespace-nowrap">{backupSize(b.size)}</td>
                  <td className="py-2 pr-4">{b.counts?.posts ?? t.notCounted}</td>
                  <td className="py-2 pr-4">{b.counts?.objects ?? t.notCounted}</td>
                  <td className="py-2 pr-4">{b.counts?.subscribers ?? t.notCounted}</td>
                  <td className="py-2 pr-4">
                    {b.status === 'good' ? t.verified : t.failed}
                    {b.upload && <span className="block text-xs text-stone-700">{t.offSite[b.upload.status]}</span>}
                  </td>
                  <td className="py-2">
                    <Button type="button" variant="outline" size="sm" aria-label={t.downloadLabel(date)} disabled={downloading !== null} onClick={() => void download(b.name)}>
                      {downloading === b.name ? <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" /> : <Download aria-hidden />}
                      {downloading === b.name ? t.downloading : t.download}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error && <p role="alert" className="text-sm text-red-800 [overflow-wrap:anywhere]">{error}</p>}
    </div>
  );
}
