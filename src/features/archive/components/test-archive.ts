import { screen } from '@testing-library/react';
import type { ReadFile } from '../browser/read-answer';
import type { PlannedPost } from '../lib/plan';
import { renderAdmin } from '../../admin/test-utils';

/** A planned WordPress post; override what a test cares about. */
export function plannedPost(overrides: Partial<PlannedPost> = {}): PlannedPost {
  return {
    origin: { source: 'wordpress', id: '1', url: null },
    language: null,
    title: 'Post',
    excerpt: null,
    content: 'Texto.',
    sourceCategories: [],
    date: '2015-06-10T12:00:00+00:00',
    status: 'published',
    slug: null,
    imageUrl: null,
    imageAlt: null,
    ...overrides,
  };
}

/** A read WordPress file with these posts (and whatever else the test gives). */
export function readFileOf(posts: PlannedPost[], extra: Partial<ReadFile['plan']> = {}, entries = new Map<string, Uint8Array>()): ReadFile {
  return { plan: { source: 'wordpress', fileName: 'blog.xml', posts, skipped: [], warnings: [], images: [], ...extra }, entries };
}

/** /admin signed in, on the "Importar e exportar" tab (loaded lazily, as in the browser). */
export async function renderArchiveTab(posts?: Parameters<typeof renderAdmin>[0]) {
  const app = await renderAdmin(posts);
  await app.user.click(screen.getByRole('tab', { name: 'Importar e exportar' }));
  await screen.findByRole('heading', { name: 'Importar posts' });
  return app;
}

export const fileInput = () => screen.getByLabelText('Arquivo para importar (.xml ou .zip)');
