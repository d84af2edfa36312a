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
// rpe query over the fixture items and the two fake models, into responses/.
const QUERY = [
  'query',
  '--items',
  itemsFile,
  '--models-file',
  'models.txt',
  '--output-dir',
  'responses',
];
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
    const query = await rpe([...QUERY, '--json'], { cwd: dir });
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
    const args = [...QUERY, '--concurrency', '1', '--base-url', server.baseUrl];
    const run = spawnRpe(args, { cwd: dir });
    const file = join(dir, 'responses', 'alpha__good-early.jsonl');
    // Waits for the answers, up to 100 s: the CLI's start takes seconds on a loaded machine.
    for (
      let i = 0;
      i < 4000 && !(existsSync(file) && readFileSync(file, 'utf8').split('\n').length > 3);
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
    const run = spawnRpe([...QUERY, '--concurrency', '1', '--base-url', server.baseUrl], {
      cwd: dir,
    });
    const file = join(dir, 'responses', 'alpha__good-early.jsonl');
    for (let i = 0; i < 4000 && !(existsSync(file) && readFileSync(file, 'utf8').length > 0); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    run.kill('SIGINT');
    const result = await run;
    expect(result.exitCode).toBe(130);
    expect(String(result.stderr)).toMatch(/stopped; answers so far are kept/);
    expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(1);
  });

  it('stops when the first requests all fail the same way, in one line, asking no other model', async () => {
    server = await startFakeChatServer(() => ({ status: 400, body: '{"error":"bad request"}' }));
    const r = await rpe([...QUERY, '--concurrency', '1', '--base-url', server.baseUrl], {
      cwd: dir,
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(
      [
        `endpoint ${server.baseUrl}/chat/completions`,
        'alpha/good-early: 0 cached, 0 answered, 3 failed, 4 not asked',
        'beta: 0 cached, 0 answered, 0 failed, 7 not asked',
        '3 requests sent; answers missing',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe(
      'rpe: the first 3 requests all failed the same way (HTTP 400: {"error":"bad request"}); check the endpoint and the models, then run again\n',
    );
    expect(existsSync(join(dir, 'responses'))).toBe(false);
  });

  it('after a refused key, lists every model and says to fix the key', async () => {
    server = await startFakeChatServer(() => ({ status: 401, body: 'invalid key' }));
    const r = await rpe([...QUERY, '--base-url', server.baseUrl, '--api-key', 'zly', '--json'], {
      cwd: dir,
    });
    expect(r.code).toBe(2);
    const summary = JSON.parse(r.stdout) as { models: { model: string }[]; halted: object };
    expect(summary.models.map((m) => m.model)).toEqual(['alpha/good-early', 'beta']);
    expect(summary.halted).toMatchObject({ code: 'key_refused' });
    expect(r.stderr).toMatch(
      /^rpe: the server refused the API key \(HTTP 401: invalid key\): check --api-key or EVAL_API_KEY[^\n]*\n$/,
    );
  });

  it("prints each model's line as soon as it is done, also into a pipe", async () => {
    // beta's answers take long: alpha's line must be out well before the run ends.
    server = await startFakeChatServer((r) => ({
      content: panelAnswer(r),
      delayMs: r.body.model === 'beta' ? 1500 : 0,
    }));
    const run = spawnRpe([...QUERY, '--concurrency', '7', '--base-url', server.baseUrl], {
      cwd: dir,
    });
    let alphaAt = 0;
    run.stdout?.on('data', (chunk: Buffer) => {
      if (!alphaAt && chunk.toString().includes('alpha/good-early: 0 cached, 7 answered'))
        alphaAt = Date.now();
    });
    const result = await run;
    expect(result.exitCode).toBe(0);
    expect(alphaAt).toBeGreaterThan(0);
    expect(Date.now() - alphaAt).toBeGreaterThan(1000);
  });

  it('reads the endpoint from --dotenv, and refuses --env-file with the new name', async () => {
    server = await startFakeChatServer((r) => ({ content: panelAnswer(r) }));
    writeFileSync(join(dir, 'panel.env'), `EVAL_BASE_URL=${server.baseUrl}\n`);
    const ok = await rpe([...QUERY, '--dotenv', 'panel.env'], { cwd: dir });
    expect(ok.code).toBe(0);
    const old = await rpe([...QUERY, '--env-file', 'panel.env'], { cwd: dir });
    expect(old.code).toBe(2);
    expect(old.stderr).toMatch(
      /^rpe: option '--env-file <file>' argument 'panel.env' is invalid\. use --dotenv instead[^\n]*\n$/,
    );
    const missing = await rpe([...QUERY, '--dotenv', 'nowhere.env'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('rpe: cannot read nowhere.env: no such file\n');
  });

  it('refuses to run without an endpoint, in one line', async () => {
    const r = await rpe(QUERY, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rpe: no endpoint: pass --base-url or set EVAL_BASE_URL[^\n]*\n$/);
    expect(existsSync(join(dir, 'responses'))).toBe(false);
  });
});
