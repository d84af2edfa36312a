import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../run/default-limits.js';
import type { RunRequest, RunResult } from '../run/executor.js';
import type { CheckExecutor } from './check-submission.js';
import { runBatch, type BatchOptions } from './run-batch.js';
import type { BatchRow } from './write-batch-summary.js';

// 50 valid items, different for every seed.
function items(seed: number): Buffer {
  const lines = Array.from({ length: 50 }, (_, i) =>
    JSON.stringify({ input: `Pytanie ${seed}/${i}`, gold: 'tak' }),
  );
  return Buffer.from(`${lines.join('\n')}\n`);
}

// An executor that takes `ms` per run and counts how many runs are in flight over the batch.
function fakeExecutor(ms: number, flight: { now: number; most: number }): CheckExecutor {
  return {
    kind: 'local',
    isolated: false,
    networkTraced: false,
    async run(request: RunRequest): Promise<RunResult> {
      flight.most = Math.max(flight.most, ++flight.now);
      await sleep(ms);
      flight.now--;
      const output = items(request.seed);
      return {
        status: 'ok',
        seed: request.seed,
        variation: request.variation.name,
        exitCode: 0,
        timedOut: false,
        oomKilled: false,
        wallMs: ms,
        peakMemoryBytes: null,
        stdoutTail: '',
        networkAttempts: null,
        stderrTail: '',
        output,
        outputSha256: createHash('sha256').update(output).digest('hex'),
      };
    },
    dispose: async () => {},
  };
}

function submissions(): string {
  const root = mkdtempSync(join(tmpdir(), 'rpe-batch-'));
  for (const [name, speed] of [
    ['a-slow', 'slow'],
    ['b-fast', 'fast'],
  ] as const) {
    mkdirSync(join(root, 'subs', name), { recursive: true });
    writeFileSync(join(root, 'subs', name, 'generate.py'), `# ${speed}\n`);
  }
  return root;
}

describe('runBatch', () => {
  it('runs the seeds of a submission in parallel within --jobs over the batch, and reports each as it ends', async () => {
    const root = submissions();
    const flight = { now: 0, most: 0 };
    const order: string[] = [];
    const options: BatchOptions = {
      submissions: join(root, 'subs'),
      seeds: [1, 2, 3],
      outDir: join(root, 'out'),
      limits: resolveLimits({ timeoutSeconds: 30 }),
      jobs: 3,
      toolkitVersion: '0.1.0',
      executor: 'local',
      imageFor: async () => null,
      // The slow submission's executor takes long to make, as an install step would.
      createExecutor: async (_entrypoint, dir) => {
        if (readFileSync(join(dir, 'generate.py'), 'utf8').includes('slow')) await sleep(600);
        return fakeExecutor(20, flight);
      },
      onRow: (row: BatchRow) => order.push(row.name),
    };
    const { rows } = await runBatch(options);
    expect(flight.most).toBe(3);
    expect(order).toEqual(['b-fast', 'a-slow']);
    expect(rows.map((r) => r.name)).toEqual(['a-slow', 'b-fast']);
    expect(rows.map((r) => r.verdict)).toEqual(['incomplete', 'incomplete']);
    for (const seed of [1, 2, 3]) {
      expect(readFileSync(join(root, 'out', 'a-slow', `seed-${seed}.jsonl`))).toEqual(items(seed));
    }

    const again = await runBatch({ ...options, imageFor: async () => 'sha256:rebuilt' });
    expect(again.rows.map((r) => [r.resumed, r.rerun_because])).toEqual([
      [false, 'image none → sha256:rebuilt'],
      [false, 'image none → sha256:rebuilt'],
    ]);
    const same = await runBatch(options);
    expect(same.rows.map((r) => r.resumed)).toEqual([true, true]);
  });

  it('runs the seeds of a single submission side by side, up to --jobs', async () => {
    const root = submissions();
    const flight = { now: 0, most: 0 };
    const list = join(root, 'list.txt');
    writeFileSync(list, 'subs/a-slow\n');
    await runBatch({
      submissions: list,
      seeds: [1, 2, 3, 4, 5],
      outDir: join(root, 'out'),
      limits: resolveLimits({ timeoutSeconds: 30 }),
      jobs: 4,
      toolkitVersion: '0.1.0',
      executor: 'local',
      imageFor: async () => null,
      createExecutor: async () => fakeExecutor(30, flight),
    });
    expect(flight.most).toBe(4);
  });

  it('drops the sets of an earlier check when the seeds change', async () => {
    const root = submissions();
    const flight = { now: 0, most: 0 };
    const base = {
      submissions: join(root, 'subs'),
      outDir: join(root, 'out'),
      limits: resolveLimits({ timeoutSeconds: 30 }),
      toolkitVersion: '0.1.0',
      executor: 'local' as const,
      imageFor: async () => null,
      createExecutor: async () => fakeExecutor(1, flight),
    };
    await runBatch({ ...base, seeds: [1, 2] });
    expect(existsSync(join(root, 'out', 'b-fast', 'seed-2.jsonl'))).toBe(true);
    const { rows } = await runBatch({ ...base, seeds: [3, 4] });
    expect(rows[1]?.rerun_because).toBe('seeds 1,2 → 3,4');
    expect(existsSync(join(root, 'out', 'b-fast', 'seed-2.jsonl'))).toBe(false);
    expect(existsSync(join(root, 'out', 'b-fast', 'seed-4.jsonl'))).toBe(true);
  });
});
