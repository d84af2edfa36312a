import type { Command } from 'commander';
import type { FamilyRow, ScoreResult } from '../../framework/index.js';
import { printJson, printLine } from '../output.js';

interface ScoreFlags {
  matrix: string;
  perItem?: boolean;
  perPair?: boolean;
  meta?: string;
  markdown?: string;
  json?: boolean;
}

const f4 = (x: number) => x.toFixed(4);

function printText(
  result: ScoreResult,
  flags: ScoreFlags,
  families: FamilyRow[] | undefined,
): void {
  printLine(`n_items\t${result.n_items}`);
  printLine(`n_models\t${result.n_models}`);
  printLine(`discrimination\t${f4(result.discrimination)}`);
  printLine(`diversity\t${f4(result.diversity)}`);
  printLine(`separation\t${f4(result.separation)}`);
  printLine(`score\t${f4(result.score)}`);
  const least = result.least_separated;
  if (least) {
    printLine(
      `least_separated\t${least.a}\t${least.b}\tdisagreement ${f4(least.disagreement)}\tcredit ${f4(least.credit)}`,
    );
  }
  if (families) {
    printLine();
    printLine('family\titems\tmean_discrimination\tmean_p\tdistinct_bitvectors');
    for (const r of families) {
      printLine(
        `${r.family}\t${r.n_items}\t${f4(r.mean_discrimination)}\t${f4(r.mean_p)}\t${r.distinct_bitvectors}`,
      );
    }
  }
  if (flags.perItem) {
    printLine();
    printLine(`item\tp\tbitvector\tdiscrimination\t(bitvector order: ${result.models.join(', ')})`);
    for (const i of result.items)
      printLine(`${i.index}\t${f4(i.p)}\t${i.bitvector}\t${f4(i.discrimination)}`);
  }
  if (flags.perPair) {
    printLine();
    printLine('a\tb\tdisagreement\tcredit');
    for (const p of result.pairs)
      printLine(`${p.a}\t${p.b}\t${f4(p.disagreement)}\t${f4(p.credit)}`);
  }
}

// `rpe score --matrix FILE`: the official Track 1 metric of a correctness matrix.
export function register(program: Command): void {
  program
    .command('score')
    .description('score a correctness matrix: discrimination × diversity × pairwise separation')
    .requiredOption(
      '--matrix <file>',
      'JSON {"models": [names], "correct": [[0/1 per model] per item]}, - for stdin',
    )
    .option('--per-item', 'add one row per item: p, bitvector, discrimination')
    .option('--per-pair', 'add one row per model pair: disagreement, credit')
    .option('--meta <file>', 'sidecar JSONL from rpe generate --meta: add a per-family table')
    .option('--markdown <file>', 'also write the report as Markdown to this file')
    .option('--json', 'print the report as JSON')
    .action(async (flags: ScoreFlags) => {
      const {
        RpeError,
        checkWritablePath,
        familyTable,
        parseMatrix,
        readMeta,
        readSource,
        score,
        scoreMarkdown,
        writeFileAtomic,
      } = await import('../../framework/index.js');
      if (flags.markdown) {
        // The report must not replace an input: `--markdown m.json` for `--matrix m.json`.
        const inputs = [flags.matrix, flags.meta].filter((p): p is string => !!p && p !== '-');
        checkWritablePath(flags.markdown, 'file', { inputs });
      }
      const source = flags.matrix === '-' ? 'standard input' : flags.matrix;
      const text = new TextDecoder().decode(readSource(flags.matrix));
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new RpeError('invalid_matrix', `${source}: not valid JSON (${reason})`, {
          exitCode: 2,
        });
      }
      const result = score(parseMatrix(value, source));
      const meta = flags.meta ? readMeta(readSource(flags.meta), flags.meta) : undefined;
      if (meta && meta.length !== result.n_items) {
        throw new RpeError(
          'meta_mismatch',
          `${flags.meta} has ${meta.length} lines but the matrix ${source} has ${result.n_items} items`,
        );
      }
      const families = meta ? familyTable(result, meta) : undefined;
      if (flags.markdown) {
        const markdown = scoreMarkdown(result, {
          perItem: flags.perItem === true,
          perPair: flags.perPair === true,
          ...(families ? { families } : {}),
        });
        writeFileAtomic(flags.markdown, markdown);
      }
      if (flags.json) {
        const { items, pairs, ...summary } = result;
        printJson({
          ...summary,
          ...(flags.perItem ? { items } : {}),
          ...(flags.perPair ? { pairs } : {}),
          ...(families ? { families } : {}),
        });
      } else printText(result, flags, families);
    });
}
