import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../run/default-limits.js';
import type { RunRequest, RunResult } from '../run/executor.js';
import { singleBatchEngine, type BatchEngine } from './batch-engine.js';
import type { CheckExecutor } from './check-submission.js';
import { runBatch, type BatchOptions } from './run-batch.js';
import type { BatchRow } from './write-batch-summary.js';
import { okRun } from '../../tests/ok-run.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const scratch = temporaryFolder('rpe-batch-');

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
      return okRun(request.seed, request.variation.name, output, ms);
    },
    dispose: async () => {},
  };
}

function submissions(): string {
  const root = mkdtempSync(join(scratch, 'rpe-batch-'));
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
    // The slow submission's executor is made only once the fast one has been reported (or after
    // 30 s, so that a batch that ran them one after another fails below instead of hanging): the
    // order of the rows then says that they ran side by side, whatever the machine's speed.
    let fastReported: () => void = () => undefined;
    const fastDone = new Promise<void>((settle) => (fastReported = settle));
    const options: BatchOptions = {
      submissions: join(root, 'subs'),
      seeds: [1, 2, 3],
      outDir: join(root, 'out'),
      limits: resolveLimits({ timeoutSeconds: 30 }),
      toolkitVersion: '0.1.0',
      executor: 'local',
      imageFor: async () => null,
      // The slow submission's executor takes long to make, as an install step would.
      engines: [
        singleBatchEngine('local', 3, async (_entrypoint, dir) => {
          if (readFileSync(join(dir, 'generate.py'), 'utf8').includes('slow'))
            await Promise.race([fastDone, sleep(30_000)]);
          return fakeExecutor(20, flight);
        }),
      ],
      onRow: (row: BatchRow) => {
        order.push(row.name);
        if (row.name === 'b-fast') fastReported();
      },
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
      toolkitVersion: '0.1.0',
      executor: 'local',
      imageFor: async () => null,
      engines: [singleBatchEngine('local', 4, async () => fakeExecutor(30, flight))],
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
      engines: [singleBatchEngine('local', 1, async () => fakeExecutor(1, flight))],
    };
    await runBatch({ ...base, seeds: [1, 2] });
    expect(existsSync(join(root, 'out', 'b-fast', 'seed-2.jsonl'))).toBe(true);
    const { rows } = await runBatch({ ...base, seeds: [3, 4] });
    expect(rows[1]?.rerun_because).toBe('seeds 1,2 → 3,4');
    expect(existsSync(join(root, 'out', 'b-fast', 'seed-2.jsonl'))).toBe(false);
    expect(existsSync(join(root, 'out', 'b-fast', 'seed-4.jsonl'))).toBe(true);
  });
});

interface FakeEngineOptions {
  jobs?: number;
  /** After this many runs the engine is gone: runs throw (`refuse`) or never end (`hang`). */
  failAfter?: { runs: number; how: 'refuse' | 'hang' };
  /** Why the engine cannot take work (its images), or null. */
  notReady?: string;
  /** Every run's status, to make a generator fail. */
  status?: RunResult['status'];
}

// A fake engine of a pool: records which submission (the first line of its generate.py) ran
// where, and can fail the way an engine does: refusing connections, or hanging until its watch
// says it is lost.
function fakeEngine(url: string, ranOn: Map<string, Set<string>>, options: FakeEngineOptions = {}) {
  let runs = 0;
  let down = false;
  let markLost: (reason: string) => void = () => undefined;
  const lost = new Promise<string>((resolve) => (markLost = resolve));
  const engine: BatchEngine = {
    url,
    jobs: options.jobs ?? 1,
    ready: Promise.resolve(options.notReady ?? null),
    async createExecutor(_entrypoint, dir) {
      const name = readFileSync(join(dir, 'generate.py'), 'utf8').split('\n')[0] ?? '';
      const base = fakeExecutor(5, { now: 0, most: 0 });
      return {
        ...base,
        engine: { url, name: `host of ${url}`, version: '20.10' },
        async run(request) {
          if (options.failAfter && ++runs > options.failAfter.runs) down = true;
          if (down && options.failAfter?.how === 'hang') {
            setTimeout(() => markLost('stopped answering (3 checks in a row)'), 50);
            return new Promise<RunResult>(() => undefined);
          }
          if (down)
            throw Object.assign(new Error('connect ECONNREFUSED /x.sock'), {
              code: 'ECONNREFUSED',
            });
          ranOn.set(name, (ranOn.get(name) ?? new Set()).add(url));
          const result = await base.run(request);
          return options.status ? { ...result, status: options.status, message: 'boom' } : result;
        },
      };
    },
    fault: async () =>
      down ? { reason: 'stopped answering: connection refused', down: true } : null,
    lost,
    close: () => undefined,
  };
  return engine;
}

// `count` submissions named s1, s2, ..., each generate.py starting with its name.
function manySubmissions(count: number): string {
  const root = mkdtempSync(join(scratch, 'rpe-pool-batch-'));
  for (let i = 1; i <= count; i++) {
    mkdirSync(join(root, 'subs', `s${i}`), { recursive: true });
    writeFileSync(join(root, 'subs', `s${i}`, 'generate.py'), `s${i}\n`);
  }
  return root;
}

describe('runBatch over a pool of engines', () => {
  const base = (root: string, engines: BatchEngine[]): BatchOptions => ({
    submissions: join(root, 'subs'),
    seeds: [1, 2],
    outDir: join(root, 'out'),
    limits: resolveLimits({ timeoutSeconds: 30 }),
    toolkitVersion: '0.1.0',
    executor: 'docker',
    imageFor: async () => null,
    engines,
  });

  it('spreads submissions over the engines, every seed of one on one engine, and names it', async () => {
    const root = manySubmissions(6);
    const ranOn = new Map<string, Set<string>>();
    const engines = [fakeEngine('e1', ranOn), fakeEngine('e2', ranOn, { jobs: 2 })];
    const { rows, engines: used } = await runBatch(base(root, engines));
    expect(rows.map((r) => r.verdict)).toEqual(Array(6).fill('incomplete'));
    for (const row of rows) {
      expect([...(ranOn.get(row.name) ?? [])]).toEqual([row.engine]);
      expect(row.requeued_from).toEqual([]);
    }
    expect(new Set(rows.map((r) => r.engine))).toEqual(new Set(['e1', 'e2']));
    expect(used.map((u) => [u.url, u.status])).toEqual([
      ['e1', 'used'],
      ['e2', 'used'],
    ]);
    expect(used.reduce((sum, u) => sum + u.finished, 0)).toBe(6);
    const report = JSON.parse(readFileSync(join(root, 'out', 's1', 'report.json'), 'utf8'));
    expect(report.engine).toMatchObject({ url: rows[0]?.engine, version: '20.10' });
    const csv = readFileSync(join(root, 'out', 'summary.csv'), 'utf8');
    expect(csv.split('\n')[0]).toContain(',image_id,engine,toolkit_version,');
    const md = readFileSync(join(root, 'out', 'summary.md'), 'utf8');
    expect(md).toMatch(/- engines: `e1` \d submissions?; `e2` \d submissions?\n/);
  });

  it('requeues what an engine had when it stops answering, and reports every submission', async () => {
    const root = manySubmissions(6);
    const ranOn = new Map<string, Set<string>>();
    const lost: string[] = [];
    const requeued: string[] = [];
    const engines = [
      fakeEngine('e1', ranOn),
      fakeEngine('e2', ranOn, { failAfter: { runs: 3, how: 'refuse' } }),
    ];
    const { rows, engines: used } = await runBatch({
      ...base(root, engines),
      onEngine: (e) => lost.push(`${e.url} ${e.status}`),
      onRequeued: (name, url) => requeued.push(`${name} from ${url}`),
    });
    expect(rows.map((r) => r.verdict)).toEqual(Array(6).fill('incomplete'));
    expect(lost).toEqual(['e2 lost']);
    expect(used.find((u) => u.url === 'e2')).toMatchObject({
      status: 'lost',
      reason: 'stopped answering: connection refused',
    });
    const moved = rows.filter((r) => r.requeued_from.length > 0);
    expect(moved.length).toBeGreaterThan(0);
    expect(requeued).toEqual(moved.map((r) => `${r.name} from e2`));
    for (const row of moved) {
      expect(row.engine).toBe('e1');
      const report = JSON.parse(readFileSync(join(root, 'out', row.name, 'report.json'), 'utf8'));
      expect(report.requeued).toEqual([
        { engine: 'e2', reason: 'stopped answering: connection refused' },
      ]);
      // Its sets come from the engine that finished it, none left from the failed attempt.
      expect(readFileSync(join(root, 'out', row.name, 'seed-2.jsonl'))).toEqual(items(2));
    }
    expect(existsSync(join(root, 'out', '.work', 'attempts'))).toBe(false);
  });

  it('takes back from an engine that hangs once its watch says it is lost', async () => {
    const root = manySubmissions(4);
    const ranOn = new Map<string, Set<string>>();
    const engines = [
      fakeEngine('e1', ranOn),
      fakeEngine('e2', ranOn, { failAfter: { runs: 1, how: 'hang' } }),
    ];
    const { rows } = await runBatch({ ...base(root, engines), jobs: 1 });
    expect(rows.map((r) => r.verdict)).toEqual(Array(4).fill('incomplete'));
    expect(rows.some((r) => r.requeued_from.includes('e2'))).toBe(true);
    expect(rows.every((r) => r.engine === 'e1')).toBe(true);
  });

  it("does not take a generator's failure for the engine's", async () => {
    const root = manySubmissions(2);
    const engines = [fakeEngine('e1', new Map(), { status: 'runtime_error' })];
    const { rows } = await runBatch(base(root, engines));
    expect(rows.map((r) => [r.verdict, r.reasons[0], r.requeued_from])).toEqual([
      ['disqualified', 'runtime_error', []],
      ['disqualified', 'runtime_error', []],
    ]);
  });

  it('skips an engine that cannot take work, and gives up when no engine is left', async () => {
    const root = manySubmissions(3);
    const ranOn = new Map<string, Set<string>>();
    const skipped = await runBatch(
      base(root, [
        fakeEngine('e1', ranOn, { notReady: 'the runner images could not be imported' }),
        fakeEngine('e2', ranOn),
      ]),
    );
    expect(skipped.rows.map((r) => r.engine)).toEqual(['e2', 'e2', 'e2']);
    expect(skipped.engines[0]).toMatchObject({ status: 'skipped', finished: 0 });

    const none = await runBatch({
      ...base(manySubmissions(3), [
        fakeEngine('e3', ranOn, { failAfter: { runs: 0, how: 'refuse' } }),
      ]),
      rerun: true,
    });
    expect(none.rows.map((r) => r.verdict)).toEqual(['error', 'error', 'error']);
    expect(none.rows[0]?.message).toBe(
      'not checked: no engine of the pool is left to check it: e3 (stopped answering: connection refused)',
    );
    expect(none.rows[0]?.requeued_from).toEqual(['e3']);
  });

  it('keeps to --jobs over the whole pool', async () => {
    const root = manySubmissions(4);
    const flight = { now: 0, most: 0 };
    const counting = (url: string) =>
      singleBatchEngine(url, 2, async () => fakeExecutor(20, flight));
    await runBatch({ ...base(root, [counting('e1'), counting('e2')]), jobs: 1 });
    expect(flight.most).toBe(1);
    const again = { now: 0, most: 0 };
    const wide = (url: string) => singleBatchEngine(url, 2, async () => fakeExecutor(20, again));
    await runBatch({ ...base(manySubmissions(4), [wide('e1'), wide('e2')]) });
    expect(again.most).toBe(4);
  });
});
