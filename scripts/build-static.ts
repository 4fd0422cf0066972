/**
 * `npm run build:static -- --out DIR` (default dist/): the whole public site
 * as files, for a hosted Supabase project on any static host or CDN.
 *
 * Needs VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY (the project, as
 * for `npm run build`) and SITE_URL (where readers reach the site). Reads
 * with the anon key only, so it writes exactly what any visitor may see:
 *   DIR/pt/index.html, DIR/en/index.html, her published work
 *   (DIR/pt/publicacoes/index.html, DIR/en/published-work/index.html, each
 *   archived copy she shows at its address, and their rss.xml: issue 43),
 *   DIR/pt/<slug>/index.html and
 *   DIR/en/<slug>/index.html (every published post at its address), a
 *   redirect page at each address a post had (DIR/post/<id>/index.html, old
 *   slugs) and DIR/_redirects (the same as rules, for Netlify and Cloudflare
 *   Pages), DIR/404.html, DIR/pt/rss.xml, DIR/en/rss.xml,
 *   DIR/sitemap.xml, DIR/robots.txt, DIR/og/*.png (the share cards),
 *   DIR/auth/index.html and DIR/admin/index.html (the client-only shell),
 *   DIR/newsletter/{subscribe,confirm,unsubscribe}/index.html (the same
 *   shell, kept out of search results: the newsletter's pages, which the
 *   browser renders from their address, token included),
 *   DIR/pt/busca/index.html and DIR/en/search/index.html (search, issue 44:
 *   the same shell, rendered in the browser from its address),
 *   DIR/preview/index.html (a review link's page, issue 26: the same shell,
 *   without a description, which the browser renders from its address by
 *   asking the project's review_post with the token),
 *   DIR/index.html (a redirect to /pt), beside the SPA's assets.
 * The pages hydrate and then refresh their data from the project, so a
 * visitor sees a post edited since the export; re-run it when a post is
 * published (README, "Deploying on hosted Supabase").
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, parseSiteUrl } from '../server/config.ts';
import { renderCardPng } from '../server/site/card-png.ts';
import { SEARCH_PATHS } from '../src/lib/search-paths.ts';
import type { RendererModule } from '../server/site/site-host.ts';
import { parseTemplate } from '../server/site/template.ts';
import { newsletterPaths } from '../src/features/newsletter-public/lib/addresses.ts';
import { buildSite, root, ssrDirOf, ssrEntryOf } from './build.ts';

interface ExportOptions {
  outDir: string;
  supabaseUrl: string;
  anonKey: string;
  siteUrl: string;
}

function readOptions(argv: string[], env: NodeJS.ProcessEnv): ExportOptions {
  const i = argv.indexOf('--out');
  const outDir = resolve(i >= 0 && argv[i + 1] ? argv[i + 1]! : join(root, 'dist'));
  const supabaseUrl = env.VITE_SUPABASE_URL?.trim();
  const anonKey = env.VITE_SUPABASE_PUBLISHABLE_KEY?.trim();
  const missing = [!supabaseUrl && 'VITE_SUPABASE_URL', !anonKey && 'VITE_SUPABASE_PUBLISHABLE_KEY', !env.SITE_URL && 'SITE_URL'].filter(Boolean);
  if (missing.length > 0) {
    throw new ConfigError(
      `Set ${missing.join(', ')}: the project's URL and anon (publishable) key, and the address readers use, e.g.\n` +
        '  VITE_SUPABASE_URL=https://<ref>.supabase.co VITE_SUPABASE_PUBLISHABLE_KEY=<anon key> SITE_URL=https://example.com npm run build:static',
    );
  }
  return { outDir, supabaseUrl: supabaseUrl!, anonKey: anonKey!, siteUrl: parseSiteUrl(env.SITE_URL)! };
}

/** `/` on a static host: a redirect to the Portuguese home (hosts that can, redirect with a rule; README). */
function rootRedirect(siteUrl: string): string {
  const target = new URL('/pt', siteUrl).href;
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Jornalista &amp; Profissional de RP</title>
    <meta http-equiv="refresh" content="0; url=/pt" />
    <link rel="canonical" href="${target}" />
    <meta name="robots" content="noindex" />
  </head>
  <body><p><a href="/pt">Jornalista &amp; Profissional de RP</a></p></body>
</html>
`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An address a post had (issue 23), on a host that cannot answer redirects:
 * an instant refresh (search engines take it as a permanent redirect), the
 * canonical address and a link, no script.
 */
export function movedPage(path: string, siteUrl: string): string {
  const target = escapeHtml(new URL(path, siteUrl).href);
  const local = escapeHtml(path);
  const lang = path.startsWith('/en/') ? 'en-US' : 'pt-BR';
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="UTF-8" />
    <title>${target}</title>
    <meta http-equiv="refresh" content="0; url=${local}" />
    <link rel="canonical" href="${target}" />
  </head>
  <body><p><a href="${local}">${target}</a></p></body>
</html>
`;
}

/**
 * The shell of a newsletter page (issue 25). Its address carries a reader's
 * secret token, so the page is rendered in the browser from that address,
 * never indexed, and sends no Referer (the hosted project's API included).
 * Its form posts and RFC 8058's one-click POST need a server: a static host
 * has none, so there the pages work with JavaScript only.
 */
export function newsletterShell(shell: string): string {
  return shell.replace('<!--/ssr-head-->', () => '<!--/ssr-head--><meta name="robots" content="noindex" /><meta name="referrer" content="no-referrer" />');
}

/**
 * The shell of a review link's page (issue 26), /preview?token=…: one file
 * whatever the token, rendered in the browser, which reads the post with the
 * token from the hosted project. Nothing of a draft is in it; never indexed,
 * no description for link previews, and no Referer (the address holds the
 * secret). A static host answers a dead link with this page too (200, then
 * "Post não encontrado"): only a server can answer 404.
 */
export function previewShell(shell: string): string {
  return shell.replace(/<!--ssr-head-->[\s\S]*?<!--\/ssr-head-->/, (head) =>
    head
      .replace(/\s*<meta name="description"[^>]*>/, '')
      .replace('<!--/ssr-head-->', '<meta name="robots" content="noindex, nofollow" /><meta name="referrer" content="no-referrer" /><!--/ssr-head-->'),
  );
}

async function write(outDir: string, path: string, body: string | Uint8Array): Promise<void> {
  const file = join(outDir, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, body);
}

export async function exportStaticSite(options: ExportOptions, log: (line: string) => void = console.log): Promise<{ pages: number; posts: number }> {
  const { outDir, siteUrl } = options;
  const started = Date.now();
  await buildSite(outDir);
  const { createSiteRenderer } = (await import(pathToFileURL(ssrEntryOf(outDir)).href)) as RendererModule;
  const site = createSiteRenderer({ db: { url: options.supabaseUrl, key: options.anonKey }, live: false });
  // The key is in the bundle (VITE_SUPABASE_PUBLISHABLE_KEY); the meta tag stays empty.
  const template = parseTemplate(await readFile(join(outDir, 'index.html'), 'utf8'), undefined);

  let pages = 0;
  const page = async (path: string, file: string, expectStatus: number) => {
    const rendered = await site.render(path, siteUrl);
    if (rendered.status !== expectStatus) return rendered;
    await write(outDir, file, template.fill(rendered));
    pages++;
    return rendered;
  };
  const mustRender = async (path: string, file: string, expectStatus: number) => {
    const rendered = await page(path, file, expectStatus);
    if (rendered.status !== expectStatus) {
      throw new Error(`${path} rendered with status ${rendered.status} (expected ${expectStatus}): is ${options.supabaseUrl} reachable with this key?`);
    }
  };

  await mustRender('/pt', 'pt/index.html', 200);
  await mustRender('/en', 'en/index.html', 200);
  await mustRender('/404', '404.html', 404);
  // Her published work (issue 43): both lists (their filters and pages are
  // the same file, which the app then reads from its address), each copy she
  // shows, and both feeds.
  await mustRender('/pt/publicacoes', 'pt/publicacoes/index.html', 200);
  await mustRender('/en/published-work', 'en/published-work/index.html', 200);
  for (const path of await site.clipCopyPaths()) {
    const rendered = await page(path, `${path.slice(1)}/index.html`, 200);
    if (rendered.status !== 200) log(`skipped ${path}: hidden or its copy closed while the export ran`);
  }
  const posts = await site.publishedPosts();
  // `/` first, as the index.html page does on hosts without rules.
  const redirects: string[] = ['/ /pt 302'];
  for (const { id, path, previous } of posts) {
    const rendered = await page(path, `${path.slice(1)}/index.html`, 200);
    if (rendered.status === 404 || rendered.status === 301) {
      log(`skipped ${path}: unpublished or moved while the export ran`);
      continue;
    }
    if (rendered.status !== 200) throw new Error(`${path} rendered with status ${rendered.status}`);
    // A card only for a post whose preview uses one (no image of its own).
    if (rendered.head.includes(`/og/post/${id}.png`)) {
      const card = await site.shareCard({ kind: 'post', id });
      if (card) await write(outDir, `og/post/${id}.png`, await renderCardPng(card));
    }
    // Every address it had keeps leading to it (/post/<id>, old slugs).
    for (const old of previous) {
      await write(outDir, `${old.slice(1)}/index.html`, movedPage(path, siteUrl));
      redirects.push(`${old} ${path} 301`);
    }
  }
  // Cloudflare Pages answers these before any file; Netlify where no file shadows them (decision 170).
  await write(outDir, '_redirects', redirects.map((line) => `${line}\n`).join(''));
  for (const language of ['pt', 'en'] as const) {
    await write(outDir, `${language}/rss.xml`, await site.feed(language, siteUrl));
    await write(outDir, `${language === 'pt' ? 'pt/publicacoes' : 'en/published-work'}/rss.xml`, await site.clipsFeed(language, siteUrl));
    const card = await site.shareCard({ kind: 'home', language });
    if (card) await write(outDir, `og/${language}.png`, await renderCardPng(card));
  }
  await write(outDir, 'sitemap.xml', await site.sitemap(siteUrl));
  await write(outDir, 'robots.txt', site.robots(siteUrl));
  await write(outDir, 'auth/index.html', template.shell);
  await write(outDir, 'admin/index.html', template.shell);
  for (const page of Object.values(newsletterPaths)) await write(outDir, `${page.slice(1)}/index.html`, newsletterShell(template.shell));
  await write(outDir, 'preview/index.html', previewShell(template.shell));
  // Search (issue 44): the browser renders it from its address and asks the
  // hosted project's search_site; without JavaScript a static host can show
  // the box only.
  for (const path of Object.values(SEARCH_PATHS)) await write(outDir, `${path.slice(1)}/index.html`, newsletterShell(template.shell));
  await write(outDir, 'index.html', rootRedirect(siteUrl));
  // The server renderer is for this export only: a static host must not publish it.
  await rm(ssrDirOf(outDir), { recursive: true, force: true });
  log(
    `Exported ${pages} pages (${posts.length} posts, ${redirects.length - 1} old addresses), feeds, sitemap and share cards to ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return { pages, posts: posts.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await exportStaticSite(readOptions(process.argv, process.env));
  } catch (e) {
    console.error(e instanceof ConfigError ? e.message : e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  }
}
