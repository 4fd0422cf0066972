import type { Language } from './language';

/**
 * The words of her published work's public pages (issue 43): the list at
 * /pt/publicacoes and /en/published-work, the home's section, and the
 * archived copy. `pt` defines the shape and `en` must match it. Apart from
 * i18n.ts as the newsletter's and the admin's are.
 */
const pt = {
  title: 'Publicações',
  description: 'Reportagens, artigos e textos publicados em jornais, revistas, sites e agências ao longo de 31 anos.',
  nav: 'Publicações',
  homeIntro: 'Destaques e publicações mais recentes em outros veículos.',
  seeAll: 'Ver todas',
  seeAllLabel: 'Ver todas as publicações',
  back: 'Voltar ao site',
  filters: 'Filtrar publicações',
  outlet: 'Veículo',
  year: 'Ano',
  all: 'Todos',
  featured: 'Destaque',
  readOriginal: 'Ler no veículo',
  openPrint: 'Ver a página impressa',
  readCopy: 'Ler cópia arquivada',
  newTab: 'abre em nova aba',
  empty: 'Ainda não há publicações.',
  emptyFilter: 'Nenhuma publicação com este filtro.',
  clearFilter: 'Ver todas as publicações',
  movedPost: (title: string) => `Procurando o post “${title}”? Ele agora está em outro endereço:`,
  pagesLabel: 'Mais publicações',
  newer: 'Mais recentes',
  older: 'Mais antigas',
  page: (n: number) => `página ${n}`,
  by: (byline: string) => `Por ${byline}`,
  originallyPublished: (outlet: string, date: string) => `Publicado originalmente em ${outlet}, ${date}.`,
  originallyPublishedNoDate: (outlet: string) => `Publicado originalmente em ${outlet}.`,
  original: 'Ler o original',
  originalDead: 'O endereço original não está mais no ar.',
  archivedNote: 'Cópia arquivada neste site.',
  feedTitle: 'Publicações — Jornalista & Profissional de RP',
  feedDescription: 'As publicações mais recentes em outros veículos.',
  loadError: 'Não foi possível carregar as publicações.',
  loading: 'Carregando publicações…',
};

export type ClipsDictionary = typeof pt;

const en: ClipsDictionary = {
  title: 'Published work',
  description: 'Reporting, articles and pieces published by newspapers, magazines, websites and agencies over 31 years.',
  nav: 'Published work',
  homeIntro: 'Featured and latest pieces published by other outlets.',
  seeAll: 'See all',
  seeAllLabel: 'See all published work',
  back: 'Back to the site',
  filters: 'Filter published work',
  outlet: 'Outlet',
  year: 'Year',
  all: 'All',
  featured: 'Featured',
  readOriginal: 'Read at the outlet',
  openPrint: 'See the printed page',
  readCopy: 'Read the archived copy',
  newTab: 'opens in a new tab',
  empty: 'No published work yet.',
  emptyFilter: 'No published work matches this filter.',
  clearFilter: 'See all published work',
  movedPost: (title: string) => `Looking for the post “${title}”? It now has another address:`,
  pagesLabel: 'More published work',
  newer: 'Newer',
  older: 'Older',
  page: (n: number) => `page ${n}`,
  by: (byline: string) => `By ${byline}`,
  originallyPublished: (outlet: string, date: string) => `Originally published in ${outlet}, ${date}.`,
  originallyPublishedNoDate: (outlet: string) => `Originally published in ${outlet}.`,
  original: 'Read the original',
  originalDead: 'The original address is no longer online.',
  archivedNote: 'Archived copy on this site.',
  feedTitle: 'Published work — Journalist & PR Professional',
  feedDescription: 'The latest pieces published by other outlets.',
  loadError: 'The published work could not be loaded.',
  loading: 'Loading published work…',
};

const dictionaries: Record<Language, ClipsDictionary> = { pt, en };

export function clipsText(language: Language): ClipsDictionary {
  return dictionaries[language];
}
