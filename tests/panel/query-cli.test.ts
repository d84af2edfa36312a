import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeChatServer,
  type FakeChatServer,
  type ReceivedRequest,
} from './fake-chat-server.js';
import { panelFixture, rpe, spawnRpe } from './run-rpe.js';

const itemsFile = panelFixture('items', 'shortcut-mix.jsonl');
const items = readFileSync(itemsFile, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { input: string; gold: string });

let dir: string;
let server: FakeChatServer | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-query-cli-'));
  writeFileSync(join(dir, 'models.txt'), '# two fake models\nalpha/good-early\nbeta  # second\n');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

// alpha knows the golds of the first four items, beta of the last four; wrong answers otherwise.
function panelAnswer(request: ReceivedRequest): string {
  const index = items.findIndex((i) => i.input === request.body.messages[1]?.content);
  const knows = request.body.model.startsWith('alpha') ? index < 4 : index >= 3;
  return knows ? (items[index]?.gold ?? '') : 'nie wiem';
}

const lines = (file: string) =>
  readFileSync(join(dir, 'responses', file), 'utf8')
    .trim()
    .split('\n');

describe('rpe query, evaluate, score', () => {
  it('turns an items file and an endpoint into the score', async () => {
    server = await startFakeChatServer((r) => ({ content: panelAnswer(r) }));
    writeFileSync(join(dir, '.env'), `EVAL_BASE_URL=${server.baseUrl}\nEVAL_API_KEY=dev-key\n`);
    const query = await rpe(
      [
        'query',
        '--items',
        itemsFile,
        '--models-file',
        'models.txt',
        '--output-dir',
        'responses',
        '--json',
      ],
      { cwd: dir },
    );
    expect(query.code).toBe(0);
    const summary = JSON.parse(query.stdout) as { complete: boolean; requests: number };
    expect(summary).toMatchObject({ complete: true, requests: 14 });
    expect(server.received[0]?.authorization).toBe('Bearer dev-key');
    expect(lines('alpha__good-early.jsonl')).toHaveLength(7);

    const evaluate = await rpe(
      [
        'evaluate',
        '--items',
        itemsFile,
        '--responses-dir',
        'responses',
        '--models-file',
        'models.txt',
        '--output',
        'matrix.json',
      ],
      { cwd: dir },
    );
    expect(evaluate.code).toBe(0);
    expect(evaluate.stdout).toContain('alpha/good-early: 4/7 correct');
    const matrix = JSON.parse(readFileSync(join(dir, 'matrix.json'), 'utf8')) as {
      models: string[];
      correct: number[][];
    };
    expect(matrix).toEqual({
      models: ['alpha/good-early', 'beta'],
      correct: [
        [1, 0],
        [1, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 1],
        [0, 1],
      ],
    });

    const score = await rpe(['score', '--matrix', 'matrix.json', '--json'], { cwd: dir });
    expect(score.code).toBe(0);
    const result = JSON.parse(score.stdout) as {
      n_items: number;
      n_models: number;
      discrimination: number;
    };
    expect(result).toMatchObject({ n_items: 7, n_models: 2 });
    expect(result.discrimination).toBeCloseTo(6 / 7, 10);
  });

  it('continues a killed run, sending only what is missing', async () => {
    server = await startFakeChatServer((r) => ({ content: panelAnswer(r), delayMs: 100 }));
    const args = [
      'query',
      '--items',
      itemsFile,
      '--models-file',
      'models.txt',
      '--output-dir',
      'responses',
      '--concurrency',
      '1',
      '--base-url',
      server.baseUrl,
    ];
    const run = spawnRpe(args, { cwd: dir });
    const file = join(dir, 'responses', 'alpha__good-early.jsonl');
    for (
      let i = 0;
      i < 200 && !(existsSync(file) && readFileSync(file, 'utf8').split('\n').length > 3);
      i++
    ) {
      await new Promise((r) => setTimeout(r, 25));
    }
    run.kill('SIGKILL');
    await run;
    const kept = readFileSync(file, 'utf8').trim().split('\n').length;
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThan(7);
    const before = server.received.length;

    const resumed = await rpe([...args, '--json'], { cwd: dir });
    expect(resumed.code).toBe(0);
    expect(server.received.length - before).toBe(14 - kept);
    expect(JSON.parse(resumed.stdout).models[0]).toMatchObject({
      cached: kept,
      answered: 7 - kept,
    });
    expect(
      lines('alpha__good-early.jsonl').map((l) => (JSON.parse(l) as { item: number }).item),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('stops on Ctrl-C with exit 130, keeping the answers so far', async () => {
    server = await startFakeChatServer((r) => ({ content: panelAnswer(r), delayMs: 100 }));
    const run = spawnRpe(
      [
        'query',
        '--items',
        itemsFile,
        '--models-file',
        'models.txt',
        '--output-dir',
        'responses',
        '--concurrency',
        '1',
        '--base-url',
        server.baseUrl,
      ],
      { cwd: dir },
    );
    const file = join(dir, 'responses', 'alpha__good-early.jsonl');
    for (let i = 0; i < 200 && !(existsSync(file) && readFileSync(file, 'utf8').length > 0); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    run.kill('SIGINT');
    const result = await run;
    expect(result.exitCode).toBe(130);
    expect(String(result.stderr)).toMatch(/stopped; answers so far are kept/);
    expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(1);
  });

  it('exits 2 when requests fail for good, naming them', async () => {
    server = await startFakeChatServer(() => ({ status: 400, body: '{"error":"bad request"}' }));
    const r = await rpe(
      [
        'query',
        '--items',
        itemsFile,
        '--models-file',
        'models.txt',
        '--output-dir',
        'responses',
        '--base-url',
        server.baseUrl,
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('alpha/good-early item 1: http_error after 1 attempt(s): HTTP 400');
    expect(r.stderr).toMatch(/some requests failed/);
  });

  it('refuses to run without an endpoint, in one line', async () => {
    const r = await rpe(
      ['query', '--items', itemsFile, '--models-file', 'models.txt', '--output-dir', 'responses'],
      { cwd: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rpe: no endpoint: pass --base-url or set EVAL_BASE_URL[^\n]*\n$/);
    expect(existsSync(join(dir, 'responses'))).toBe(false);
  });
});
