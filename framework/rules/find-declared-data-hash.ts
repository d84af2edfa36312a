const DECLARED = /sha256:([0-9a-fA-F]{64})(?![0-9a-fA-F])/;
// `sha256:<hex>`, or a bare run of exactly 64 hex digits as `sha256sum` prints it.
const ANY_HASH = /(?<![0-9A-Za-z])(?:sha256:)?([0-9a-fA-F]{64})(?![0-9A-Za-z])/g;

/** A sha256 written in a README, with the line it is on. */
export interface DeclaredHash {
  /** `sha256:<64 hex>`, lower-case. */
  hash: string;
  /** 1-based line number. */
  line: number;
  /** The whole line, trimmed. */
  text: string;
}

/**
 * The data hash a README declares: the first `sha256:<64 hex>` in it, lower-cased, or null when
 * there is none. A longer hex run is not a hash and does not count.
 */
export function findDeclaredDataHash(readmeText: string): string | null {
  const match = DECLARED.exec(readmeText);
  return match?.[1] ? `sha256:${match[1].toLowerCase()}` : null;
}

/**
 * Every sha256 a README writes, in order: `sha256:<hex>` and the bare 64-hex form of `sha256sum`
 * (`<hex>  data/morphology.sqlite`). Which of them is the data hash is for the recipes to decide.
 */
export function findDeclaredHashes(readmeText: string): DeclaredHash[] {
  const found: DeclaredHash[] = [];
  readmeText.split(/\r?\n/).forEach((text, i) => {
    for (const match of text.matchAll(ANY_HASH)) {
      found.push({
        hash: `sha256:${(match[1] ?? '').toLowerCase()}`,
        line: i + 1,
        text: text.trim(),
      });
    }
  });
  return found;
}
