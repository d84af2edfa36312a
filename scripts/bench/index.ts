// `npm run bench`: runs every benchmark module in this folder (each exports `run()`), in name order,
// or only those named on the command line (`npm run bench -- rules lexicon`).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchModule {
  run(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')))
  .sort();

for (const file of files) {
  process.stdout.write(`\n== ${file.replace(/\.ts$/, '')} ==\n`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
  await mod.run();
}
