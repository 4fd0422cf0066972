import { http, HttpResponse } from 'msw';
import { SUPABASE_URL } from '../api';

/**
 * /backups/v1 (server/backup/routes.ts). By default the answer of a project
 * without the local backend's backups (a hosted one): 404. Tests of the
 * list use a handler of their own.
 */
export const backupsUrl = `${SUPABASE_URL}/backups/v1`;
export const backupsHandlers = [http.get(backupsUrl, () => HttpResponse.json({ message: 'Not Found' }, { status: 404 }))];
