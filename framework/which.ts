import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first `dir/command` that exists, for each folder of `path` (a PATH-like list) in order. */
export function which(command: string, path: string | undefined = process.env.PATH): string | null {
  for (const dir of (path ?? '').split(delimiter).filter(Boolean)) {
    if (existsSync(join(dir, command))) return join(dir, command);
  }
  return null;
}
