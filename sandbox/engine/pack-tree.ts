import { createReadStream } from 'node:fs';
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Readable } from 'node:stream';
import tar from 'tar-stream';

/** Folders never packed: version control metadata is not part of what a generator may read. */
const SKIPPED = new Set(['.git']);

export interface PackOptions {
  /** Entries of the top folder to leave out, e.g. node_modules that the install step replaces. */
  skipTopLevel?: readonly string[];
  /** Empty folders added at the top, owned by `uid` (the install step writes into them). */
  ownFolders?: readonly { name: string; uid: number }[];
}

interface PackEntry {
  header: tar.Headers;
  /** The file whose bytes follow the header, for regular files. */
  source?: string;
}

/** A submission tree ready to be sent to an engine as a tar archive. */
export interface PackedTree {
  entries: number;
  /** Sum of the regular files' sizes. */
  bytes: number;
  /** A fresh archive of the tree each time it is called. */
  archive(): Readable;
}

// One tar header: owned by root (the engine keeps the archive's owners), mode normalised.
function headerOf(name: string, type: 'file' | 'directory' | 'symlink', mode: number) {
  return { name, type, mode, uid: 0, gid: 0, uname: '', gname: '' };
}

async function walk(dir: string, rel: string, options: PackOptions, out: PackEntry[]) {
  const skipped = new Set([...SKIPPED, ...(rel === '' ? (options.skipTopLevel ?? []) : [])]);
  const names = (await readdir(dir)).filter((name) => !skipped.has(name)).sort();
  for (const name of names) {
    const path = join(dir, name);
    const entryName = rel === '' ? name : posix.join(rel, name);
    const stat = await lstat(path);
    const mtime = stat.mtime;
    if (stat.isSymbolicLink()) {
      const header = { ...headerOf(entryName, 'symlink', 0o777), linkname: await readlink(path) };
      out.push({ header: { ...header, mtime } });
    } else if (stat.isFile()) {
      // Readable by the sandbox's unprivileged user whatever the owner; execute bits kept.
      const mode = (stat.mode & 0o755) | 0o444;
      out.push({
        header: { ...headerOf(entryName, 'file', mode), size: stat.size, mtime },
        source: path,
      });
    } else if (stat.isDirectory()) {
      out.push({ header: { ...headerOf(`${entryName}/`, 'directory', 0o755), mtime } });
      await walk(path, entryName, options, out);
    }
    // Sockets, pipes and devices are not part of a submission.
  }
}

// Feeds the entries into a tar stream one at a time, each file's bytes streamed from disk.
function archiveOf(entries: readonly PackEntry[]): Readable {
  const pack = tar.pack();
  void (async () => {
    for (const { header, source } of entries) {
      if (!source) {
        pack.entry(header);
        continue;
      }
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry(header, (error) => (error ? reject(error) : resolve()));
        createReadStream(source).on('error', reject).pipe(sink);
      });
    }
    pack.finalize();
  })().catch((error: Error) => pack.destroy(error));
  return pack;
}

/**
 * Lists a submission tree for an archive, entries in name order folder by folder (the order
 * they are created in on the engine): symlinks are packed as symlinks, never followed; `.git`,
 * sockets and devices are left out; every entry is owned by root, files readable by all.
 */
export async function packTree(dir: string, options: PackOptions = {}): Promise<PackedTree> {
  const entries: PackEntry[] = [];
  const now = new Date();
  for (const { name, uid } of options.ownFolders ?? [])
    entries.push({
      header: { ...headerOf(`${name}/`, 'directory', 0o755), uid, gid: uid, mtime: now },
    });
  await walk(dir, '', options, entries);
  const bytes = entries.reduce((sum, e) => sum + (e.source ? (e.header.size ?? 0) : 0), 0);
  return { entries: entries.length, bytes, archive: () => archiveOf(entries) };
}
