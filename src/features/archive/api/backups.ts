import { queryOptions } from '@tanstack/react-query';
import { supabase, supabaseConfig } from '@/lib/supabase';

/**
 * The local backend's daily backups (/backups/v1, server/backup/routes.ts).
 * A hosted project has no such endpoint: a 404 there, or a cross-origin
 * request the project refuses, means "not on this site" (null), and the tab
 * shows the hosted guidance instead.
 */
export interface BackupItem {
  name: string;
  created_at: string;
  status: 'good' | 'failed';
  reason: string | null;
  size: number | null;
  counts: { posts: number; settings: number; objects: number; subscribers: number | null } | null;
  upload: { status: 'uploaded' | 'not_uploaded'; at: string; error: string | null } | null;
}

export interface BackupList {
  backups: BackupItem[];
  last_good_at: string | null;
  last_failed: BackupItem | null;
  stale: boolean;
  running: boolean;
  off_site: string | null;
  schedule: { at: string };
}

const base = () => `${supabaseConfig().url}/backups/v1`;

async function headers(): Promise<Record<string, string>> {
  const { key } = supabaseConfig();
  const token = (await supabase.auth.getSession()).data.session?.access_token ?? key;
  return { apikey: key, authorization: `Bearer ${token}` };
}

async function failure(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return new Error(body?.message ?? `HTTP ${response.status}`);
}

export async function fetchBackups(): Promise<BackupList | null> {
  let response: Response;
  try {
    response = await fetch(base(), { headers: await headers() });
  } catch (error) {
    // Another origin (a hosted project) refusing the request: no backups of ours there.
    if (new URL(base()).origin !== window.location.origin) return null;
    throw error;
  }
  // 204: a local server that writes no backups (server/app.ts).
  if (response.status === 404 || response.status === 204) return null;
  if (!response.ok) throw await failure(response);
  return (await response.json()) as BackupList;
}

export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: ['backups'] as const,
    queryFn: fetchBackups,
    // While one is written, the list is read again until it is done.
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });

/** "Fazer backup agora": 'busy' when one is being written already. */
export async function startBackup(): Promise<'started' | 'busy'> {
  const response = await fetch(base(), { method: 'POST', headers: await headers() });
  if (response.status === 409) return 'busy';
  if (!response.ok) throw await failure(response);
  return 'started';
}

export async function downloadBackup(name: string): Promise<Blob> {
  const response = await fetch(`${base()}/${encodeURIComponent(name)}.zip`, { headers: await headers() });
  if (!response.ok) throw await failure(response);
  return response.blob();
}
