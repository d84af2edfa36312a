// `npm run bench -- panel`: the panel's throughput against a loopback OpenAI-compatible server, the
// cost of a resumed run that has everything cached, marking, evaluator.py calls and the baselines.
// A real server spends far longer per answer than this loopback one: the query target only
// checks that the client itself is never the bottleneck of a local vLLM or llama-server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runBaselines, openLexiconIfPresent } from '../../panel/baselines/index.js';
import { evaluateResponses, startPythonEvaluator } from '../../panel/evaluate/index.js';
import { chatCompletionsUrl, queryModels } from '../../panel/query/index.js';
import { startFakeChatServer } from '../../tests/panel/fake-chat-server.js';
import { packagePath } from '../../framework/package-root.js';
import { measure, report } from './measure.js';

const N = 200;
const items = Array.from({ length: N }, (_, i) => ({
  input: `Pytanie ${i}: podaj formę wyrazu [kot] w przypadku numer ${i % 7}.`,
  gold: i % 3 === 0 ? 'kota' : `forma-${i}`,
}));

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-bench-panel-'));
  const server = await startFakeChatServer();
  try {
    const models = ['bench/a', 'bench/b'];
    const options = {
      items,
      models,
      outputDir: dir,
      config: { chatUrl: chatCompletionsUrl(server.baseUrl), apiKey: null },
      concurrency: 8,
    };
    const t0 = performance.now();
    const first = await queryModels(options);
    const seconds = (performance.now() - t0) / 1000;
    report(`query: ${first.requests} requests, concurrency 8`, first.requests / seconds, 'req/s', {
      min: 30,
    });
    const resumed = await measure('resume', () => queryModels(options), { runs: 5, warmup: 1 });
    report(`query resumed, all ${N * models.length} cached`, resumed.medianMs, 'ms', { max: 500 });

    const predictions = items.map((item, i) => (i % 2 === 0 ? item.gold : 'nie wiem'));
    const responses = Array.from({ length: 6 }, (_, m) => ({
      model: `m${m}`,
      file: null,
      predictions,
      skippedLines: [],
    }));
    const marking = await measure('evaluate', () => evaluateResponses({ items, responses }), {
      runs: 10,
    });
    report(`evaluate (aliases): ${N} items x 6 models`, marking.medianMs, 'ms', { max: 100 });

    const evaluator = await startPythonEvaluator({
      path: packagePath(
        'tests',
        'fixtures',
        'panel',
        'evaluators',
        'casefold-with-traps',
        'evaluator.py',
      ),
    });
    try {
      const t1 = performance.now();
      for (const [i, item] of items.entries()) await evaluator.accept(`Kota${i}`, item.gold);
      report(
        'evaluator.py: accept() calls through the worker',
        N / ((performance.now() - t1) / 1000),
        'calls/s',
        { min: 500 },
      );
    } finally {
      await evaluator.close();
    }

    const { lexicon, note } = openLexiconIfPresent();
    try {
      const baselines = await measure('baselines', () => runBaselines({ items, lexicon }), {
        runs: 5,
        warmup: 1,
      });
      report(
        `baselines: ${N} items${lexicon ? '' : ` (no lexicon: ${note})`}`,
        baselines.medianMs,
        'ms',
        { max: 1000 },
      );
    } finally {
      lexicon?.close();
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
