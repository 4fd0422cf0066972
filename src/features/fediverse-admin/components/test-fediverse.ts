import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { pgrstAnswer, pgrstError, selectRows } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin } from '../../admin/test-utils';
import type { FediverseAccount } from '../api/accounts';
import type { Block } from '../api/blocks';
import type { Follower } from '../api/followers';

type ReplyRow = {
  id: string; post_id: string; object_id: string; actor_id: string; url: string | null; author_name: string | null; author_handle: string | null;
  author_url: string | null; avatar_url: string | null; content: string; published: string; state: string; received_at: string;
};

let seq = 0;
const uuid = (prefix: string) => `${prefix}-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function buildFollower(overrides: Partial<Follower> = {}): Follower {
  const n = ++seq;
  return {
    id: uuid('f0110we2'),
    language: 'pt',
    actor_id: `https://social.example/users/leitor${n}`,
    handle: `@leitor${n}@social.example`,
    name: `Leitor ${n}`,
    server: 'social.example',
    followed_at: `2026-11-${String(1 + (n % 20)).padStart(2, '0')}T12:00:00+00:00`,
    ...overrides,
  };
}

export function buildReply(overrides: Partial<ReplyRow> = {}): ReplyRow {
  const n = ++seq;
  return {
    id: uuid('2e91e500'),
    post_id: adminPosts[0]!.id,
    object_id: `https://social.example/notes/${n}`,
    actor_id: 'https://social.example/users/bob',
    url: `https://social.example/@bob/${n}`,
    author_name: 'Bob',
    author_handle: '@bob@social.example',
    author_url: 'https://social.example/@bob',
    // The site's copy (issue 45): the only kind of picture shown.
    avatar_url: '/ap/avatars/b0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb.webp',
    content: '<p>Ótimo texto!</p>',
    published: '2026-11-20T15:30:00+00:00',
    state: 'pending',
    received_at: `2026-11-20T15:${String(30 + (n % 20)).padStart(2, '0')}:00+00:00`,
    ...overrides,
  };
}

const eqOf = (url: URL, column: string) => url.searchParams.get(column)?.replace(/^eq\./, '');
const hostOf = (actor: string) => /^https?:\/\/([^/:]+)/.exec(actor)?.[1];

/**
 * The fediverse's tables as the database would keep them, behind the REST and
 * RPC calls the tab makes: the accounts' checks (pattern, unique name), the
 * removal function, blocks that forget their followers and pending replies
 * (the migration's trigger), moderation of pending replies only, and the
 * reaction counts. `calls` records every write, for tests that check nothing
 * was written.
 */
export function serveFediverse(initial: { followers?: Follower[]; replies?: ReplyRow[]; blocks?: Block[]; reactions?: { post_id: string; likes: number; boosts: number }[] } = {}) {
  const state = {
    accounts: [
      { language: 'pt', handle: 'pt', also_known_as: null },
      { language: 'en', handle: 'en', also_known_as: null },
    ] as FediverseAccount[],
    followers: [...(initial.followers ?? [])],
    replies: [...(initial.replies ?? [])],
    blocks: [...(initial.blocks ?? [])],
    reactions: [...(initial.reactions ?? [])],
  };
  const calls = { accounts: [] as unknown[], removals: [] as string[], blocks: [] as unknown[], unblocks: [] as string[], moderations: [] as unknown[] };
  const read = <T extends object>(rows: () => T[]) => ({ request }: { request: Request }) =>
    pgrstAnswer(request, selectRows(rows() as Record<string, unknown>[], new URL(request.url)));
  server.use(
    http.get(restUrl('fediverse_accounts'), read(() => state.accounts)),
    http.patch(restUrl('fediverse_accounts'), async ({ request }) => {
      const language = eqOf(new URL(request.url), 'language');
      const values = (await request.json()) as Partial<FediverseAccount>;
      calls.accounts.push({ language, ...values });
      if (values.handle !== undefined && !/^[a-z0-9_]{1,30}$/.test(values.handle)) {
        return pgrstError(400, { code: '23514', message: 'new row for relation "fediverse_accounts" violates check constraint "fediverse_accounts_handle_valid"' });
      }
      if (state.accounts.some((a) => a.language !== language && a.handle === values.handle)) {
        return pgrstError(409, { code: '23505', message: 'duplicate key value violates unique constraint "fediverse_accounts_handle_key"' });
      }
      const account = state.accounts.find((a) => a.language === language)!;
      Object.assign(account, values);
      return pgrstAnswer(request, [account]);
    }),
    http.get(restUrl('fediverse_followers'), read(() => state.followers)),
    http.head(restUrl('fediverse_followers'), read(() => state.followers)),
    http.post(restUrl('rpc/fediverse_remove_follower'), async ({ request }) => {
      const { follower } = (await request.json()) as { follower: string };
      calls.removals.push(follower);
      const before = state.followers.length;
      state.followers = state.followers.filter((f) => f.id !== follower);
      return HttpResponse.json(state.followers.length < before);
    }),
    http.get(restUrl('fediverse_blocks'), read(() => state.blocks)),
    http.post(restUrl('fediverse_blocks'), async ({ request }) => {
      const { kind, value } = (await request.json()) as { kind: 'server' | 'actor'; value: string };
      calls.blocks.push({ kind, value });
      if (state.blocks.some((b) => b.kind === kind && b.value === value)) {
        return pgrstError(409, { code: '23505', message: 'duplicate key value violates unique constraint "fediverse_blocks_once"' });
      }
      state.blocks.unshift({ id: uuid('b10c0000'), kind, value, created_at: new Date().toISOString() });
      const gone = (actor: string) => (kind === 'server' ? hostOf(actor) === value : actor === value);
      state.followers = state.followers.filter((f) => (kind === 'server' ? f.server !== value : f.actor_id !== value));
      state.replies = state.replies.filter((r) => r.state !== 'pending' || !gone(r.actor_id));
      return new HttpResponse(null, { status: 201 });
    }),
    http.delete(restUrl('fediverse_blocks'), ({ request }) => {
      const id = eqOf(new URL(request.url), 'id')!;
      calls.unblocks.push(id);
      state.blocks = state.blocks.filter((b) => b.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(restUrl('fediverse_replies'), read(() => state.replies)),
    http.patch(restUrl('fediverse_replies'), async ({ request }) => {
      const url = new URL(request.url);
      const values = (await request.json()) as { state: string; moderated_at: string };
      calls.moderations.push({ id: eqOf(url, 'id'), ...values });
      const changed = selectRows(state.replies, url);
      for (const reply of changed) reply.state = values.state;
      return pgrstAnswer(request, changed.map((r) => ({ id: r.id })));
    }),
    http.post(restUrl('rpc/fediverse_reaction_counts'), () => HttpResponse.json(state.reactions)),
  );
  return { state, calls };
}

/** The database refusing a call with this status, code and message. */
export function refuse(method: 'get' | 'post' | 'patch' | 'delete', path: string, status: number, code: string, message: string) {
  server.use(http[method](restUrl(path), () => pgrstError(status, { code, message })));
}

/** /admin signed in, on the "Fediverso" tab (loaded lazily, as in the browser), its panels on screen. */
export async function renderFediverseTab() {
  const app = await renderAdmin();
  await app.user.click(screen.getByRole('tab', { name: 'Fediverso' }));
  await screen.findByRole('heading', { name: 'Respostas do fediverso' });
  return app;
}
