// The entry point: node --import tsx generate.ts --seed N --out items.jsonl [--meta FILE]
import { runGeneratorCli } from 'reverse-poleval';
import generator from './generator.js';

await runGeneratorCli(generator, process.argv);
