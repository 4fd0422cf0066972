import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl, SUPABASE_URL } from '@/testing/api';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { renderAdmin } from '../../admin/test-utils';
import type { Clip, ClipFeed, ClipJob } from '../api/types';

let seq = 0;
/** A published Portuguese web clip; override what a test cares about. */
export function buildClip(overrides: Partial<Clip> = {}): Clip {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    id: `c11c0000-0000-4000-8000-${n}`,
    kind: 'web',
    url: `https://www1.folha.uol.com.br/mercado/2019/0${1 + (seq % 9)}/materia-${seq}.shtml`,
    title: `Matéria ${seq}`,
    outlet: 'Folha de S.Paulo',
    outlet_logo_url: null,
    byline: 'Ana Souza',
    published_on: '2019-05-10',
    language: 'pt',
    summary: null,
    image_url: null,
    image_alt: null,
    file_path: null,
    status: 'published',
    featured: false,
    show_archive: false,
    slug: `materia-${seq}`,
    newsletter: false,
    source: 'url',
    link_status: 'ok',
    link_checked_at: null,
    link_error: null,
    created_at: '2026-11-01T12:00:00+00:00',
    updated_at: '2026-11-01T12:00:00+00:00',
    copied_at: null,
    ...overrides,
  };
}

/** What the fake worker makes of a job once it has been read waiting: its end state, result and error. */
export type Worker = (job: ClipJob) => Pick<ClipJob, 'state'> & Partial<Pick<ClipJob, 'result' | 'error'>>;

/** The shared PostgREST helpers take plain records; these rows are typed interfaces. */
const select = <T,>(rows: T[], url: URL) => selectRows(rows as unknown as Record<string, unknown>[], url) as unknown as T[];

const idOf = (request: Request) => new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '') ?? '';

/**
 * The clips tables as the database keeps them, behind the calls the tab
 * makes: reads filtered and ordered as PostgREST does, writes recorded in
 * `calls`; jobs are inserted queued, and the `worker` (set by a test) ends
 * each one the second time the tab reads it, so the tab has to poll.
 */
export function serveClips(initial: Clip[] = [], feeds: ClipFeed[] = []) {
  const state = { clips: [...initial], jobs: [] as ClipJob[], feeds: [...feeds], reads: new Map<string, number>() };
  const calls = {
    inserts: [] as Record<string, unknown>[],
    updates: [] as { id: string; body: Record<string, unknown> }[],
    deletes: [] as string[],
    jobs: [] as Record<string, unknown>[][],
    uploads: [] as string[],
    removed: [] as unknown[],
  };
  const control: { worker: Worker; refuseInsert?: { status: number; code: string; message: string } } = {
    worker: () => ({ state: 'done', result: {} }),
  };
  const answerClips = ({ request }: { request: Request }) =>
    pgrstAnswer(request, select(state.clips, new URL(request.url)).map(({ copied_at: _, ...row }) => row));
  server.use(
    http.get(restUrl('clips'), answerClips),
    http.head(restUrl('clips'), answerClips),
    http.patch(restUrl('clips'), async ({ request }) => {
      const id = idOf(request);
      const body = (await request.json()) as Partial<Clip>;
      calls.updates.push({ id, body });
      state.clips = state.clips.map((c) => (c.id === id ? { ...c, ...body } : c));
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(restUrl('clips'), ({ request }) => {
      calls.deletes.push(idOf(request));
      state.clips = state.clips.filter((c) => c.id !== idOf(request));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(restUrl('clips'), async ({ request }) => {
      const body = (await request.json()) as Partial<Clip>;
      calls.inserts.push(body);
      if (control.refuseInsert) return pgrstError(control.refuseInsert.status, control.refuseInsert);
      if (body.url && state.clips.some((c) => c.url === body.url)) {
        return pgrstError(409, { code: '23505', message: 'duplicate key value violates unique constraint "clips_url_key"' });
      }
      const clip = buildClip({ ...body, link_status: 'unchecked', created_at: new Date().toISOString() });
      state.clips.push(clip);
      return pgrstAnswer(request, [{ id: clip.id }]);
    }),
    http.post(restUrl('clip_jobs'), async ({ request }) => {
      const rows = (await request.json()) as Partial<ClipJob>[];
      calls.jobs.push(rows);
      const now = Date.now();
      const made = rows.map((row, i) => ({
        id: `j0b00000-0000-4000-8000-${String(state.jobs.length + i + 1).padStart(12, '0')}`,
        input: null,
        clip_id: null,
        options: {},
        state: 'queued' as const,
        result: null,
        error: null,
        finished_at: null,
        ...row,
        created_at: new Date(now + i).toISOString(),
      })) as ClipJob[];
      state.jobs.push(...made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.get(restUrl('clip_jobs'), ({ request }) => {
      const rows = select(state.jobs, new URL(request.url));
      for (const job of rows) {
        const reads = (state.reads.get(job.id) ?? 0) + 1;
        state.reads.set(job.id, reads);
        if (reads === 2 && job.state === 'queued') Object.assign(job, { result: null, error: null }, control.worker(job));
      }
      return pgrstAnswer(request, rows.map((job) => ({ ...job }) as Record<string, unknown>));
    }),
    http.get(restUrl('clip_copies'), ({ request }) =>
      pgrstAnswer(request, state.clips.filter((c) => c.copied_at).map((c) => ({ clip_id: c.id, fetched_at: c.copied_at }))),
    ),
    http.get(restUrl('clip_feeds'), ({ request }) => pgrstAnswer(request, select(state.feeds, new URL(request.url)) as unknown as Record<string, unknown>[])),
    http.post(`${SUPABASE_URL}/storage/v1/object/clip-files/*`, ({ request }) => {
      const path = new URL(request.url).pathname.split('/clip-files/')[1]!;
      calls.uploads.push(path);
      return HttpResponse.json({ Id: 'x', Key: `clip-files/${path}` });
    }),
    http.delete(`${SUPABASE_URL}/storage/v1/object/clip-files`, async ({ request }) => {
      calls.removed.push(await request.json());
      return HttpResponse.json([]);
    }),
  );
  return { state, calls, control };
}

/** /admin signed in, on the "Publicações" tab (loaded lazily, as in the browser), its list read. */
export async function renderClipsTab() {
  const app = await renderAdmin();
  await app.user.click(screen.getByRole('tab', { name: /^Publicações/ }));
  await screen.findByRole('heading', { name: 'Publicações', level: 2 });
  await screen.findByRole('list', { name: 'Contagem' });
  return app;
}
