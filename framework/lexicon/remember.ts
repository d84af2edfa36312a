/** How many entries each per-lexicon memo keeps. */
export const MEMO_LIMIT = 4096;

/** How many query strings a memo of answers keeps, each with up to MEMO_LIMIT lemmas. */
export const QUERY_MEMO_LIMIT = 64;

// A bounded memo: the oldest entry goes when the map is full, so memory stays flat on long runs.
export function remember<K, V>(memo: Map<K, V>, key: K, value: V, limit = MEMO_LIMIT): V {
  if (memo.size >= limit) {
    const oldest = memo.keys().next();
    if (!oldest.done) memo.delete(oldest.value);
  }
  memo.set(key, value);
  return value;
}
