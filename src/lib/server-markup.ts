/**
 * Markup the server rendered that the browser keeps as it is instead of
 * rendering it again: a post's text, formatted from its Markdown on the
 * server, is the same HTML in the browser, and rendering it there (with the
 * Markdown renderer's code fetched first) would only cost the reader time
 * while the page hydrates (issue 28). The module that shows it keeps each
 * marked element's HTML as it loads, before the page hydrates; the component that shows it claims it for the text
 * its first render had, which is the text the server rendered.
 */
export const SERVER_MARKUP_ATTRIBUTE = 'data-server-markup';

const kept = new Map<string, { html: string; source?: string }>();

export function keepServerMarkup(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${SERVER_MARKUP_ATTRIBUTE}]`)) {
    const name = element.getAttribute(SERVER_MARKUP_ATTRIBUTE);
    if (name) kept.set(name, { html: element.innerHTML });
  }
}

/** The server's HTML for `name` when it was rendered from `source`; undefined otherwise (render it). */
export function serverMarkupFor(name: string, source: string): string | undefined {
  const markup = kept.get(name);
  if (!markup) return undefined;
  // The first render in the browser is the hydration of the server's page: its source is the one rendered.
  markup.source ??= source;
  return markup.source === source ? markup.html : undefined;
}
