import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { printJson, printLine, progress } from '../output.js';

interface QueryFlags {
  items: string;
  modelsFile: string;
  outputDir: string;
  baseUrl?: string;
  apiKey?: string;
  envFile: string;
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
    .option('--env-file <file>', 'where EVAL_BASE_URL and EVAL_API_KEY are read from', '.env')
    .option('--concurrency <n>', 'requests in flight at once', count(1), 4)
    .option('--timeout <seconds>', 'limit per request', seconds, 120)
    .option('--retries <n>', 'retries on 429, 5xx, network errors and timeouts', count(0), 4)
    .option('--json', 'print the run summary as JSON')
    .action(async (flags: QueryFlags) => {
      const { readItemsFile } = await import('../../panel/items/index.js');
      const { loadEvalConfig, parseModelsList, queryModels } =
        await import('../../panel/query/index.js');
      const { RpeError } = await import('../../framework/index.js');
      const items = readItemsFile(flags.items);
      let modelsText: string;
      try {
        modelsText = readFileSync(flags.modelsFile, 'utf8');
      } catch (cause) {
        throw new RpeError(
          'models_unreadable',
          `cannot read ${flags.modelsFile}: ${String(cause)}`,
        );
      }
      const models = parseModelsList(modelsText, flags.modelsFile);
      const config = loadEvalConfig({
        ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
        ...(flags.apiKey !== undefined ? { apiKey: flags.apiKey } : {}),
        env: process.env,
        envFile: flags.envFile,
      });

      const stop = new AbortController();
      const onSigint = () => stop.abort();
      process.once('SIGINT', onSigint);
      const bar = progress('query', { quiet: flags.json === true });
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
        });
      } finally {
        bar.done();
        process.off('SIGINT', onSigint);
      }

      if (flags.json) printJson(result);
      else {
        printLine(`endpoint ${result.endpoint}`);
        for (const m of result.models) {
          const error = m.error ? `; refused: ${m.error}` : '';
          printLine(
            `${m.model}: ${m.cached} cached, ${m.answered} answered, ${m.failed} failed -> ${m.file}${error}`,
          );
        }
        for (const f of result.failures.slice(0, 20)) {
          printLine(
            `  ${f.model} item ${f.item}: ${f.status} after ${f.attempts} attempt(s): ${f.message}`,
          );
        }
        if (result.failures.length > 20)
          printLine(`  ... and ${result.failures.length - 20} more failures`);
        printLine(
          `${result.requests} requests sent; ${result.complete ? 'every item answered' : 'answers missing'}`,
        );
      }
      if (result.stopped) {
        process.stderr.write(
          'rpe: stopped; answers so far are kept, run the same command to continue\n',
        );
        process.exitCode = 130;
      } else if (!result.complete) {
        process.stderr.write(
          'rpe: some requests failed (see above); run the same command again to ask only those\n',
        );
        process.exitCode = 2;
      }
    });
}
