import { Option, type Command } from 'commander';
import { printJson, printLine, progress } from '../output.js';
import { readModelsFile } from '../panel-flags.js';

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
    .action(async (flags: EvaluateFlags) => {
      const { evaluateResponsesDir } = await import('../../panel/evaluate/index.js');
      const models = flags.modelsFile ? await readModelsFile(flags.modelsFile) : undefined;
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
      else {
        if (result.gold_check && !result.gold_check.ok) {
          for (const r of result.gold_check.rejected.slice(0, 20)) {
            printLine(
              `item ${r.item}: evaluator ${r.status === 'rejected' ? 'rejects' : r.status} its own gold${r.message ? `: ${r.message}` : ''}`,
            );
          }
        }
        for (const m of result.models) {
          const missing = m.missing ? `, ${m.missing} missing` : '';
          const skipped = m.skipped_lines
            ? `, ${m.skipped_lines} line${m.skipped_lines === 1 ? '' : 's'} matching no item`
            : '';
          printLine(`${m.model}: ${m.correct}/${result.n_items} correct${missing}${skipped}`);
        }
        for (const p of result.evaluator_problems.slice(0, 20)) {
          printLine(
            `  ${p.model} item ${p.item}: evaluator ${p.status}: ${p.message} (marked incorrect)`,
          );
        }
        if (result.output)
          printLine(
            `matrix: ${result.output} (${result.n_items} items x ${result.n_models} models)`,
          );
      }
      if (result.missing.length > 0) {
        const n = result.missing.length;
        process.stderr.write(`rpe: ${n} answer${n === 1 ? '' : 's'} missing, marked incorrect\n`);
      }
      if (result.gold_check && !result.gold_check.ok) {
        process.stderr.write(
          `rpe: ${flags.evaluator} does not accept the gold of ${result.gold_check.rejected.length} item(s); no matrix written\n`,
        );
        process.exitCode = 1;
      }
    });
}
