import { Option, type Command } from 'commander';
import { RpeError } from '../../framework/errors.js';
import type { EvaluateDirResult } from '../../panel/evaluate/index.js';
import { printJson, printLine, progress } from '../output.js';

interface EvaluateFlags {
  items: string;
  responsesDir: string;
  output: string;
  modelsFile?: string;
  evaluator?: string;
  sandbox: 'none' | 'docker';
  image?: string;
  python?: string;
  json?: boolean;
}

// Where evaluator.py runs is said by options that only mean something together: one given where
// it has no effect is a usage error rather than silently ignored.
function checkEvaluatorOptions(flags: EvaluateFlags, command: Command): void {
  const given = (name: string) => command.getOptionValueSource(name) === 'cli';
  const misplaced = [
    !flags.evaluator && ['sandbox', 'image', 'python'].some(given)
      ? '--sandbox, --image and --python say where an --evaluator runs; give --evaluator too'
      : null,
    given('image') && flags.sandbox !== 'docker' ? '--image applies to --sandbox docker' : null,
    given('python') && flags.sandbox === 'docker'
      ? '--python applies to --sandbox none (the runner image has its own python3)'
      : null,
  ].find((m) => m !== null);
  if (misplaced) throw new RpeError('usage', misplaced);
}

// `rpe evaluate`: marks every model's answers into the correctness matrix `rpe score` reads.
export function register(program: Command): void {
  program
    .command('evaluate')
    .description(
      'mark the responses of every model (gold or an alias after normalisation, or a custom evaluator.py) into a correctness matrix',
    )
    .requiredOption('--items <file>', 'items.jsonl')
    .requiredOption(
      '--responses-dir <dir>',
      'one responses file per model, as rpe query writes them',
    )
    .requiredOption(
      '--output <file>',
      'the correctness matrix: {"models": [...], "correct": [[0/1 per model] per item]}',
    )
    .option(
      '--models-file <file>',
      'model ids in matrix order (default: every *.jsonl in name order)',
    )
    .option(
      '--evaluator <file>',
      'a custom evaluator.py defining accept(prediction, gold) -> bool (not with aliases)',
    )
    .addOption(
      new Option(
        '--sandbox <kind>',
        'where evaluator.py runs: a local python3, or the network-less runner image',
      )
        .choices(['none', 'docker'])
        .default('none'),
    )
    .option(
      '--image <name>',
      'the Python runner image for --sandbox docker (default: the sandbox runner image)',
    )
    .option('--python <command>', 'the Python interpreter for --sandbox none', 'python3')
    .option('--json', 'print the report as JSON')
    .action(async (flags: EvaluateFlags, command: Command) => {
      checkEvaluatorOptions(flags, command);
      const { evaluateResponsesDir } = await import('../../panel/evaluate/index.js');
      const { readModelsFile } = await import('../../panel/query/index.js');
      const models = flags.modelsFile ? readModelsFile(flags.modelsFile) : undefined;
      let image = flags.image;
      if (flags.evaluator && flags.sandbox === 'docker' && !image) {
        // Loaded only here: the sandbox door brings dockerode, which the other paths do not need.
        const { RUNNER_IMAGES } = await import('../../sandbox/index.js');
        image = RUNNER_IMAGES.python;
      }
      const bar = progress('evaluate', { quiet: flags.json === true });
      let result;
      try {
        result = await evaluateResponsesDir({
          itemsPath: flags.items,
          responsesDir: flags.responsesDir,
          outputPath: flags.output,
          ...(models ? { models } : {}),
          ...(flags.evaluator ? { evaluatorPath: flags.evaluator, sandbox: flags.sandbox } : {}),
          ...(image ? { image } : {}),
          ...(flags.python ? { python: flags.python } : {}),
          onProgress: (done, total) => bar.tick(done, total),
        });
      } finally {
        bar.done();
      }
      // The matrix itself is in the output file; the report says how it was made.
      const { matrix: _matrix, ...report } = result;
      if (flags.json) printJson(report);
      else printReport(result);
      const removed = result.removed_stale_output ? `; the older ${flags.output} was removed` : '';
      if (result.status === 'no_answers') {
        process.stderr.write(
          `rpe: no answer in ${flags.responsesDir} for any of the ${result.n_items} items from any of the ${result.n_models} model(s); no matrix written${removed}\n`,
        );
        process.exitCode = 1;
        return;
      }
      if (result.status === 'gold_rejected') {
        const rejected = result.gold_check?.rejected ?? [];
        const timedOut = rejected.find((r) => r.status === 'timeout');
        process.stderr.write(
          timedOut
            ? `rpe: ${flags.evaluator} timed out on the gold of item ${timedOut.item}; no matrix written${removed}\n`
            : `rpe: ${flags.evaluator} does not accept the gold of ${rejected.length} item(s); no matrix written${removed}\n`,
        );
        process.exitCode = 1;
        return;
      }
      if (result.missing.length > 0) {
        const n = result.missing.length;
        process.stderr.write(`rpe: ${n} answer${n === 1 ? '' : 's'} missing, marked incorrect\n`);
      }
      if (result.fallback) {
        process.stderr.write(
          `rpe: ${flags.evaluator} is broken (${result.fallback.reason}): as the task does with a broken checker, every answer was marked by exact match instead\n`,
        );
      }
    });
}

// The text report: per-model counts when the answers were marked, else why they were not.
function printReport(result: EvaluateDirResult): void {
  if (result.status === 'gold_rejected') {
    const rejected = result.gold_check?.rejected ?? [];
    for (const r of rejected.slice(0, 20)) {
      const verdict = r.status === 'rejected' ? 'rejects' : `${r.status} on`;
      printLine(
        `item ${r.item}: evaluator ${verdict} its own gold${r.message ? `: ${r.message}` : ''}`,
      );
    }
    if (rejected.length > 20) printLine(`... and ${rejected.length - 20} more`);
    return;
  }
  if (result.status === 'no_answers') {
    for (const m of result.models) {
      const unmatched = m.skipped_lines ? `, ${m.skipped_lines} lines matching no item` : '';
      printLine(`${m.model}: no answer (${m.file ?? 'no responses file'}${unmatched})`);
    }
    return;
  }
  for (const m of result.models) {
    const missing = m.missing ? `, ${m.missing} missing` : '';
    const skipped = m.skipped_lines
      ? `, ${m.skipped_lines} line${m.skipped_lines === 1 ? '' : 's'} matching no item`
      : '';
    printLine(`${m.model}: ${m.correct}/${result.n_items} correct${missing}${skipped}`);
  }
  if (result.fallback) {
    printLine(
      `evaluator replaced by exact match (${result.fallback.reason}); ${result.fallback.answers} answers marked by exact match`,
    );
  }
  if (result.output) {
    printLine(`matrix: ${result.output} (${result.n_items} items x ${result.n_models} models)`);
  }
}
