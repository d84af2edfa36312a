const DECLARED = /sha256:([0-9a-fA-F]{64})(?![0-9a-fA-F])/;

/**
 * The data hash a README declares: the first `sha256:<64 hex>` in it, lower-cased, or null when
 * there is none. A longer hex run is not a hash and does not count.
 */
export function findDeclaredDataHash(readmeText: string): string | null {
  const match = DECLARED.exec(readmeText);
  return match?.[1] ? `sha256:${match[1].toLowerCase()}` : null;
}
