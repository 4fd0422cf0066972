/**
 * Each account's RSA key pair (RSASSA-PKCS1-v1_5, what Mastodon verifies),
 * generated once and kept in private.fediverse_keys, which no API role can
 * read: the private key never leaves the server (only a backup holds it).
 * Two servers starting at once on one PostgreSQL database keep the first
 * pair written (on conflict do nothing, then read back).
 *
 * A restore (public.fediverse_restore) puts the backup's pair back under a
 * running server: the pair held in memory is checked against the table at
 * most once a second, so the actor shows, and signs with, the restored key
 * right after, without a restart.
 */
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Queryable } from '../db/database.ts';
import type { FediverseLanguage } from './accounts.ts';

/** Fedify's own key types (the DOM's CryptoKey under the site's config, node's webcrypto under the server's: taken from Fedify, they agree). */
export type SigningKey = Parameters<typeof exportJwk>[0];
type Jwk = Awaited<ReturnType<typeof exportJwk>>;

export interface AccountKeyPair {
  privateKey: SigningKey;
  publicKey: SigningKey;
}

const RECHECK_MS = 1000;

interface Held {
  pair: Promise<AccountKeyPair>;
  /** The stored public key as text: a different one in the table means a restore replaced the pair. */
  stored: string;
  checkedAt: number;
}

export function accountKeys(db: Queryable): (language: FediverseLanguage) => Promise<AccountKeyPair> {
  const held = new Map<FediverseLanguage, Held>();
  const read = async (language: FediverseLanguage) => (await db.query<{ public_key: Jwk; private_key: Jwk }>(
    `select public_key, private_key from private.fediverse_keys where language = $1`, [language])).rows[0];
  const load = async (language: FediverseLanguage): Promise<Held> => {
    let row = await read(language);
    if (!row) {
      const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      await db.query(
        `insert into private.fediverse_keys (language, public_key, private_key) values ($1, $2::jsonb, $3::jsonb) on conflict (language) do nothing`,
        [language, JSON.stringify(await exportJwk(pair.publicKey)), JSON.stringify(await exportJwk(pair.privateKey))],
      );
      row = (await read(language))!;
    }
    const imported = (async () => ({ publicKey: await importJwk(row.public_key, 'public'), privateKey: await importJwk(row.private_key, 'private') }))();
    return { pair: imported, stored: JSON.stringify(row.public_key), checkedAt: Date.now() };
  };
  const current = async (language: FediverseLanguage): Promise<AccountKeyPair> => {
    const known = held.get(language);
    if (known && Date.now() - known.checkedAt < RECHECK_MS) return known.pair;
    if (known) {
      const row = await read(language);
      if (row && JSON.stringify(row.public_key) === known.stored) {
        known.checkedAt = Date.now();
        return known.pair;
      }
    }
    const fresh = await load(language);
    held.set(language, fresh);
    return fresh.pair;
  };
  return (language) => {
    const pair = current(language);
    // A failed read is tried again next time, not remembered.
    pair.catch(() => held.delete(language));
    return pair;
  };
}
