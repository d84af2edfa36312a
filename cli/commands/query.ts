import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { ModelQuerySummary } from '../../panel/query/index.js';
import { printJson, printLine, progress } from '../output.js';
import { addEndpointOptions, endpointConfig, type EndpointFlags } from '../panel-flags.js';

interface QueryFlags extends EndpointFlags {
  items: string;
  modelsFile: string;
  outputDir: string;
  json?: boolean;
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
      const { readModelsFile, queryModels, queryWarnings, modelFileName } =
        await import('../../panel/query/index.js');
      const { checkWritablePath } = await import('../../framework/index.js');
      const items = readItemsFile(flags.items);
      const models = readModelsFile(flags.modelsFile);
      // A responses file is rewritten at the end of the run: none may be an input of it.
      const inputs = [flags.items, flags.modelsFile, ...(flags.dotenv ? [flags.dotenv] : [])];
      checkWritablePath(flags.outputDir, 'folder');
      for (const model of models) {
        const file = join(flags.outputDir, modelFileName(model));
        if (statSync(file, { throwIfNoEntry: false })?.isFile()) {
          checkWritablePath(file, 'file', { inputs });
        }
      }
      const config = await endpointConfig(flags);

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
