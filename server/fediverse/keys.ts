/**
 * Each account's RSA key pair (RSASSA-PKCS1-v1_5, what Mastodon verifies),
 * generated once and kept in private.fediverse_keys, which no API role can
 * read: the private key never leaves the server (only a backup holds it).
 * Two servers starting at once on one PostgreSQL database keep the first
 * pair written (on conflict do nothing, then read back).
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

export function accountKeys(db: Queryable): (language: FediverseLanguage) => Promise<AccountKeyPair> {
  const known = new Map<FediverseLanguage, Promise<AccountKeyPair>>();
  const load = async (language: FediverseLanguage): Promise<AccountKeyPair> => {
    const read = () => db.query<{ public_key: Jwk; private_key: Jwk }>(
      `select public_key, private_key from private.fediverse_keys where language = $1`, [language]);
    let row = (await read()).rows[0];
    if (!row) {
      const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      await db.query(
        `insert into private.fediverse_keys (language, public_key, private_key) values ($1, $2::jsonb, $3::jsonb) on conflict (language) do nothing`,
        [language, JSON.stringify(await exportJwk(pair.publicKey)), JSON.stringify(await exportJwk(pair.privateKey))],
      );
      row = (await read()).rows[0]!;
    }
    return { publicKey: await importJwk(row.public_key, 'public'), privateKey: await importJwk(row.private_key, 'private') };
  };
  return (language) => {
    let pair = known.get(language);
    if (!pair) {
      pair = load(language);
      // A failed read is tried again next time, not remembered.
      pair.catch(() => known.delete(language));
      known.set(language, pair);
    }
    return pair;
  };
}
