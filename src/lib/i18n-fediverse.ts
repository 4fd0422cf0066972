import type { Language } from './language';

/**
 * The public site's words for the fediverse (issue 45), in both languages;
 * `pt` defines the shape and `en` must match it. Apart from i18n.ts as
 * search's are (i18n-search.ts).
 */
const pt = {
  follow: 'Siga no fediverso:',
  followHint: 'Procure este endereço no Mastodon, Threads, Pixelfed ou outro app do fediverso para receber os posts em português.',
  copy: 'Copiar',
  copyLabel: (address: string) => `Copiar ${address}`,
  copied: 'Copiado',
  copyFailed: 'Não foi possível copiar. Selecione o endereço e copie.',
  replies: 'Respostas do fediverso',
  avatar: (who: string) => `Perfil de ${who}`,
  original: 'Ver a resposta original',
};

type Dictionary = { [K in keyof typeof pt]: (typeof pt)[K] extends (...args: infer A) => string ? (...args: A) => string : (typeof pt)[K] };

const en: Dictionary = {
  follow: 'Follow on the fediverse:',
  followHint: 'Search for this address on Mastodon, Threads, Pixelfed or another fediverse app to get the posts in English.',
  copy: 'Copy',
  copyLabel: (address: string) => `Copy ${address}`,
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the address and copy it.',
  replies: 'Replies from the fediverse',
  avatar: (who: string) => `Profile of ${who}`,
  original: 'See the original reply',
};

const dictionaries: Record<Language, Dictionary> = { pt, en };

export const fediverseText = (language: Language): Dictionary => dictionaries[language];
