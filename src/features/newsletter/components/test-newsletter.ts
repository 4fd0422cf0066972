import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { renderAdmin } from '../../admin/test-utils';
import type { PostSendProgress } from '../api/send-progress';
import type { Subscriber } from '../api/subscribers';

let seq = 0;
/** A confirmed Portuguese subscriber from the site's form; override what a test cares about. */
export function buildSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  const created = overrides.created_at ?? `2026-11-${String(1 + (seq % 20)).padStart(2, '0')}T12:00:00+00:00`;
  return {
    id: `c0ffee00-0000-4000-8000-${n}`,
    email: `leitor${seq}@example.com`,
    languages: ['pt'],
    status: 'confirmed',
    source: 'form',
    created_at: created,
    confirmed_at: overrides.status === 'pending' ? null : created,
    ...overrides,
  };
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/**
 * Her list as the database would keep it, behind the REST and RPC calls the
 * tab makes: reads filtered, ordered, paged and counted as PostgREST does
 * them; the import's function adds confirmed addresses and counts the rest;
 * the growth function counts confirmed subscribers day by day. `calls`
 * records what was asked, for tests that check nothing was written.
 */
export function serveNewsletter(initial: Subscriber[] = [], sends: PostSendProgress[] = []) {
  const state = { subscribers: [...initial], sends: [...sends] };
  const calls = { imports: [] as { email: string; languages: string[] }[][], deletes: [] as string[], growth: 0, sendProgress: 0 };
  const answer = ({ request }: { request: Request }) => pgrstAnswer(request, selectRows(state.subscribers, new URL(request.url)));
  server.use(
    http.get(restUrl('newsletter_subscribers'), answer),
    http.head(restUrl('newsletter_subscribers'), answer),
    http.delete(restUrl('newsletter_subscribers'), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '') ?? '';
      calls.deletes.push(id);
      const before = state.subscribers.length;
      state.subscribers = state.subscribers.filter((s) => s.id !== id);
      const removed = before - state.subscribers.length;
      const counted = (request.headers.get('prefer') ?? '').includes('count=exact');
      return new HttpResponse(null, { status: 204, headers: { 'Content-Range': `*/${counted ? removed : '*'}` } });
    }),
    http.post(restUrl('rpc/newsletter_growth'), async ({ request }) => {
      calls.growth += 1;
      const { days } = (await request.json()) as { days: number };
      const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      const confirmed = state.subscribers.filter((s) => s.status === 'confirmed');
      return HttpResponse.json(
        Array.from({ length: days }, (_, i) => {
          const day = new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
          const upTo = confirmed.filter((s) => dayOf(s.confirmed_at!) <= day);
          return { day, pt: upTo.filter((s) => s.languages.includes('pt')).length, en: upTo.filter((s) => s.languages.includes('en')).length };
        }),
      );
    }),
    http.post(restUrl('rpc/newsletter_send_progress'), () => {
      calls.sendProgress += 1;
      return HttpResponse.json(state.sends);
    }),
    http.post(restUrl('rpc/newsletter_import_subscribers'), async ({ request }) => {
      const { subscribers } = (await request.json()) as { subscribers: { email: string; languages: string[] }[] };
      calls.imports.push(subscribers);
      const tally = { added: 0, already: 0, invalid: 0 };
      for (const { email, languages } of subscribers) {
        const address = email.trim().toLowerCase();
        if (!EMAIL.test(address)) tally.invalid++;
        else if (state.subscribers.some((s) => s.email === address)) tally.already++;
        else {
          tally.added++;
          const now = new Date().toISOString();
          state.subscribers.push(buildSubscriber({ email: address, languages, source: 'import', created_at: now, confirmed_at: now }));
        }
      }
      return HttpResponse.json([tally]);
    }),
  );
  return { state, calls };
}

/** The database refusing `rpc/<name>` or a table call with this status, code and message. */
export function refuse(method: 'get' | 'post' | 'delete', path: string, status: number, code: string, message: string) {
  server.use(http[method](restUrl(path), () => pgrstError(status, { code, message })));
}

/** /admin signed in, on the "Assinantes" tab (loaded lazily, as in the browser), its list on screen. */
export async function renderNewsletterTab() {
  const app = await renderAdmin();
  await app.user.click(screen.getByRole('tab', { name: 'Assinantes' }));
  await screen.findByRole('heading', { name: 'Lista' });
  return app;
}
