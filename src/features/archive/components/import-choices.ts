import { CATEGORIES } from '@/lib/categories';
import type { Language } from '@/lib/language';
import type { PlanSummary } from '../lib/summary';

/** What she decides in the preview, as importArchive takes it. */
export interface ImportChoices {
  language: Language;
  /** Source category → index in the parallel lists of CATEGORIES. */
  categoryMap: Record<string, number>;
  /** A backup only: delete this site's posts the backup does not hold. */
  replace: boolean;
  /** A backup only: delete the install's example posts the backup does not hold (offered while the site has any). */
  removeDemo: boolean;
}

/** "Outros" / "Others". */
export const OTHERS_INDEX = 3;

const fold = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** A source category already named as one of the site's (in either language) starts mapped to it; any other to "Outros". */
export function initialChoices(summary: PlanSummary): ImportChoices {
  const categoryMap: Record<string, number> = {};
  for (const { name } of summary.categories) {
    const index = [CATEGORIES.pt, CATEGORIES.en]
      .map((list) => list.findIndex((category) => fold(category) === fold(name)))
      .find((i) => i >= 0);
    categoryMap[name] = index ?? OTHERS_INDEX;
  }
  return { language: 'pt', categoryMap, replace: false, removeDemo: true };
}
