import { readFileSync } from 'node:fs';
import { packagePath } from './package-root.js';

let cached: string | undefined;

// This toolkit's version, from its package.json.
export function toolkitVersion(): string {
  cached ??= (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string })
    .version;
  return cached;
}
