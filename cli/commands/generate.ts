import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { assertDistinctOutputs } from '../../framework/assert-distinct-outputs.js';
import type { GeneratorLocation } from '../../framework/generator/locate-generator.js';
import { DEFAULT_TIMEOUT_SECONDS, parseTimeoutSeconds } from '../../framework/parse-timeout.js';
import { parseSeed } from '../../framework/parse-seed.js';
import type { FileToWrite } from '../../framework/write-file-atomic.js';
import { checkWritablePath } from '../../framework/check-writable-path.js';
import { printGeneration, type GenerationSummary } from '../generation-summary.js';
import { withGeneratorGuard } from '../generator-guard.js';
import { endProcessWhenDone } from '../output.js';

interface GenerateFlags {
  seed: string;
  out: string;
  meta?: string;
  lexicon?: string;
  timeout: string;
  json?: boolean;
}

// The framework's door, which a generator imports too: one copy of the framework in the process.
function framework() {
  return import('../../framework/index.js');
}

interface Generated {
  summary: Omit<GenerationSummary, 'out' | 'meta'>;
  files: FileToWrite[];
}

// A generator declared with the framework, imported into this process under the guard.
async function generateModule(
  file: string,
  seed: number,
  timeoutSeconds: number,
  flags: GenerateFlags,
): Promise<Generated> {
  const { loadGenerator, generate, formatMeta, openLexicon } = await framework();
  const lexicon = flags.lexicon ? openLexicon(flags.lexicon) : undefined;
  try {
    const result = await withGeneratorGuard(timeoutSeconds, async (guard) => {
      const { generator } = await guard.async('loading its module', () => loadGenerator(file));
      return guard.sync('generating', () =>
        generate(generator, { seed, ...(lexicon ? { lexicon } : {}) }),
      );
    });
    const files: FileToWrite[] = [{ path: flags.out, text: result.jsonl }];
    if (flags.meta) files.push({ path: flags.meta, text: formatMeta(result) });
    return { summary: { ...result, runtime: 'typescript', nItems: result.items.length }, files };
  } finally {
    lexicon?.close();
  }
}

// A Python generator made by `rpe init --lang py`, run by python3 with its runtime's report.
async function generatePython(
  location: Extract<GeneratorLocation, { kind: 'python' }>,
  seed: number,
  timeoutSeconds: number,
  flags: GenerateFlags,
): Promise<Generated> {
  const { runPythonGenerator, openLexicon } = await framework();
  // The same checks as for a TypeScript generator, before Python is started.
  if (flags.lexicon) openLexicon(flags.lexicon).close();
  const run = await runPythonGenerator({
    ...location,
    seed,
    timeoutSeconds,
    meta: flags.meta !== undefined,
    ...(flags.lexicon ? { lexicon: flags.lexicon } : {}),
    // What it prints is its own debugging output: stderr, so stdout keeps only ours.
    onOutput: (chunk) => process.stderr.write(chunk),
  });
  const files: FileToWrite[] = [{ path: flags.out, text: run.items }];
  if (flags.meta && run.meta) files.push({ path: flags.meta, text: run.meta });
  return {
    summary: { ...run.result, runtime: 'python', nItems: run.result.items.length },
    files,
  };
}

// `rpe generate GENERATOR --seed N --out FILE`: one seed of a generator, with a summary per family.
export function register(program: Command): void {
  program
    .command('generate')
    .description(
      'generate the items of one seed from a generator declared with the framework, or from a Python generator made by rpe init --lang py',
    )
    .argument(
      '<generator>',
      'a folder with generator.ts (or .js, .mjs) or generate.py, or that file itself',
    )
    .requiredOption('--seed <n>', 'the seed: a whole number from 0 to 2^53 - 1')
    .requiredOption('--out <file>', 'items.jsonl to write (canonical JSONL, written atomically)')
    .option(
      '--meta <file>',
      'also write one {"family","phenomenon"} line per item, in item order, with the gold\'s "lemma", "query", "tag" and "lexeme_id" when ctx.answer() gave it',
    )
    .option('--lexicon <file>', "use this morphology snapshot instead of the generator's own")
    .option(
      '--timeout <seconds>',
      "stop a run that takes longer (the task's limit; at most 3600)",
      String(DEFAULT_TIMEOUT_SECONDS),
    )
    .option('--json', 'print the summary as one JSON document')
    .addHelpText(
      'after',
      [
        '',
        'Exit status: 0 written; 1 the generator failed: it threw or did not load, its declaration',
        'is invalid, a family cannot fill its quota, an item is invalid, it timed out or called',
        'process.exit(); 2 usage, a missing generator or snapshot, unwritable output. Nothing is',
        'written on failure. Seeds are whole numbers from 0 to 2^53 - 1, as for rpe check.',
      ].join('\n'),
    )
    .action(async (target: string, flags: GenerateFlags) => {
      const seed = parseSeed(flags.seed);
      const timeoutSeconds = parseTimeoutSeconds(flags.timeout);
      const outputs = [
        { option: '--out', path: flags.out },
        ...(flags.meta ? [{ option: '--meta', path: flags.meta }] : []),
      ];
      assertDistinctOutputs(outputs);
      const { locateGenerator, locationFile, writeFilesAtomic } = await framework();
      const location = locateGenerator(target);
      // Nor may an output replace what the run reads: the generator's own source, the snapshot
      // given by --lexicon, or the one a generator keeps in its data/ folder.
      const source = locationFile(location);
      const inputs = [
        source,
        join(dirname(source), 'data', 'morphology.sqlite'),
        ...(flags.lexicon ? [flags.lexicon] : []),
      ];
      for (const { path } of outputs) checkWritablePath(path, 'file', { inputs });
      endProcessWhenDone();
      const { summary, files } =
        location.kind === 'python'
          ? await generatePython(location, seed, timeoutSeconds, flags)
          : await generateModule(location.file, seed, timeoutSeconds, flags);
      writeFilesAtomic(files);
      printGeneration(
        { ...summary, out: flags.out, meta: flags.meta ?? null },
        flags.json === true,
      );
    });
}
