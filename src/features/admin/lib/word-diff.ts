import { diffLines, diffWordsWithSpace } from 'diff';
import type { Tables } from '@/types/database.types';

/** One stretch of text: the same in both versions, only in the older one (removed), or only in the newer one (added). */
export interface WordChange {
  value: string;
  added: boolean;
  removed: boolean;
}

/**
 * How much comparing two stretches of text may cost, in characters times
 * word edits (about a quarter of a second here for a 6,000-word post). A
 * rewrite of a long post costs seconds to compare word by word; past the
 * bound, the stretch is said as "all of it replaced", which is still exact.
 * A bound on the work, not on the clock: the same answer on every machine.
 */
const EDIT_BUDGET = 200_000_000;

function wordsWithin(before: string, after: string): WordChange[] {
  const maxEditLength = Math.max(100, Math.floor(EDIT_BUDGET / (before.length + after.length)));
  const changes = diffWordsWithSpace(before, after, { maxEditLength });
  if (changes) return changes.map(({ value, added, removed }) => ({ value, added, removed }));
  return [
    { value: before, added: false, removed: true },
    { value: after, added: true, removed: false },
  ];
}

/**
 * The words removed from `before` and added in `after`. Paragraphs first
 * (jsdiff's diffLines: a deleted paragraph is one change, however long),
 * then the words of each paragraph that was replaced, with jsdiff's word
 * diff that keeps each run of spaces and line breaks as a token of its own:
 * plain diffWords moves spaces between the two sides ("imprensa ." for
 * "imprensa."), and each side must read back exactly as it was saved.
 */
export function wordChanges(before: string, after: string): WordChange[] {
  const changes: WordChange[] = [];
  // Both end with a line break while compared, so a last paragraph kept whole
  // is one line alike on both sides; the break is taken off again below.
  const blocks = diffLines(`${before}\n`, `${after}\n`);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = blocks[i + 1];
    if (block.removed && next?.added) {
      changes.push(...wordsWithin(block.value, next.value));
      i++;
    } else {
      changes.push({ value: block.value, added: block.added, removed: block.removed });
    }
  }
  dropLastBreak(changes);
  // One mark per stretch: neighbours of the same kind are joined.
  return changes.reduce<WordChange[]>((joined, change) => {
    const last = joined.at(-1);
    if (!change.value) return joined;
    if (last && last.added === change.added && last.removed === change.removed) last.value += change.value;
    else joined.push({ ...change });
    return joined;
  }, []);
}

/**
 * Takes off the line break each side got for the comparison: the last
 * character of that side's last stretch. A stretch both sides share that
 * ends only one of them keeps its break for the other.
 */
function dropLastBreak(changes: WordChange[]) {
  const lastOfBefore = changes.findLastIndex((c) => !c.added);
  const lastOfAfter = changes.findLastIndex((c) => !c.removed);
  if (lastOfBefore === lastOfAfter) {
    changes[lastOfBefore]!.value = changes[lastOfBefore]!.value.slice(0, -1);
    return;
  }
  // The later one first, so the earlier index stays right.
  for (const [i, side] of [
    [lastOfBefore, 'before'],
    [lastOfAfter, 'after'],
  ].sort((a, b) => Number(b[0]) - Number(a[0])) as [number, 'before' | 'after'][]) {
    const change = changes[i]!;
    change.value = change.value.slice(0, -1);
    if (!change.added && !change.removed) {
      changes.splice(i + 1, 0, { value: '\n', added: side === 'before', removed: side === 'after' });
    }
  }
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Words of a text, as a reader counts them (punctuation and Markdown marks are not words). */
export const countWords = (text: string) => text.match(WORD)?.length ?? 0;

export interface WordCount {
  added: number;
  removed: number;
}

export function countChanges(changes: readonly WordChange[]): WordCount {
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.added) added += countWords(change.value);
    else if (change.removed) removed += countWords(change.value);
  }
  return { added, removed };
}

/** What readers read of a version: its title, excerpt and text. */
export type VersionText = Pick<Tables<'blog_posts'>, 'title' | 'excerpt' | 'content'>;

const readText = (v: VersionText) => [v.title, v.excerpt ?? '', v.content ?? ''].join('\n\n');

/** Words added and removed on the way from one version to the next (title, excerpt and text together). */
export function wordsChanged(older: VersionText, newer: VersionText): WordCount {
  return countChanges(wordChanges(readText(older), readText(newer)));
}
