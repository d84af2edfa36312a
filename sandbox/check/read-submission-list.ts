import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { RpeError, readSource, systemReason } from '../../framework/index.js';

/** One submission of a batch: a folder, or a git repository at a commit or tag. */
export type SubmissionSource = (
  | { kind: 'folder'; name: string; path: string }
  | { kind: 'git'; name: string; url: string; ref: string }
) & {
  /** The name it would have had, when another submission has it: the batch reports the rename. */
  renamedFrom?: string;
};

/** Names in the batch's --out folder that are its own, never a submission's report folder. */
const RESERVED = new Set(['summary.md', 'summary.csv']);

/** Whether `name` is one of the batch's own files in its --out folder. */
export function isBatchFileName(name: string): boolean {
  return RESERVED.has(name);
}

// A folder name of letters, digits and `._-`, never hidden (`.work` is the batch's own) and never
// longer than a file name may be, with room for the `-2` of a repeat and an attempt's `.N`.
function slug(text: string): string {
  const safe = text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return safe || 'submission';
}

function parseLine(line: string, base: string): SubmissionSource {
  // `url@ref`: the ref follows the last `@` and holds no `/` or `:`, so `git@host:x` stays a URL.
  const match = /^(.+)@([^@/:]+)$/.exec(line);
  if (match?.[1] && match[2]) {
    const url = match[1];
    const repo = basename(url.replace(/\/+$/, '')).replace(/\.git$/, '');
    return { kind: 'git', name: slug(`${repo}@${match[2]}`), url, ref: match[2] };
  }
  const path = resolve(base, line);
  return { kind: 'folder', name: slug(basename(path)), path };
}

/**
 * Gives every submission its own name: a repeated name gets the first free `-2`, `-3`, ... that
 * is neither another submission's name nor given already (`x1/a`, `x2/a` and `a-2` become `a`,
 * `a-3`, `a-2`, not two `a-2` sharing one report), and keeps the name it would have had.
 */
function deduplicate(sources: SubmissionSource[]): SubmissionSource[] {
  const taken = new Set([...RESERVED, ...sources.map((s) => s.name)]);
  const given = new Set<string>(RESERVED);
  return sources.map((s) => {
    if (!given.has(s.name)) {
      given.add(s.name);
      return s;
    }
    let n = 2;
    while (taken.has(`${s.name}-${n}`) || given.has(`${s.name}-${n}`)) n++;
    const name = `${s.name}-${n}`;
    given.add(name);
    return { ...s, name, renamedFrom: s.name };
  });
}

/**
 * The submissions of a batch: every sub-folder of a folder (hidden ones skipped), or the lines of
 * a list file (blank lines and `#` comments skipped), each a folder path relative to the list, or
 * `git-url@commit-or-tag`. Names are made safe for folder names and unique, and never one of the
 * batch's own (`summary.md`, `summary.csv`, `.work`). A folder's link to a folder is followed, as a
 * list's path is; `exclude` (the batch's --out, when it lies in the folder) is left out.
 */
export async function readSubmissionList(
  path: string,
  { exclude }: { exclude?: string } = {},
): Promise<SubmissionSource[]> {
  const stats = await stat(path).catch((error: unknown) => {
    throw new RpeError('submissions_unreadable', `cannot read ${path}: ${systemReason(error)}`, {
      cause: error,
    });
  });
  if (stats.isDirectory()) {
    const folders: string[] = [];
    for (const e of await readdir(path, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      if (exclude !== undefined && resolve(path, e.name) === resolve(exclude)) continue;
      const target = e.isSymbolicLink() ? await stat(join(path, e.name)).catch(() => null) : null;
      if (e.isDirectory() || target?.isDirectory()) folders.push(e.name);
    }
    folders.sort();
    // As for a list with no line: a batch of nothing is a mistake, not an empty summary.
    if (folders.length === 0) {
      throw new RpeError('submissions_empty', `${path} holds no submission folders`);
    }
    return deduplicate(
      folders.map((name) => ({ kind: 'folder', name: slug(name), path: resolve(path, name) })),
    );
  }
  // A pipe or a device is refused before it is opened: a pipe without a writer would hang.
  const text = new TextDecoder().decode(
    readSource(path, { stdin: false, code: 'submissions_unreadable' }),
  );
  const sources = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => parseLine(l, dirname(resolve(path))));
  if (sources.length === 0) throw new RpeError('submissions_empty', `${path} lists no submissions`);
  return deduplicate(sources);
}

// The folder a git submission is cloned into, inside the batch's work folder.
export function cloneFolder(workDir: string, source: SubmissionSource): string {
  return join(workDir, source.name);
}
