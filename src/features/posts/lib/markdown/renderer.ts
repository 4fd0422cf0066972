import type { markdownElements } from './markdown';

type Render = typeof markdownElements;

/**
 * The Markdown renderer (marked and the elements it maps to), fetched only
 * when a text must be formatted in the browser: a post whose text changed
 * live, one reached by navigating, the editor's preview. A server-rendered
 * post shows the server's HTML (src/lib/server-markup.ts) and never needs
 * it; the server renderer loads it before rendering a post (entry-server.tsx).
 */
let loaded: Render | undefined;
let loading: Promise<Render> | undefined;

export function loadMarkdown(): Promise<Render> {
  loading ??= import('./markdown').then((module) => (loaded = module.markdownElements));
  return loading;
}

export function loadedMarkdown(): Render | undefined {
  return loaded;
}
