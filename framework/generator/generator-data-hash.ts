import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packagePath } from '../package-root.js';
import { hashDataDir } from '../rules/index.js';

/**
 * The data hash (`sha256:...`) of the data/ folder a generator samples: the data/ beside its
 * module, else the folder of its declared lexicon, else the toolkit's own data/. Null when none
 * of them can be hashed.
 */
export function generatorDataHash(
  generator: { lexicon?: string | URL | null | undefined },
  moduleFile: string,
): string | null {
  const lexicon =
    generator.lexicon instanceof URL ? fileURLToPath(generator.lexicon) : generator.lexicon;
  const candidates = [
    join(dirname(moduleFile), 'data'),
    ...(lexicon ? [dirname(lexicon)] : [packagePath('data')]),
  ];
  for (const dir of candidates) {
    if (!existsSync(dir)) continue;
    try {
      return hashDataDir(dir);
    } catch {
      return null;
    }
  }
  return null;
}
