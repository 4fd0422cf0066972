import { screen } from '@testing-library/react';
import { http } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { seedSession } from '@/testing/handlers/auth';
import { pgrstAnswer, selectRows } from '@/testing/handlers/postgrest';
import { renderApp } from '@/testing/render-app';
import '@/testing/slow-machine';
import { server } from '@/testing/server';
import type { BlogPost } from './api/get-admin-posts';

// Compile the lazy session/admin route modules before any test starts, so a
// file's first test waits for the app, not for the transform (2 shared cores).
await Promise.all([import('@/app/routes/session-layout'), import('@/app/routes/admin'), import('@/app/routes/auth')]);

// jsdom has no ResizeObserver; Radix Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** Admin tests' own posts: one Portuguese published, one Portuguese draft, one English. */
export const adminPosts: BlogPost[] = [
  buildPost({
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    title: 'Bastidores de uma coletiva',
    slug: 'bastidores-de-uma-coletiva',
    excerpt: 'O que ninguém vê.',
    category: 'Relações com Mídia',
    language: 'pt',
    published: true,
    read_time: '6 min',
    date: '2024-03-15T12:00:00+00:00',
    created_at: '2024-03-20T12:00:00+00:00',
  }),
  buildPost({
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    title: 'Rascunho sobre crises',
    slug: 'rascunho-sobre-crises',
    excerpt: null,
    category: 'Comunicação de Crise',
    language: 'pt',
    published: false,
    date: '2024-02-01T12:00:00+00:00',
    created_at: '2024-02-01T12:00:00+00:00',
  }),
  buildPost({
    id: 'aaaaaaaa-0000-4000-8000-000000000003',
    title: 'Press relations 101',
    slug: 'press-relations-101',
    category: 'Media Relations',
    language: 'en',
    published: true,
    date: '2024-01-10T12:00:00+00:00',
    created_at: '2024-01-10T12:00:00+00:00',
  }),
];

/** Serves `posts` for the admin's list and count queries, filtered, ordered and paged as PostgREST would. */
export function serveAdminPosts(posts: BlogPost[] = adminPosts) {
  const answer = ({ request }: { request: Request }) => pgrstAnswer(request, selectRows(posts, new URL(request.url)));
  server.use(http.get(restUrl('blog_posts'), answer), http.head(restUrl('blog_posts'), answer));
}

/** Signed in as an admin on /admin, with the panel on screen. */
export async function renderAdmin(posts: BlogPost[] = adminPosts) {
  seedSession();
  serveAdminPosts(posts);
  const app = renderApp('/admin');
  await screen.findByRole('heading', { name: 'Administração do Blog' });
  return app;
}
