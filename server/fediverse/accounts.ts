/** Her two accounts (public.fediverse_accounts): the language is the actor's identifier, the handle its WebFinger name. */
import type { Queryable } from '../db/database.ts';

export type FediverseLanguage = 'pt' | 'en';
export const FEDIVERSE_LANGUAGES: readonly FediverseLanguage[] = ['pt', 'en'];

export const isFediverseLanguage = (value: string): value is FediverseLanguage => value === 'pt' || value === 'en';

export interface FediverseAccount {
  language: FediverseLanguage;
  handle: string;
  alsoKnownAs: string | null;
  /** From the site's settings of that language. */
  name: string;
  summary: string;
  icon: string | null;
}

/** The account with what its actor shows: her name, the site's description in that language, her picture. */
export async function readAccount(db: Queryable, language: FediverseLanguage): Promise<FediverseAccount | null> {
  const r = await db.query<{ handle: string; also_known_as: string | null; settings: Record<string, string> | null }>(
    `select a.handle, a.also_known_as,
            (select jsonb_object_agg(s.key, s.value) from public.site_settings s
              where s.language = a.language and s.key in ('author_name', 'footer_description', 'hero_description', 'profile_image_url', 'about_image_url')) as settings
       from public.fediverse_accounts a where a.language = $1`,
    [language],
  );
  const row = r.rows[0];
  if (!row) return null;
  const settings = row.settings ?? {};
  const picture = settings.profile_image_url || settings.about_image_url || '';
  return {
    language,
    handle: row.handle,
    alsoKnownAs: row.also_known_as,
    name: settings.author_name || 'Helena Duarte',
    summary: settings.footer_description || settings.hero_description || '',
    icon: picture || null,
  };
}

export async function languageOfHandle(db: Queryable, handle: string): Promise<FediverseLanguage | null> {
  const r = await db.query<{ language: FediverseLanguage }>(`select language from public.fediverse_accounts where handle = lower($1)`, [handle]);
  return r.rows[0]?.language ?? null;
}
