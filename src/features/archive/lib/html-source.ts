import type { Element, Nodes, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';

/**
 * A platform's HTML file, parsed (rehype-parse: the HTML standard's parser)
 * to find its parts, and edited by the source positions of the nodes found:
 * what is kept stays exactly as the platform wrote it, for htmlToMarkdown.
 * Substack's and Medium's readers share these few helpers.
 */
const fragmentParser = unified().use(rehypeParse, { fragment: true }).freeze();
const documentParser = unified().use(rehypeParse).freeze();

export function parseHtml(html: string, options: { document?: boolean } = {}): Root {
  return (options.document ? documentParser : fragmentParser).parse(html);
}

/** Every element under `node`, in document order, that `test` accepts (all when no test). */
export function elementsIn(node: Nodes, test: (element: Element) => boolean = () => true): Element[] {
  const found: Element[] = [];
  const walk = (current: Nodes) => {
    if (current.type === 'element' && test(current)) found.push(current);
    if ('children' in current) for (const child of current.children) walk(child);
  };
  if ('children' in node) for (const child of node.children) walk(child);
  return found;
}

export function firstIn(node: Nodes, test: (element: Element) => boolean): Element | undefined {
  return elementsIn(node, test)[0];
}

export function hasClass(element: Element, name: string): boolean {
  const value = element.properties.className;
  return Array.isArray(value) && value.includes(name);
}

/** An attribute's value as a string ('' when absent); `name` as hast spells it (className, dataAttrs, href). */
export function attribute(element: Element, name: string): string {
  const value = element.properties[name];
  if (value === undefined || value === null || value === false) return '';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

/** The text of a node, references decoded, blanks collapsed. */
export function textOf(node: Nodes): string {
  const parts: string[] = [];
  const walk = (current: Nodes) => {
    if (current.type === 'text') parts.push(current.value);
    else if ('children' in current) current.children.forEach(walk);
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** A JSON attribute (Substack's data-attrs), or null when absent or not JSON. */
export function jsonAttribute(element: Element, name: string): Record<string, unknown> | null {
  const raw = attribute(element, name);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface Span {
  start: number;
  end: number;
}

function spanOf(node: Nodes): Span {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) throw new Error('an HTML node without its source position');
  return { start, end };
}

/** The source of what an element holds (between its tags), or '' when it holds nothing. */
export function innerSpan(element: Element): Span | null {
  const first = element.children[0];
  const last = element.children[element.children.length - 1];
  if (!first || !last) return null;
  return { start: spanOf(first).start, end: spanOf(last).end };
}

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Changes to an HTML source, each a node replaced by new HTML (or removed),
 * applied at once to a span of it. A change inside a node already changed
 * is dropped (the outer one wins); two changes to one node keep the first.
 * A replacement given as a function is made when the changes are applied,
 * so it may use `inner()` of a child changed after it was registered.
 */
export class HtmlEdits {
  private readonly edits: (Span & { html: string | (() => string) })[] = [];

  constructor(private readonly source: string) {}

  replace(node: Nodes, html: string | (() => string)): void {
    this.edits.push({ ...spanOf(node), html });
  }

  remove(node: Nodes): void {
    this.replace(node, '');
  }

  /** The source of `node`'s span (or of a span), as it was. */
  original(span: Nodes | Span): string {
    const { start, end } = 'type' in span ? spanOf(span) : span;
    return this.source.slice(start, end);
  }

  /** What an element holds, with the changes made inside it. */
  inner(element: Element): string {
    const span = innerSpan(element);
    return span ? this.apply(span) : '';
  }

  /** The span of the source (all of it when absent) with the changes inside it applied. */
  apply(span: Span = { start: 0, end: this.source.length }): string {
    const inside = this.edits
      .filter((e) => e.start >= span.start && e.end <= span.end)
      .sort((a, b) => a.start - b.start || b.end - a.end);
    let out = '';
    let at = span.start;
    for (const edit of inside) {
      if (edit.start < at) continue;
      out += this.source.slice(at, edit.start) + (typeof edit.html === 'string' ? edit.html : edit.html());
      at = edit.end;
    }
    return out + this.source.slice(at, span.end);
  }
}
