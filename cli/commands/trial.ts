import type { Command } from 'commander';
import type { TrialEvent, TrialOutcome, TrialSummary } from '../../panel/trial/index.js';
import { printJson, printLine, progress } from '../output.js';
import {
  addEndpointOptions,
  endpointConfig,
  readModelsFile,
  type EndpointFlags,
} from '../panel-flags.js';

interface TrialFlags extends EndpointFlags {
  seeds?: string;
  modelsFile?: string;
  itemsOnly?: boolean;
  out: string;
  evaluator?: string;
  sets?: string[];
  json?: boolean;
}

const f4 = (x: number) => x.toFixed(4);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function printSummary(
  summary: TrialSummary,
  files: { summary: string; markdown: string; html: string | null },
): void {
  if (summary.mean && summary.worst) {
    printLine('set\titems\tdiscrimination\tdiversity\tseparation\tscore');
    for (const s of summary.scores) {
      printLine(
        `${s.label}\t${s.n_items}\t${f4(s.discrimination)}\t${f4(s.diversity)}\t${f4(s.separation)}\t${f4(s.score)}`,
      );
    }
    const { mean, worst } = summary;
    printLine(
      `mean\t\t${f4(mean.discrimination)}\t${f4(mean.diversity)}\t${f4(mean.separation)}\t${f4(mean.score)}`,
    );
    printLine(
      `worst\t${worst.label}\t${f4(worst.discrimination)}\t${f4(worst.diversity)}\t${f4(worst.separation)}\t${f4(worst.score)}`,
    );
  } else {
    for (const s of summary.sets) printLine(`${s.label}\t${s.n_items} items\t${s.items}`);
  }
  const o = summary.overlap;
  printLine(
    `overlap\tmax ${o.max.toFixed(3)} (limit ${o.threshold})\t${o.ok ? 'ok' : 'ABOVE THE LIMIT: Track 2 disqualification'}`,
  );
  for (const f of summary.families ?? []) {
    printLine(
      `family\t${f.family}\t${f.n_items} items\tp ${f4(f.mean_p)}\tdiscrimination ${f4(f.mean_discrimination)}\t${f.distinct_bitvectors} bitvectors\t${pct(f.item_share)} of items\t${pct(f.diversity_share)} of diversity`,
    );
  }
  const r = summary.robustness;
  if (r?.leave_one_out) {
    const range = (name: string, x: { min: number; median: number; max: number; count: number }) =>
      `${name} (${x.count}): min ${f4(x.min)} median ${f4(x.median)} max ${f4(x.max)}`;
    const parts = [range('without 1 model', r.leave_one_out)];
    if (r.leave_two_out) parts.push(range('without 2 models', r.leave_two_out));
    printLine(`robustness\t${parts.join('; ')}`);
    const h = r.most_harmful_removal;
    printLine(
      h
        ? `robustness\tremoving ${h.model} hurts most: ${f4(h.mean)} (−${f4(h.drop)})`
        : `robustness\tno model's removal lowers the mean score`,
    );
    printLine(
      `robustness\t${r.single_model_items.count} items split by one model alone (${pct(r.single_model_items.share)})`,
    );
    printLine(
      'robustness\tthis is the sensitivity to your panel, not a prediction of the Test B score',
    );
  }
  for (const note of summary.notes) printLine(`note\t${note}`);
  printLine(`report\t${[files.html, files.markdown, files.summary].filter(Boolean).join('\t')}`);
}

// A live bar on stderr on a terminal (seed and model); on stdout, a line per set and per model
// as each set's answers are in, so a log shows how far a run got.
function progressReporter(quiet: boolean) {
  const bar = progress('query', { quiet });
  const say = (line: string) => {
    if (!quiet) printLine(line);
  };
  return {
    bar,
    onEvent(event: TrialEvent) {
      switch (event.type) {
        case 'set-start':
          return bar.tick(0, undefined, `${event.label}: making the set`);
        case 'set-made':
          bar.done();
          return say(`${event.label}: ${event.n_items} items`);
        case 'query-progress':
          return bar.tick(event.done, event.total, `${event.label} · ${event.model}`);
        case 'query-done':
          bar.done();
          for (const m of event.query.models) {
            say(
              `${event.label} · ${m.model}: ${m.cached} cached, ${m.answered} answered, ${m.failed} failed${m.error ? `; refused: ${m.error}` : ''}`,
            );
          }
          return;
        case 'scored':
          return say(`${event.label}: score ${f4(event.score.score)}`);
      }
    },
  };
}

function reportUnfinished(
  outcome: Exclude<TrialOutcome, { status: 'complete' }>,
  json: boolean,
): void {
  if (outcome.status === 'stopped') {
    if (json) printJson({ status: 'stopped', set: outcome.label });
    process.stderr.write(
      'rpe: stopped; the answers so far are kept, run the same command to continue\n',
    );
    process.exitCode = 130;
    return;
  }
  const { query } = outcome;
  if (json) printJson({ status: 'incomplete', set: outcome.label, query });
  else {
    for (const f of query.failures.slice(0, 20)) {
      printLine(
        `${outcome.label} · ${f.model} item ${f.item}: ${f.status} after ${f.attempts} attempt(s): ${f.message}`,
      );
    }
    if (query.failures.length > 20)
      printLine(`... and ${query.failures.length - 20} more failures`);
  }
  process.stderr.write(
    `rpe: ${outcome.label}: answers are missing (see above); no report written; run the same command again to ask only those\n`,
  );
  process.exitCode = 2;
}

// `rpe trial`: rehearse Test B on several seeds and a panel, with a report to look at.
export function register(program: Command): void {
  const command = program
    .command('trial')
    .description(
      'rehearse Test B: make the set of each seed, ask the panel, mark, score; mean and worst seed, per family, panel robustness, and report.html',
    )
    .argument(
      '[generator]',
      'a framework generator (folder or module), a Python generator made by rpe init, or a submission folder (generate.py/.ts/.js)',
    )
    .option(
      '--seeds <list>',
      'seeds, comma separated (default 0,1,2; with --sets, one label per file)',
    )
    .option('--models-file <file>', 'the panel: model ids, one per line, # for comments')
    .option('--items-only', 'make and check the sets only (format, seed overlap); ask no model')
    .option(
      '--out <dir>',
      'the trial folder: per-seed sets, answers, matrices, scores and the report',
      'trial',
    )
    .option(
      '--evaluator <file>',
      'a custom evaluator.py, accept(prediction, gold) -> bool (not with aliases)',
    )
    .option(
      '--sets <files...>',
      'sets already made instead of a generator (NAME.meta.jsonl beside NAME.jsonl is read)',
    );
  addEndpointOptions(command)
    .option('--json', 'print the summary as JSON')
    .action(async (generator: string | undefined, flags: TrialFlags) => {
      const { RpeError } = await import('../../framework/index.js');
      const { resolveSetSource, runTrial } = await import('../../panel/trial/index.js');
      const source = await resolveSetSource({
        ...(generator !== undefined ? { generator } : {}),
        ...(flags.sets !== undefined ? { sets: flags.sets } : {}),
      });
      const { parseSeeds } = await import('../../sandbox/index.js');
      const seeds =
        flags.seeds !== undefined
          ? parseSeeds(flags.seeds)
          : source.kind === 'files'
            ? null
            : [0, 1, 2];
      if (!flags.itemsOnly && flags.modelsFile === undefined) {
        throw new RpeError(
          'usage',
          '--models-file is required to ask the panel (or --items-only to make the sets only)',
        );
      }
      const panel = flags.itemsOnly
        ? undefined
        : {
            models: await readModelsFile(flags.modelsFile ?? ''),
            config: await endpointConfig(flags),
            concurrency: flags.concurrency,
            timeoutMs: Math.round(flags.timeout * 1000),
            retries: flags.retries,
            ...(flags.evaluator !== undefined
              ? { evaluatorPath: await readableEvaluator(flags.evaluator) }
              : {}),
          };
      // Before any set is made: the folder every set, answer and report goes to.
      const { checkWritablePath } = await import('../../framework/index.js');
      checkWritablePath(flags.out, 'folder');
      const quiet = flags.json === true;
      if ((source.kind === 'submission' || source.kind === 'python') && !quiet) {
        printLine(
          `note\t${source.path}: the entrypoint runs as a local process, NOT isolated (network and files are open); rpe sandbox run isolates it`,
        );
      }
      const reporter = progressReporter(quiet);
      const stop = new AbortController();
      const onSigint = () => stop.abort();
      process.once('SIGINT', onSigint);
      let outcome: TrialOutcome;
      try {
        outcome = await runTrial({
          source,
          seeds,
          outDir: flags.out,
          itemsOnly: flags.itemsOnly === true,
          ...(panel ? { panel } : {}),
          signal: stop.signal,
          onEvent: (event) => reporter.onEvent(event),
        });
      } finally {
        reporter.bar.done();
        process.off('SIGINT', onSigint);
      }
      if (outcome.status !== 'complete') return reportUnfinished(outcome, quiet);
      const { summary, files } = outcome;
      if (flags.json) printJson({ status: 'complete', out_dir: flags.out, files, ...summary });
      else printSummary(summary, files);
      if (!summary.overlap.ok) {
        process.stderr.write(
          `rpe: seed overlap ${summary.overlap.max.toFixed(3)} is above ${summary.overlap.threshold}: Test B would treat the generator as a static list and disqualify it from Track 2\n`,
        );
        process.exitCode = 1;
      }
    });
}

// The evaluator must be a readable file before any model is asked (exit 2 otherwise).
async function readableEvaluator(path: string): Promise<string> {
  const { accessSync, constants, statSync } = await import('node:fs');
  const { RpeError } = await import('../../framework/index.js');
  try {
    accessSync(path, constants.R_OK);
    if (!statSync(path).isFile()) throw new Error('not a file');
  } catch (cause) {
    throw new RpeError(
      'evaluator_unreadable',
      `cannot read the evaluator ${path}: ${cause instanceof Error && 'code' in cause ? String(cause.code) : 'not a file'}`,
    );
  }
  return path;
}
