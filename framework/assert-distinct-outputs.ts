import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { RpeError } from './errors.js';

// The file a path names once its folder's symbolic links are resolved (the file may not exist yet).
function canonical(path: string): string {
  const abs = resolve(path);
  const dir = dirname(abs);
  return existsSync(dir) ? join(realpathSync(dir), basename(abs)) : abs;
}

/**
 * Refuses output paths that name the same file twice (`--out F --meta F`, or through a link to
 * the folder): the second file would silently replace the first. RpeError `same_output` (exit 2).
 */
export function assertDistinctOutputs(outputs: readonly { option: string; path: string }[]): void {
  const seen = new Map<string, string>();
  for (const { option, path } of outputs) {
    const key = canonical(path);
    const earlier = seen.get(key);
    if (earlier) {
      throw new RpeError(
        'same_output',
        `${earlier} and ${option} name the same file (${path}); give each its own file`,
      );
    }
    seen.set(key, option);
  }
}
