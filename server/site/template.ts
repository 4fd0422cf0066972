/**
 * The page template: the built index.html (or, under `npm run dev`, Vite's
 * transformed one), with the anon key in its meta tag. A server-rendered page
 * replaces the default head between <!--ssr-head--> and <!--/ssr-head-->,
 * fills <div id="root"> and carries its state; the client-only shell (/auth,
 * /admin) keeps the defaults and an empty root.
 */
import type { RenderedPage } from '../../src/app/ssr/site-renderer.ts';

export interface Template {
  /** The client-only shell: default head, empty root. */
  shell: string;
  fill(page: Pick<RenderedPage, 'lang' | 'head' | 'body' | 'state'>): string;
}

const HEAD = /<!--ssr-head-->[\s\S]*?<!--\/ssr-head-->/;
const ROOT = '<div id="root"><!--ssr-body--></div>';
const HTML_LANG = /<html lang="[^"]*">/;

export class TemplateError extends Error {}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function injectAnonKey(html: string, anonKey: string): string {
  return html.replace(
    /<meta\s+name="supabase-anon-key"\s+content="[^"]*"\s*\/?>/,
    `<meta name="supabase-anon-key" content="${escapeAttr(anonKey)}" />`,
  );
}

/** Checks the markers once, so a template without them fails at start, not on a reader's request. */
export function parseTemplate(html: string, anonKey: string | undefined): Template {
  for (const [marker, found] of [
    ['<!--ssr-head-->…<!--/ssr-head-->', HEAD.test(html)],
    [ROOT, html.includes(ROOT)],
    ['<html lang="…">', HTML_LANG.test(html)],
  ] as const) {
    if (!found) throw new TemplateError(`The page template has no ${marker}: rebuild it from index.html (npm run build).`);
  }
  const base = anonKey === undefined ? html : injectAnonKey(html, anonKey);
  const [before, after] = base.split(ROOT) as [string, string];
  return {
    shell: base.replace(ROOT, '<div id="root"></div>'),
    fill(page) {
      // Function replacers: a `$&` in a post's title must stay text.
      const head = before.replace(HTML_LANG, () => `<html lang="${escapeAttr(page.lang)}">`).replace(HEAD, () => page.head);
      return `${head}<div id="root">${page.body}</div><script id="ssr-state" type="application/json">${page.state}</script>${after}`;
    },
  };
}
