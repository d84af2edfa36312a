import { InvalidArgumentError, Option, type Command } from 'commander';
import type { ModelQuerySummary } from '../../panel/query/index.js';
import { printJson, printLine, progress } from '../output.js';

interface QueryFlags {
  items: string;
  modelsFile: string;
  outputDir: string;
  baseUrl?: string;
  apiKey?: string;
  dotenv?: string;
  concurrency: number;
  timeout: number;
  retries: number;
  json?: boolean;
}

function count(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
    return n;
  };
}

function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError('expected a number of seconds > 0');
  return n;
}

// Node 20 reads `--env-file` itself wherever it stands, even after the script name, and exits 9
// before rpe starts when the file is missing: the option cannot be made safe, so it is refused.
function renamedEnvFile(): never {
  throw new InvalidArgumentError(
    'use --dotenv instead: Node itself reads --env-file (and exits when the file is missing)',
  );
}

// One model's line: what the cache held, what this run got, and where it is.
function modelLine(m: ModelQuerySummary): string {
  const skipped = m.skipped ? `, ${m.skipped} not asked` : '';
  const where = m.cached + m.answered > 0 ? ` -> ${m.file}` : '';
  const error = m.error ? `; refused: ${m.error}` : '';
  return `${m.model}: ${m.cached} cached, ${m.answered} answered, ${m.failed} failed${skipped}${where}${error}`;
}

// `rpe query`: asks every model of a models file every item, with the task's fixed prompt.
export function register(program: Command): void {
  program
    .command('query')
    .description(
      "send every item to every model through an OpenAI-compatible endpoint (the task's system message, temperature 0, 64 tokens); answers are cached, so a second run only asks what is missing",
    )
    .requiredOption('--items <file>', 'items.jsonl')
    .requiredOption('--models-file <file>', 'model ids, one per line, # for comments')
    .requiredOption(
      '--output-dir <dir>',
      'one responses file per model (<org>__<name>.jsonl), also the cache',
    )
    .option(
      '--base-url <url>',
      'endpoint base URL, e.g. http://127.0.0.1:8000/v1 (default: EVAL_BASE_URL)',
    )
    .option('--api-key <key>', 'bearer key (default: EVAL_API_KEY; local servers need none)')
    .option(
      '--dotenv <file>',
      'where EVAL_BASE_URL and EVAL_API_KEY are read from (default: .env, when there is one)',
    )
    .addOption(new Option('--env-file <file>').hideHelp().argParser(renamedEnvFile))
    .option('--concurrency <n>', 'requests in flight at once', count(1), 4)
    .option('--timeout <seconds>', 'limit per request', seconds, 120)
    .option('--retries <n>', 'retries on 429, 5xx, network errors and timeouts', count(0), 4)
    .option('--json', 'print the run summary as JSON')
    .action(async (flags: QueryFlags) => {
      const { readItemsFile } = await import('../../panel/items/index.js');
      const { loadEvalConfig, readModelsFile, queryModels, queryWarnings } =
        await import('../../panel/query/index.js');
      const items = readItemsFile(flags.items);
      const models = readModelsFile(flags.modelsFile);
      const config = loadEvalConfig({
        ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
        ...(flags.apiKey !== undefined ? { apiKey: flags.apiKey } : {}),
        env: process.env,
        ...(flags.dotenv !== undefined ? { envFile: flags.dotenv, envFileRequired: true } : {}),
      });

      const text = flags.json !== true;
      if (text) {
        printLine(`endpoint ${config.chatUrl}`);
        // Said before anything is sent; the JSON document carries them as `warnings`.
        for (const w of queryWarnings(items))
          printLine(`warning: item ${w.item}: ${w.code}: ${w.message}`);
      }
      const stop = new AbortController();
      const onSigint = () => stop.abort();
      process.once('SIGINT', onSigint);
      const bar = progress('query', { quiet: !text });
      let result;
      try {
        result = await queryModels({
          items,
          models,
          outputDir: flags.outputDir,
          config,
          concurrency: flags.concurrency,
          timeoutMs: Math.round(flags.timeout * 1000),
          retries: flags.retries,
          signal: stop.signal,
          onProgress: ({ done, total, model }) => bar.tick(done, total, model),
          // A line per model as it finishes, so a long run shows its progress in a log too.
          onModelDone: (summary) => {
            if (!text) return;
            bar.done();
            printLine(modelLine(summary));
          },
        });
      } finally {
        bar.done();
        process.off('SIGINT', onSigint);
      }

      if (!text) printJson(result);
      else {
        // A halt is said once, on stderr; the failures behind it are all alike.
        const listed = result.halted ? [] : result.failures;
        for (const f of listed.slice(0, 20)) {
          printLine(
            `  ${f.model} item ${f.item}: ${f.status} after ${f.attempts} attempt(s): ${f.message}`,
          );
        }
        if (listed.length > 20) printLine(`  ... and ${listed.length - 20} more failures`);
        printLine(
          `${result.requests} request${result.requests === 1 ? '' : 's'} sent; ${result.complete ? 'every item answered' : 'answers missing'}`,
        );
      }
      if (result.stopped) {
        process.stderr.write(
          'rpe: stopped; answers so far are kept, run the same command to continue\n',
        );
        process.exitCode = 130;
      } else if (result.halted) {
        process.stderr.write(`rpe: ${result.halted.message}\n`);
        process.exitCode = 2;
      } else if (!result.complete) {
        const refused = result.models.filter((m) => m.error !== null).length;
        process.stderr.write(
          refused > 0
            ? `rpe: the server refused ${refused} model${refused === 1 ? '' : 's'} (see above): check the ids in ${flags.modelsFile} and the endpoint, then run the same command again\n`
            : 'rpe: some requests failed (see above); run the same command again to ask only those\n',
        );
        process.exitCode = 2;
      }
    });
}
