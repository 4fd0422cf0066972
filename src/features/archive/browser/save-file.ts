import { SITE_TIME_ZONE } from '@/lib/dates';

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the next task; the Blob (a whole backup) is let go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The day in the site's own time zone, YYYY-MM-DD. */
export function siteDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `backup-anasilva.com.br-2026-05-01.zip`: the site's host name and the day. */
export function backupFileName(host: string, now: Date): string {
  const site = host.toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '') || 'site';
  return `backup-${site}-${siteDay(now)}.zip`;
}
