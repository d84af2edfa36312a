import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Entrypoint } from '../run/executor.js';

/**
 * The entrypoints the runner knows, in priority order: generate.py first because it is the task's
 * documented form; generate.ts before generate.js because a .js beside a .ts is usually its build
 * output.
 */
export const ENTRYPOINTS: readonly Entrypoint[] = [
  { file: 'generate.py', kind: 'python' },
  { file: 'generate.ts', kind: 'tsx' },
  { file: 'generate.js', kind: 'node' },
];

export interface EntrypointDetection {
  /** The entrypoint that runs, or null when the submission has none (entrypoint_missing). */
  entrypoint: Entrypoint | null;
  /** Other entrypoints present and ignored because one of higher priority exists. */
  ignored: string[];
  /** Entrypoint names present but not regular files (symlinks, folders): never run. */
  rejected: string[];
}

// Finds which entrypoint of a submission's root runs; only regular files count.
export async function detectEntrypoint(dir: string): Promise<EntrypointDetection> {
  const found: Entrypoint[] = [];
  const rejected: string[] = [];
  for (const candidate of ENTRYPOINTS) {
    try {
      const stats = await lstat(join(dir, candidate.file));
      if (stats.isFile()) found.push(candidate);
      else rejected.push(candidate.file);
    } catch {
      // Not present.
    }
  }
  const [entrypoint = null, ...rest] = found;
  return { entrypoint, ignored: rest.map((e) => e.file), rejected };
}

// One line for people saying why no entrypoint was found.
export function missingEntrypointMessage(detection: EntrypointDetection): string {
  const names = ENTRYPOINTS.map((e) => e.file).join(', ');
  const rejected = detection.rejected.length
    ? ` (${detection.rejected.join(', ')} present but not a regular file)`
    : '';
  return `no entrypoint: the submission root has none of ${names}${rejected}`;
}
