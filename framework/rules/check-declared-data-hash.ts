import { lstatSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isRpeError, RpeError } from '../errors.js';
import { findDeclaredHashes, type DeclaredHash } from './find-declared-data-hash.js';
import { hashDataFiles, type DataFileHash } from './hash-data-dir.js';

/**
 * How a declaration matched data/: the hash of the whole folder (DESIGN.md's recipe), the
 * `sha256sum` lines of its files in the README, or a `SHA256SUMS` manifest the README points to.
 */
export type DataHashRecipe = 'directory' | 'file' | 'manifest';

export interface DataHashCheck {
  ok: boolean;
  recipe: DataHashRecipe | null;
  /** The declared `sha256:<hex>`: the one that matched, else the one on the line naming the data. */
  declared: string | null;
  /** The directory hash of data/, or null when there is no data/ or it cannot be hashed. */
  actual: string | null;
  /** The README read, or null when there is none. */
  readme: string | null;
  /** Where the declaration is: `README.md line 14`, or the manifest's path. */
  source: string | null;
  /** The data files a `file` or `manifest` declaration covers, relative to data/. */
  files: string[];
  /** Why not ok: nothing declared, no recipe matches, or data/ holds what cannot be hashed. */
  code: 'data_hash_missing' | 'data_hash_mismatch' | 'data_unsafe_entry' | null;
  message: string | null;
}

/** The README names a Track 2 repository may use, in the order they are looked for. */
export const README_NAMES = ['README.md', 'README', 'README.txt', 'README.rst', 'readme.md'];
const MANIFESTS = ['SHA256SUMS', 'SHA256SUMS.txt', 'sha256sums.txt'];
// Files of data/ that document it rather than feed the generator: a file recipe need not cover them.
const DOCUMENTATION =
  /^(licen[cs]e|copying|notice|readme|sources|authors|changelog)(\..*)?$|\.md$/i;
// A line that says what it hashes is about the data when it names it.
const NAMES_DATA = /\bdata\b|\bdane\b|snapshot|lexicon|leksykon|\.sqlite\b|\.tsv\b|\.db\b/i;

function kindOf(path: string): 'file' | 'other' | 'missing' {
  try {
    return lstatSync(path).isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RpeError('unreadable', `cannot read ${path}: ${reason}`, { cause: error });
  }
}

function firstFile(repo: string, names: string[]): string | null {
  return names.find((name) => kindOf(join(repo, name)) === 'file') ?? null;
}

interface ManifestEntry {
  sha256: string;
  path: string;
}

// `<hex>  path` or `<hex> *path` lines, with paths made relative to data/ (others dropped).
function readManifest(repo: string, name: string): ManifestEntry[] {
  const inData = name.startsWith('data/');
  return readText(join(repo, name))
    .split(/\r?\n/)
    .flatMap((line) => {
      const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.trim());
      if (!match?.[1] || !match[2]) return [];
      const path = match[2].replace(/^\.\//, '');
      const rel = inData ? path : path.startsWith('data/') ? path.slice(5) : null;
      return rel ? [{ sha256: match[1].toLowerCase(), path: rel }] : [];
    });
}

function substantive(files: DataFileHash[], except: string | null = null): DataFileHash[] {
  return files.filter((f) => !DOCUMENTATION.test(basename(f.path)) && f.path !== except);
}

function result(fields: Partial<DataHashCheck>): DataHashCheck {
  return {
    ok: false,
    recipe: null,
    declared: null,
    actual: null,
    readme: null,
    source: null,
    files: [],
    code: null,
    message: null,
    ...fields,
  };
}

/**
 * Checks the Track 2 data rule on a repository: what the generator needs lives in data/, with a
 * content hash in the README. Every sha256 the README writes is tried against the recognised
 * recipes (DESIGN.md's directory hash; `sha256sum` lines covering every data file but its
 * licence and notes; a `SHA256SUMS` manifest the README names), so an unrelated hash earlier in
 * the README does not get in the way. Without data/ nothing needs declaring. The one function
 * behind `rpe hash --check` and the submission check, so the two always agree.
 */
export function checkDeclaredDataHash(repo: string): DataHashCheck {
  const readme = firstFile(repo, README_NAMES);
  const text = readme ? readText(join(repo, readme)) : '';
  const declared = findDeclaredHashes(text);
  const where = (d: DeclaredHash) => `${readme} line ${d.line}`;
  const aboutData = declared.find((d) => NAMES_DATA.test(d.text)) ?? null;
  const base = { readme };
  const dataDir = join(repo, 'data');
  if (kindOf(dataDir) === 'missing') {
    if (!aboutData) return result({ ...base, ok: true });
    return result({
      ...base,
      declared: aboutData.hash,
      source: where(aboutData),
      code: 'data_hash_mismatch',
      message: `${where(aboutData)} declares ${aboutData.hash} for the data, but the repository has no data/ folder`,
    });
  }
  let hashed: { hash: string; files: DataFileHash[] };
  try {
    hashed = hashDataFiles(dataDir);
  } catch (error) {
    // data_missing here means data is a file; data_unreadable is a broken environment.
    if (!isRpeError(error) || (error.exitCode === 2 && error.code !== 'data_missing')) throw error;
    // Paths as the repository names them, not where a check copied it.
    const message = error.message.split(`${join(repo, '.')}/`).join('');
    return result({ ...base, code: 'data_unsafe_entry', message });
  }
  const actual = hashed.hash;
  const withActual = { ...base, actual };
  const directory = declared.find((d) => d.hash === actual);
  if (directory) {
    return result({
      ...withActual,
      ok: true,
      recipe: 'directory',
      declared: directory.hash,
      source: where(directory),
    });
  }
  const needed = substantive(hashed.files);
  const byFile = needed.map((f) => ({
    file: f,
    line: declared.find((d) => d.hash === `sha256:${f.sha256}`),
  }));
  const covered = byFile.filter((b) => b.line);
  if (needed.length > 0 && covered.length === needed.length) {
    const first = covered[0]?.line as DeclaredHash;
    return result({
      ...withActual,
      ok: true,
      recipe: 'file',
      declared: first.hash,
      source: where(first),
      files: needed.map((f) => f.path),
    });
  }
  if (covered.length > 0) {
    const missing = byFile.filter((b) => !b.line).map((b) => `data/${b.file.path}`);
    return result({
      ...withActual,
      declared: covered[0]?.line?.hash ?? null,
      source: covered[0]?.line ? where(covered[0].line) : null,
      code: 'data_hash_mismatch',
      message: `${readme} gives the sha256sum of ${covered.map((b) => `data/${b.file.path}`).join(', ')} but not of ${missing.join(', ')}; declare ${actual} (the whole data/ folder) instead`,
    });
  }
  const manifest = firstFile(repo, [...MANIFESTS, ...MANIFESTS.map((m) => `data/${m}`)]);
  if (manifest) {
    const entries = readManifest(repo, manifest);
    const manifestNeeded = substantive(hashed.files, manifest.replace(/^data\//, ''));
    const wrong = manifestNeeded.filter(
      (f) => !entries.some((e) => e.path === f.path && e.sha256 === f.sha256),
    );
    const pointed = text.includes(basename(manifest));
    if (wrong.length === 0 && manifestNeeded.length > 0 && pointed) {
      return result({
        ...withActual,
        ok: true,
        recipe: 'manifest',
        source: manifest,
        files: manifestNeeded.map((f) => f.path),
      });
    }
    if (wrong.length === 0 && manifestNeeded.length > 0) {
      return result({
        ...withActual,
        source: manifest,
        code: 'data_hash_missing',
        message: `${manifest} matches data/, but ${readme ?? 'no README'} ${readme ? 'does not name it' : 'points to it'}; name ${basename(manifest)} in the README, or declare ${actual}`,
      });
    }
    if (pointed || declared.length === 0) {
      return result({
        ...withActual,
        source: manifest,
        code: 'data_hash_mismatch',
        message: `${manifest} does not match data/: ${wrong.map((f) => `data/${f.path}`).join(', ')} ${wrong.length === 1 ? 'is missing or hashes' : 'are missing or hash'} differently; data/ hashes to ${actual}`,
      });
    }
  }
  if (declared.length === 0) {
    const why = readme ? `${readme} declares no data hash` : 'the repository has no README';
    return result({
      ...withActual,
      code: 'data_hash_missing',
      message: `${why}; add the line "Data hash: \`${actual}\`" to the README`,
    });
  }
  const shown = aboutData ?? (declared[0] as DeclaredHash);
  const single =
    needed.length === 1 ? `, data/${needed[0]?.path} to sha256:${needed[0]?.sha256}` : '';
  return result({
    ...withActual,
    declared: shown.hash,
    source: where(shown),
    code: 'data_hash_mismatch',
    message: `${where(shown)} declares ${shown.hash}, which matches no recognised recipe: data/ hashes to ${actual}${single}`,
  });
}
