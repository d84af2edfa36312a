/**
 * Each lexeme's rank: the best rank among its forms that belong to its (lemma, class) alone.
 * A form shared with another lemma or class says little about this lexeme ("taka" the noun would
 * otherwise rank with the adjective). A capitalised form ranked by its lower-case spelling counts
 * only when no other lemma has that spelling ("Musiał" the surname does not take the rank of
 * "musiał", the verb form).
 */
export function lexemeRanks(
  readings: readonly (readonly [number, number, number])[],
  forms: readonly { form: string; rank: number | null }[],
  ownerOfLexeme: readonly string[],
): (number | null)[] {
  const owners = new Map<string, Set<string>>();
  for (const [lexeme, form] of readings) {
    const text = forms[form - 1]?.form ?? '';
    const set = owners.get(text) ?? new Set<string>();
    owners.set(text, set.add(ownerOfLexeme[lexeme - 1] ?? ''));
  }
  const alone = (text: string, owner: string) => {
    const set = owners.get(text);
    return set === undefined || (set.size === 1 && set.has(owner));
  };
  const best: (number | null)[] = ownerOfLexeme.map(() => null);
  for (const [lexeme, form] of readings) {
    const { form: text = '', rank = null } = forms[form - 1] ?? {};
    const current = best[lexeme - 1] ?? null;
    if (rank === null || (current !== null && current <= rank)) continue;
    const owner = ownerOfLexeme[lexeme - 1] ?? '';
    if (alone(text, owner) && alone(text.toLowerCase(), owner)) best[lexeme - 1] = rank;
  }
  return best;
}
