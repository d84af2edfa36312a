import { readFileSync } from 'node:fs';

/** A source package and the version the snapshot was built from. */
export type Versions = Record<string, string>;

// Reads the version table of data/SOURCES.md (rows "| `package` | `version` | ..."): the versions
// the committed snapshot was built from, which a rebuild must use to give the same bytes.
export function expectedVersions(sourcesMd: string): Versions {
  const versions: Versions = {};
  for (const line of readFileSync(sourcesMd, 'utf8').split('\n')) {
    const match = /^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|/.exec(line);
    if (match?.[1] && match[2]) versions[match[1]] = match[2];
  }
  return versions;
}

// The packages whose version differs from the expected one, as readable lines.
export function versionChanges(expected: Versions, actual: Versions): string[] {
  return Object.keys(actual)
    .sort()
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: expected ${expected[name] ?? '(not listed)'}, found ${actual[name]}`);
}
