/**
 * What a small cache of the server keeps: `make(key)` once per key, up to
 * `limit` keys, then all forgotten at once (the hot keys come back at once;
 * no bookkeeping per hit). What `make` throws is not kept.
 */
export function remembered<K, V>(cache: Map<K, V>, limit: number, key: K, make: (key: K) => V): V {
  if (cache.has(key)) return cache.get(key) as V;
  const value = make(key);
  if (cache.size >= limit) cache.clear();
  cache.set(key, value);
  return value;
}
