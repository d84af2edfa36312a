import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

// The folder of this package's package.json, the same whether running from source (tsx) or dist/.
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'reverse-poleval') return (cached = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('reverse-poleval: cannot find the package root');
    dir = parent;
  }
}

// A path inside the package, e.g. packagePath('data', 'morphology.sqlite').
export function packagePath(...parts: string[]): string {
  return join(packageRoot(), ...parts);
}
