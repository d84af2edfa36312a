import { lstatSync, mkdirSync, statSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { RpeError } from './errors.js';
import { systemReason } from './system-reason.js';

// Kernel file systems that look like folders but hold no files of ours (statfs f_type magic).
const PSEUDO: Record<number, string> = {
  0x9fa0: 'proc',
  0x62656572: 'sysfs',
  0x27e0eb: 'cgroup',
  0x63677270: 'cgroup2',
  0x64626720: 'debugfs',
  0x74726163: 'tracefs',
  0x73636673: 'securityfs',
  0xcafe4a11: 'bpf',
  0x6165676c: 'pstore',
  0x1cd1: 'devpts',
  0x62656570: 'configfs',
  0xde5e81e4: 'efivarfs',
  0x19800202: 'mqueue',
  0x42494e4d: 'binfmt_misc',
  0x65735543: 'fusectl',
};

// The nearest folder of `path` (itself included) that exists, as written.
export function nearestExisting(path: string): string {
  let at = path;
  while (lstatSync(at, { throwIfNoEntry: false }) === undefined && dirname(at) !== at) {
    at = dirname(at);
  }
  return at;
}

/**
 * The kind of kernel pseudo file system (`proc`, `sysfs`, ...) `path` or its nearest existing
 * folder lies on, or null for an ordinary one. Nothing can be written there, and Node's own
 * recursive mkdir loops forever on /proc.
 */
export function pseudoFileSystem(path: string): string | null {
  try {
    return PSEUDO[statfsSync(nearestExisting(path)).type] ?? null;
  } catch {
    return null;
  }
}

/** The outcome of tryMakeFolders: the first folder made (if any), or why none could be. */
export type MadeFolders =
  { ok: true; made: string | undefined } | { ok: false; reason: string; cause?: unknown };

// makeFolders as data, for callers that name the failure their own way.
export function tryMakeFolders(path: string): MadeFolders {
  const kind = pseudoFileSystem(path);
  if (kind) return { ok: false, reason: `it is on the ${kind} pseudo file system` };
  const missing: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    // A link to a folder above the output is an ordinary path (/var on some systems).
    const stats = statSync(at, { throwIfNoEntry: false });
    if (stats?.isDirectory()) break;
    if (stats) return { ok: false, reason: 'a part of the path is not a folder' };
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (cause) {
      const code = (cause as { code?: string }).code;
      if (code !== 'EEXIST' || !statSync(folder).isDirectory()) {
        return { ok: false, reason: systemReason(cause), cause };
      }
    }
  }
  return { ok: true, made: missing[0] };
}

/**
 * Makes a folder and the missing ones above it, one level at a time (Node's recursive mkdir
 * never returns on /proc), refusing a pseudo file system. Returns the first folder it made, or
 * undefined when the folder was there. Throws RpeError `output_unwritable` naming the folder.
 */
export function makeFolders(path: string): string | undefined {
  const result = tryMakeFolders(path);
  if (result.ok) return result.made;
  throw new RpeError('output_unwritable', `cannot make the folder ${path}: ${result.reason}`, {
    cause: result.cause,
  });
}
