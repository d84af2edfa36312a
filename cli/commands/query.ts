import type { Command } from 'commander';
import { printJson, printLine, progress } from '../output.js';
import {
  addEndpointOptions,
  endpointConfig,
  readModelsFile,
  type EndpointFlags,
} from '../panel-flags.js';

interface QueryFlags extends EndpointFlags {
  items: string;
  modelsFile: string;
  outputDir: string;
  json?: boolean;
}

// `rpe query`: asks every model of a models file every item, with the task's fixed prompt.
export function register(program: Command): void {
  const command = program
    .command('query')
    .description(
      "send every item to every model through an OpenAI-compatible endpoint (the task's system message, temperature 0, 64 tokens); answers are cached, so a second run only asks what is missing",
    )
    .requiredOption('--items <file>', 'items.jsonl')
    .requiredOption('--models-file <file>', 'model ids, one per line, # for comments')
    .requiredOption(
      '--output-dir <dir>',
      'one responses file per model (<org>__<name>.jsonl), also the cache',
    );
  addEndpointOptions(command)
    .option('--json', 'print the run summary as JSON')
    .action(async (flags: QueryFlags) => {
      const { readItemsFile } = await import('../../panel/items/index.js');
      const { queryModels } = await import('../../panel/query/index.js');
      const items = readItemsFile(flags.items);
      const models = await readModelsFile(flags.modelsFile);
      const config = await endpointConfig(flags);

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
