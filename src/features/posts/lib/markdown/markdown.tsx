import type { Token, Tokens } from 'marked';
import { Fragment, useMemo, type ReactNode } from 'react';
import { IMAGE_SIZES, imageSrcSet } from '../responsive-image';
import { decodeEntities } from './entities';
import { parseMarkdown } from './parse';
import { isExternal, safeImageSrc, safeLinkHref } from './safe-url';

/**
 * A post's text, rendered from its Markdown (issue 12) to React elements,
 * the same on the server and in the browser (the post page and the editor's
 * preview). Safe by construction: every piece of text goes through React,
 * which escapes it; raw HTML in the text is shown as the text it is; links
 * and images keep only http(s) (and mailto/tel for links) or relative
 * addresses; external links open in a new tab with rel="noopener noreferrer".
 */
export function Markdown({ text }: { text: string }) {
  return useMemo(() => markdownElements(text), [text]);
}

export interface MarkdownOptions {
  /** Pictures whose address this refuses are shown as their alt text (an archived clip's copy shows only its own kept files). */
  imageAllowed?: (src: string) => boolean;
}

/** The same, as elements to place (the post's text loads this module lazily: renderer.ts). */
export function markdownElements(text: string, options: MarkdownOptions = {}): ReactNode {
  const tokens = parseMarkdown(text);
  if (options.imageAllowed) refuseImages(tokens, options.imageAllowed);
  return <>{blocks(tokens)}</>;
}

/** Every image token anywhere (paragraphs, links, lists, tables) whose address is refused becomes its alt text. */
function refuseImages(value: unknown, allowed: (src: string) => boolean): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const token = item as Tokens.Generic;
      if (token?.type === 'image' && !allowed(decodeEntities(String(token.href)))) value[i] = { type: 'text', raw: String(token.raw), text: String(token.text) };
      else refuseImages(item, allowed);
    });
  } else if (value && typeof value === 'object') {
    for (const child of Object.values(value)) if (child && typeof child === 'object') refuseImages(child, allowed);
  }
}

const HEADING = {
  2: 'mt-12 first:mt-0 font-serif text-3xl leading-snug text-ink',
  3: 'mt-10 first:mt-0 font-serif text-2xl leading-snug text-ink',
  4: 'mt-8 first:mt-0 text-xl font-semibold text-ink',
  5: 'mt-8 first:mt-0 text-lg font-semibold text-ink',
  6: 'mt-8 first:mt-0 text-base font-semibold uppercase tracking-wide text-ink',
} as const;
const LINK = 'font-medium text-accent-700 underline decoration-accent-700/40 underline-offset-4 hover:decoration-accent-700';

function blocks(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, i) => <Fragment key={i}>{block(token)}</Fragment>);
}

function inlines(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, i) => <Fragment key={i}>{inline(token)}</Fragment>);
}

function block(token: Token): ReactNode {
  const t = token as Tokens.Generic;
  switch (t.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p className="mt-6 first:mt-0">{inlines(t.tokens)}</p>;
    case 'heading': {
      // The post's title is the page's one h1: a "# " in the text is a section (h2), like "## ".
      const level = Math.min(6, Math.max(2, t.depth as number)) as keyof typeof HEADING;
      const Tag = `h${level}` as const;
      return <Tag className={HEADING[level]}>{inlines(t.tokens)}</Tag>;
    }
    case 'blockquote':
      return (
        <blockquote className="mt-6 border-l-4 border-stone-300 pl-6 italic text-stone-700 [&>*:first-child]:mt-0">
          {blocks(t.tokens ?? [])}
        </blockquote>
      );
    case 'list':
      return list(token as Tokens.List);
    case 'code':
      return (
        <pre className="mt-6 overflow-x-auto rounded-md bg-stone-100 p-4 font-mono text-sm leading-6 text-stone-800">
          <code>{String(t.text).replace(/\n$/, '')}</code>
        </pre>
      );
    case 'hr':
      return <hr className="my-10 border-stone-300" />;
    case 'table':
      return table(token as Tokens.Table);
    case 'html':
      // Raw HTML is never rendered: it is shown as the text she typed.
      return <p className="mt-6 first:mt-0 whitespace-pre-wrap">{String(t.text).trim()}</p>;
    case 'text':
      // A tight list item's text, or text at the top level.
      return t.tokens ? inlines(t.tokens) : decodeEntities(String(t.text));
    default:
      return inline(token);
  }
}

function list(token: Tokens.List): ReactNode {
  const items = token.items.map((item, i) => (
    <li key={i} className="pl-1 [&>p:first-child]:mt-0">
      {item.task && <input type="checkbox" checked={Boolean(item.checked)} disabled readOnly className="mr-2 align-middle" />}
      {blocks(item.tokens.filter((tok) => tok.type !== 'checkbox'))}
    </li>
  ));
  if (token.ordered) {
    const start = typeof token.start === 'number' && token.start !== 1 ? token.start : undefined;
    return (
      <ol start={start} className="mt-6 list-decimal space-y-2 pl-8">
        {items}
      </ol>
    );
  }
  return <ul className="mt-6 list-disc space-y-2 pl-8">{items}</ul>;
}

function table(token: Tokens.Table): ReactNode {
  const align = (a: Tokens.TableCell['align']) => (a ? { textAlign: a } : undefined);
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full border-collapse text-left text-base">
        <thead>
          <tr>
            {token.header.map((cell, i) => (
              <th key={i} style={align(cell.align)} className="border-b-2 border-stone-300 px-3 py-2 font-semibold">
                {inlines(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {token.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c} style={align(cell.align)} className="border-b border-stone-200 px-3 py-2">
                  {inlines(cell.tokens)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function inline(token: Token): ReactNode {
  const t = token as Tokens.Generic;
  switch (t.type) {
    case 'text':
      return t.tokens ? inlines(t.tokens) : decodeEntities(String(t.text));
    case 'escape':
      return String(t.text);
    case 'strong':
      return <strong className="font-semibold">{inlines(t.tokens)}</strong>;
    case 'em':
      return <em>{inlines(t.tokens)}</em>;
    case 'del':
      return <del>{inlines(t.tokens)}</del>;
    case 'codespan':
      return <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-[0.9em]">{decodeEntities(String(t.text))}</code>;
    case 'br':
      return <br />;
    case 'link':
      return link(token as Tokens.Link);
    case 'image':
      return image(token as Tokens.Image);
    case 'html':
      return String(t.text);
    default:
      return 'text' in t ? String(t.text) : null;
  }
}

function link(token: Tokens.Link): ReactNode {
  const content = inlines(token.tokens);
  // Autolinks are literal; other destinations may hold character references.
  const href = safeLinkHref(token.autolink ? token.href : decodeEntities(token.href));
  if (!href) return <>{content}</>;
  const external = isExternal(href);
  return (
    <a
      href={href}
      title={token.title ? decodeEntities(token.title) : undefined}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      className={LINK}
    >
      {content}
    </a>
  );
}

function image(token: Tokens.Image): ReactNode {
  const src = safeImageSrc(decodeEntities(token.href));
  const alt = decodeEntities(token.text);
  if (!src) return alt;
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? IMAGE_SIZES.article : undefined}
      alt={alt}
      title={token.title ? decodeEntities(token.title) : undefined}
      loading="lazy"
      decoding="async"
      className="my-6 h-auto max-w-full rounded-md"
    />
  );
}
