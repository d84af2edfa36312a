import { InvalidArgumentError, Option, type Command } from 'commander';
import type { HeldOut, SubsetResult, WeightsResult } from '../../panel/tune/index.js';
import { printJson, printLine, progress } from '../output.js';

interface TuneFlags {
  items?: string;
  matrix?: string;
  n?: number | 'auto';
  out?: string;
  seed?: string;
  heldOut: 'family' | 'model' | 'none';
  modelsFile?: string;
  json?: boolean;
}

const f4 = (x: number) => x.toFixed(4);

// --n: a set size the task allows (50–200), or auto.
function setSize(value: string): number | 'auto' {
  if (value === 'auto') return 'auto';
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 50 || n > 200)
    throw new InvalidArgumentError('expected a number of items from 50 to 200, or auto');
  return n;
}

function printHeldOut(h: HeldOut | null, verdict: (h: HeldOut) => string): void {
  if (!h) {
    printLine(
      'heldout\tnone (--held-out none, or under three models: no fold leaves two to tune on)',
    );
    return;
  }
  printLine(`heldout\tby ${h.by}, ${h.folds.length} folds: tuned without it, scored with it back`);
  for (const f of h.folds) {
    printLine(`fold\twithout ${f.left_out}\ttuned ${f4(f.tuned)}\tuntuned ${f4(f.untuned)}`);
  }
  printLine(`heldout\t${verdict(h)}`);
}

function printWeights(r: WeightsResult, files: string[], verdict: (h: HeldOut) => string): void {
  printLine('family\tweight now\tweight\titems now\titems\tavailable');
  for (const f of r.families) {
    printLine(
      `${f.id}\t${f.weight_now}\t${f.weight === 0 ? '0 (leave out)' : f.weight}\t${f.items_now}\t${f.items}\t${f.available}`,
    );
  }
  printLine(`n\t${r.n_now} -> ${r.n}`);
  printLine(
    `score\tmean ${f4(r.current.mean)} -> ${f4(r.expected.mean)}\tworst ${f4(r.current.worst)} -> ${f4(r.expected.worst)} (${r.expected.worst_set})`,
  );
  printLine(`greedy\t${f4(r.greedy)} (simple greedy selection, for comparison)`);
  printLine(`paste\tcount: ${r.n} (defineGenerator) / count=${r.n} (generate.py)`);
  for (const f of r.families) {
    printLine(
      f.weight === 0
        ? `paste\t${f.id}: remove it from the families (weight 0)`
        : `paste\t${f.id}: weight: ${f.weight} / weight=${f.weight}`,
    );
  }
  const capped = r.families.filter((f) => f.weight > 0 && f.items === f.available);
  if (capped.length) {
    printLine(
      `note\t${capped.map((f) => f.id).join(', ')}: at the most the trial holds; a trial made with a higher weight for it lets tune try more`,
    );
  }
  printHeldOut(r.heldout, verdict);
  printFiles(files);
}

// The report first, then the rest (the tuned sets, the subset and its matrix).
function printFiles(files: string[]): void {
  const html = files.filter((f) => f.endsWith('.html'));
  printLine(`report\t${html.join('\t')}`);
  printLine(`files\t${files.filter((f) => !f.endsWith('.html')).join('\t')}`);
}

function printSubset(r: SubsetResult, files: string[], verdict: (h: HeldOut) => string): void {
  const row = (name: string, c: SubsetResult['score'], n: number) =>
    printLine(
      `${name}\t${n} items\tdiscrimination ${f4(c.discrimination)}\tdiversity ${f4(c.diversity)}\tseparation ${f4(c.separation)}\tscore ${f4(c.score)}`,
    );
  row('tuned', r.score, r.n);
  row(r.pool.of === 'whole' ? 'pool' : `first ${r.pool.n_items}`, r.pool, r.pool.n_items);
  printLine(`greedy\t${f4(r.greedy)} (simple greedy selection, for comparison)`);
  printHeldOut(r.heldout, verdict);
  printFiles(files);
}

// `rpe tune`: the family weights (Track 2) or the subset of a pool (Track 1) the metric likes best.
export function register(program: Command): void {
  program
    .command('tune')
    .description(
      'search the family weights of a trial (or the subset of a pool with --items) that maximise the official score, with a held-out estimate on models the search did not see',
    )
    .argument('[trial]', 'a folder rpe trial made (its sets, meta sidecars and matrices)')
    .option('--items <pool>', 'Track 1: a pool of items (JSONL, any size) to pick a subset from')
    .option('--matrix <file>', 'with --items: the correctness matrix, one row per pool line')
    .option('--n <n>', 'items per set, 50-200, or auto to search it too', setSize)
    .option(
      '--out <path>',
      'weights: the folder for tune.json, tune.html and the tuned sets (default TRIAL/tune); --items: the subset file',
    )
    .option('--seed <n>', 'seed of the randomised part of the search', '0')
    .addOption(
      new Option('--held-out <by>', 'folds of the held-out estimate')
        .choices(['family', 'model', 'none'])
        .default('family'),
    )
    .option(
      '--models-file <file>',
      'the panel file whose "# family: NAME" annotations group models (else the organisation prefix)',
    )
    .option('--json', 'print the result as JSON')
    .action(async (trial: string | undefined, flags: TuneFlags) => {
      const { RpeError, checkWritablePath, parseSeed } = await import('../../framework/index.js');
      const tune = await import('../../panel/tune/index.js');
      const seed = parseSeed(flags.seed ?? '0');
      const heldOut = flags.heldOut === 'none' ? null : flags.heldOut;
      const bar = progress('held-out folds', { quiet: flags.json === true });
      const common = {
        seed,
        heldOut,
        ...(flags.modelsFile !== undefined ? { modelsFile: flags.modelsFile } : {}),
        onFold: (done: number, total: number) => bar.tick(done, total),
      };
      if (flags.items !== undefined || flags.matrix !== undefined) {
        if (trial !== undefined)
          throw new RpeError('usage', 'give a TRIAL folder or --items with --matrix, not both');
        if (flags.items === undefined || flags.matrix === undefined)
          throw new RpeError(
            'usage',
            '--items and --matrix go together (the pool and its answers)',
          );
        if (flags.out === undefined)
          throw new RpeError('usage', '--items needs --out FILE for the chosen subset');
        if (flags.n === undefined)
          throw new RpeError('usage', '--items needs --n (50-200, or auto)');
        const inputs = [flags.items, flags.matrix, ...(flags.modelsFile ? [flags.modelsFile] : [])];
        const companions = tune.subsetCompanions(flags.out);
        for (const path of [flags.out, companions.matrix, companions.html])
          checkWritablePath(path, 'file', { inputs });
        const { result, files } = await tune.tunePool({
          ...common,
          n: flags.n,
          pool: flags.items,
          matrix: flags.matrix,
          out: flags.out,
        });
        bar.done();
        if (flags.json) printJson(tune.subsetDocument(result, flags.out));
        else printSubset(result, files, tune.heldOutVerdict);
        return;
      }
      if (trial === undefined)
        throw new RpeError(
          'usage',
          'give a TRIAL folder (rpe trial --out) or --items with --matrix',
        );
      const { join, resolve } = await import('node:path');
      const outDir = flags.out ?? join(trial, 'tune');
      if (resolve(outDir) === resolve(trial))
        throw new RpeError(
          'usage',
          `--out ${outDir} is the trial folder: its sets would be replaced`,
        );
      checkWritablePath(outDir, 'folder');
      const { result, files } = await tune.tuneTrial({
        ...common,
        ...(flags.n !== undefined ? { n: flags.n } : {}),
        trialDir: trial,
        outDir,
      });
      bar.done();
      if (flags.json) printJson(tune.weightsDocument(result, outDir));
      else printWeights(result, files, tune.heldOutVerdict);
    });
}
