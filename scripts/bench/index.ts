// `npm run bench`: runs every benchmark module in this folder (each exports `run()`), in name order,
// or only those named on the command line (`npm run bench -- rules lexicon`).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchmarkNames, selectBenchmarks } from './select.js';

interface BenchModule {
  run(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const available = benchmarkNames(here);
const selection = selectBenchmarks(process.argv.slice(2), available);
if ('error' in selection) {
  process.stderr.write(`bench: ${selection.error}\n`);
  process.exit(2);
}
if ('help' in selection) {
  process.stdout.write(
    `usage: npm run bench [-- NAME...]\nruns every benchmark, or those named: ${available.join(', ')}\n`,
  );
  process.exit(0);
}

for (const name of selection.names) {
  process.stdout.write(`\n== ${name} ==\n`);
  const mod = (await import(pathToFileURL(join(here, `${name}.ts`)).href)) as BenchModule;
  await mod.run();
}
