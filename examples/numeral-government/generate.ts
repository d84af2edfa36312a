// Entry point with the standard interface: generate.ts --seed N --out FILE [--meta FILE].
import { runGeneratorCli } from '../../framework/index.js';
import generator from './generator.js';

await runGeneratorCli(generator, process.argv);
