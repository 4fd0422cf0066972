import type { Clip } from '../api/types';
import { yearOf } from './clip-facts';

export interface ClipFilters {
  search: string;
  outlet: string;
  year: string;
  language: string;
  /** 'published', 'hidden', 'dead' (the original is gone) or '' for all. */
  status: string;
}

export const noFilters: ClipFilters = { search: '', outlet: '', year: '', language: '', status: '' };

/** Accents and case aside: "folha" finds "Folha", "publicacao" finds "Publicação". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function filterClips(clips: Clip[], f: ClipFilters): Clip[] {
  const words = fold(f.search.trim());
  return clips.filter(
    (c) =>
      (!words || fold(`${c.title} ${c.outlet ?? ''}`).includes(words)) &&
      (!f.outlet || c.outlet === f.outlet) &&
      (!f.year || yearOf(c) === f.year) &&
      (!f.language || c.language === f.language) &&
      (!f.status || (f.status === 'dead' ? c.link_status === 'dead' : c.status === f.status)),
  );
}

export interface ClipCounts {
  total: number;
  published: number;
  hidden: number;
  dead: number;
}

export function countClips(clips: Clip[]): ClipCounts {
  const published = clips.filter((c) => c.status === 'published').length;
  return { total: clips.length, published, hidden: clips.length - published, dead: clips.filter((c) => c.link_status === 'dead').length };
}

/** The outlets and years her clips have, for the filters' choices: outlets A–Z, years newest first. */
export function filterChoices(clips: Clip[]) {
  const outlets = [...new Set(clips.map((c) => c.outlet).filter((o): o is string => !!o))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
  const years = [...new Set(clips.map(yearOf).filter(Boolean))].sort().reverse();
  return { outlets, years };
}
