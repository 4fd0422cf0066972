/**
 * What each toolbar button and shortcut of the post editor does to the text
 * (issue 12), as a pure function of the text and the selection: the range to
 * replace, its replacement, and what to select afterwards (the placeholder
 * to type over, or the formatted text). The editor applies it as a native
 * edit, so Ctrl+Z undoes it.
 */
export type MarkdownFormat = 'bold' | 'italic' | 'heading' | 'link' | 'quote' | 'list' | 'image';

export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  select: [start: number, end: number];
}

export interface Placeholders {
  bold: string;
  italic: string;
  link: string;
  image: string;
  url: string;
}

const WRAP = { bold: '**', italic: '_' } as const;
const LINE_PREFIX = { heading: '## ', quote: '> ', list: '- ' } as const;

export function formatEdit(text: string, start: number, end: number, format: MarkdownFormat, placeholders: Placeholders): TextEdit {
  const selected = text.slice(start, end);
  switch (format) {
    case 'bold':
    case 'italic': {
      const mark = WRAP[format];
      // Already wrapped, inside or around the selection: unwrap (the button toggles).
      if (text.slice(start - mark.length, start) === mark && text.slice(end, end + mark.length) === mark) {
        return { from: start - mark.length, to: end + mark.length, insert: selected, select: [start - mark.length, end - mark.length] };
      }
      if (selected.length > 2 * mark.length && selected.startsWith(mark) && selected.endsWith(mark)) {
        const inner = selected.slice(mark.length, -mark.length);
        return { from: start, to: end, insert: inner, select: [start, start + inner.length] };
      }
      const inner = selected || placeholders[format];
      return { from: start, to: end, insert: `${mark}${inner}${mark}`, select: [start + mark.length, start + mark.length + inner.length] };
    }
    case 'link':
    case 'image': {
      const bang = format === 'image' ? '!' : '';
      const label = selected || placeholders[format];
      const insert = `${bang}[${label}](${placeholders.url})`;
      // With a selection the address is what is left to type; without, the text (for an image, its description).
      const urlAt = start + bang.length + label.length + 3;
      const select: [number, number] = selected
        ? [urlAt, urlAt + placeholders.url.length]
        : [start + bang.length + 1, start + bang.length + 1 + label.length];
      return { from: start, to: end, insert, select };
    }
    case 'heading':
    case 'quote':
    case 'list': {
      const prefix = LINE_PREFIX[format];
      const from = text.lastIndexOf('\n', start - 1) + 1;
      const lineEnd = text.indexOf('\n', Math.max(end - (end > start && text[end - 1] === '\n' ? 1 : 0), from));
      const to = lineEnd < 0 ? text.length : lineEnd;
      const lines = text.slice(from, to).split('\n');
      const all = lines.every((line) => line.startsWith(prefix));
      const insert = lines.map((line) => (all ? line.slice(prefix.length) : line.startsWith(prefix) ? line : prefix + line)).join('\n');
      // One line: its text stays selected after the mark (on an empty line, the cursor waits there to type).
      const select: [number, number] =
        lines.length === 1 && !all ? [from + prefix.length, from + insert.length] : [from, from + insert.length];
      return { from, to, insert, select };
    }
  }
}

/** The text after an edit. */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}
