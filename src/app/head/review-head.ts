import type { Post } from '@/features/posts/api/get-posts';
import { LOCALE } from '@/lib/language';
import type { HeadSpec } from './head-spec';
import { postNotFoundHead } from './not-found-head';
import { postLanguage } from './post-head';

/**
 * A review link's page (issue 26) is its holder's alone, and its address
 * holds the secret: out of search results and link previews (no
 * description, no Open Graph or Twitter card, no structured data, no
 * canonical or alternates: nothing of a draft beyond its title), and no
 * Referer to whatever it links to or loads.
 */
const PRIVATE = { robots: 'noindex, nofollow', referrer: 'no-referrer' } as const;

export function reviewHead(post: Post): HeadSpec {
  return { lang: LOCALE[postLanguage(post)], title: post.title, ...PRIVATE, meta: [], links: [] };
}

/** A token that leads nowhere, whatever the reason: the same page as any post not found, without its description. */
export function reviewNotFoundHead(): HeadSpec {
  const { description: _description, ...head } = postNotFoundHead();
  return { ...head, ...PRIVATE };
}
