import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { z } from 'zod';

/** One package the install step installed: enough for an auditor to fetch the same file again. */
export interface InstalledPackage {
  name: string;
  version: string;
  /** Where the file came from: a path in the tree (`vendor/x.whl`) or the index's URL. */
  file: string;
  /** sha256 of that file, hex; null when neither the installer nor the tree gives it. */
  sha256: string | null;
  /** npm's integrity string from the lock (usually sha512), when there is one. */
  integrity?: string;
}

const pipReport = z.object({
  install: z.array(
    z.object({
      metadata: z.object({ name: z.string(), version: z.string() }),
      download_info: z
        .object({
          url: z.string(),
          archive_info: z
            .object({
              hash: z.string().optional(),
              hashes: z.record(z.string(), z.string()).optional(),
            })
            .optional(),
        })
        .optional(),
    }),
  ),
});

// A file the tree holds, named as the tree names it; anything else as given.
function shownFile(url: string, treeMount: string): string {
  const prefix = `file://${treeMount.replace(/\/$/, '')}/`;
  return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : url;
}

/**
 * The packages of pip's installation report (`pip install --report -`), with the sha256 pip
 * recorded for each archive. `treeMount` is the tree's path where pip ran, so a vendored wheel
 * shows as `vendor/<file>`. Output that is not a report gives no rows.
 */
export function readPipReport(stdout: string, treeMount: string): InstalledPackage[] {
  const start = stdout.indexOf('{');
  if (start < 0) return [];
  let json: unknown;
  try {
    json = JSON.parse(stdout.slice(start));
  } catch {
    return [];
  }
  const parsed = pipReport.safeParse(json);
  if (!parsed.success) return [];
  return parsed.data.install
    .map((row) => {
      const archive = row.download_info?.archive_info;
      const fromHash = /^sha256=([0-9a-f]{64})$/.exec(archive?.hash ?? '')?.[1];
      return {
        name: row.metadata.name,
        version: row.metadata.version,
        file: shownFile(row.download_info?.url ?? '', treeMount),
        sha256: archive?.hashes?.sha256 ?? fromHash ?? null,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  link?: boolean;
  inBundle?: boolean;
}

// sha256 of a file the tree holds, or null when the path leaves the tree or is absent.
function treeFileSha256(tree: string, path: string): string | null {
  const relative = normalize(path);
  if (relative.startsWith('..') || relative.startsWith('/')) return null;
  const full = join(tree, relative);
  if (!existsSync(full)) return null;
  return createHash('sha256').update(readFileSync(full)).digest('hex');
}

/**
 * The packages `npm ci --omit=dev` installs from a tree's package-lock.json: name, version,
 * where from (a `file:` tarball of the tree with its sha256, or the registry's URL) and the
 * lock's integrity string, which npm checked.
 */
export function readNpmLockPackages(tree: string): InstalledPackage[] {
  let lock: { packages?: Record<string, LockEntry> };
  try {
    lock = JSON.parse(readFileSync(join(tree, 'package-lock.json'), 'utf8')) as typeof lock;
  } catch {
    return [];
  }
  const rows: InstalledPackage[] = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/')) continue;
    if (entry.dev || entry.devOptional || entry.optional || entry.link || entry.inBundle) continue;
    const resolved = entry.resolved ?? '';
    const local = resolved.startsWith('file:') ? resolved.slice('file:'.length) : null;
    rows.push({
      name: key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version ?? '',
      file: local ?? resolved,
      sha256: local ? treeFileSha256(tree, local) : null,
      ...(entry.integrity ? { integrity: entry.integrity } : {}),
    });
  }
  return rows;
}
