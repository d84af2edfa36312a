import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  echoAnswer,
  startFakeChatServer,
  type FakeChatServer,
} from '../../tests/panel/fake-chat-server.js';
import { chatCompletionsUrl } from './load-eval-config.js';
import { queryModels, type QueryOptions } from './query-models.js';
import { responseKey } from './response-key.js';
import { DECODING, SYSTEM_MESSAGE } from './system-message.js';

let dir: string;
let server: FakeChatServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-query-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const items = [
  { input: 'Podaj  formę: [kot]\n  w dopełniaczu ' },
  { input: 'Drugie pytanie o psa' },
  { input: 'Trzecie pytanie o konia' },
  { input: 'Czwarte pytanie o krowę' },
];

function options(over: Partial<QueryOptions> = {}): QueryOptions {
  return {
    items,
    models: ['org/model-a', 'model-b'],
    outputDir: dir,
    config: { chatUrl: chatCompletionsUrl(server?.baseUrl ?? ''), apiKey: 'sekret' },
    baseDelayMs: 10,
    ...over,
  };
}

function lines(file: string): { item: number; input: string; response: string; model: string }[] {
  return readFileSync(join(dir, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { item: number; input: string; response: string; model: string });
}

describe('queryModels', () => {
  it('sends the fixed system message, the input unchanged, temperature 0 and 64 tokens', async () => {
    server = await startFakeChatServer();
    const result = await queryModels(options());
    expect(result.complete).toBe(true);
    expect(result.requests).toBe(8);
    const first = server.received[0];
    expect(first?.path).toBe('/v1/chat/completions');
    expect(first?.authorization).toBe('Bearer sekret');
    expect(first?.body.temperature).toBe(0);
    expect(first?.body.max_tokens).toBe(64);
    expect(first?.body.messages).toEqual([
      { role: 'system', content: SYSTEM_MESSAGE },
      { role: 'user', content: items[0]?.input },
    ]);
    const a = lines('org__model-a.jsonl');
    expect(a.map((l) => l.item)).toEqual([1, 2, 3, 4]);
    expect(a[1]).toMatchObject({
      model: 'org/model-a',
      input: items[1]?.input,
      response: 'org/model-a:psa',
    });
    expect(lines('model-b.jsonl')[3]?.response).toBe('model-b:krowę');
  });

  it('gives up on a slow server after the timeout and its retries, and caches nothing', async () => {
    server = await startFakeChatServer(() => ({ delayMs: 2000, content: 'late' }));
    const started = Date.now();
    const result = await queryModels(
      options({ items: items.slice(0, 1), models: ['m'], timeoutMs: 150, retries: 1 }),
    );
    // Before the slow server's answer (2 s) could have come: it gave up, it did not wait.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.complete).toBe(false);
    expect(result.failures).toEqual([
      expect.objectContaining({ model: 'm', item: 1, status: 'timeout', attempts: 2 }),
    ]);
    // No answer, no file: an empty responses file would look like a model that was asked.
    expect(existsSync(join(dir, 'm.jsonl'))).toBe(false);
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    server = await startFakeChatServer((r, n) =>
      n === 0
        ? { status: 429, headers: { 'retry-after': '1' }, body: '{"error":"slow down"}' }
        : { content: echoAnswer(r) },
    );
    const started = Date.now();
    const result = await queryModels(options({ items: items.slice(1, 2), models: ['m'] }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.complete).toBe(true);
    expect(result.requests).toBe(2);
    expect(lines('m.jsonl')[0]?.response).toBe('m:psa');
  });

  it('retries a 500 and keeps the answer of the second attempt', async () => {
    server = await startFakeChatServer((r, n) =>
      n === 0 ? { status: 500, body: 'boom' } : { content: echoAnswer(r) },
    );
    const result = await queryModels(options({ items: items.slice(1, 2), models: ['m'] }));
    expect(result.failures).toEqual([]);
    expect(result.requests).toBe(2);
    expect(lines('m.jsonl')[0]?.response).toBe('m:psa');
  });

  it('reports a malformed body without retrying it, and asks it again on the next run', async () => {
    let broken = true;
    server = await startFakeChatServer((r) =>
      broken && r.body.messages[1]?.content === items[1]?.input
        ? { body: '{"choices": "nope"' }
        : { content: echoAnswer(r) },
    );
    const first = await queryModels(options({ models: ['m'] }));
    expect(first.failures).toEqual([
      expect.objectContaining({ item: 2, status: 'malformed', attempts: 1 }),
    ]);
    expect(first.halted).toBeNull();
    expect(lines('m.jsonl').map((l) => l.item)).toEqual([1, 3, 4]);
    broken = false;
    const before = server.received.length;
    const second = await queryModels(options({ models: ['m'] }));
    expect(second.requests).toBe(1);
    expect(server.received[before]?.body.messages[1]?.content).toBe(items[1]?.input);
    expect(lines('m.jsonl').map((l) => l.item)).toEqual([1, 2, 3, 4]);
  });

  it('continues an interrupted run by sending only the missing requests', async () => {
    server = await startFakeChatServer((r) => ({ content: echoAnswer(r), delayMs: 20 }));
    const stop = new AbortController();
    const first = await queryModels(
      options({
        concurrency: 1,
        signal: stop.signal,
        onProgress: ({ done }) => {
          if (done === 3) stop.abort();
        },
      }),
    );
    expect(first.stopped).toBe(true);
    expect(lines('org__model-a.jsonl')).toHaveLength(3);
    const askedBefore = server.received.length;
    const second = await queryModels(options());
    expect(second.complete).toBe(true);
    expect(second.requests).toBe(8 - 3);
    const resent = server.received
      .slice(askedBefore)
      .map((r) => `${r.body.model}|${r.body.messages[1]?.content}`);
    expect(resent).toEqual([
      `org/model-a|${items[3]?.input}`,
      ...items.map((i) => `model-b|${i.input}`),
    ]);
    expect(second.models[0]).toMatchObject({ cached: 3, answered: 1 });
  });

  it('asks a changed item again, drops its stale answer and survives a line cut short', async () => {
    server = await startFakeChatServer();
    await queryModels(options({ models: ['m'] }));
    appendFileSync(join(dir, 'm.jsonl'), '{"key":"sha256:cut');
    const changed = [...items.slice(0, 3), { input: 'Zmienione pytanie o owcę' }];
    const before = server.received.length;
    const result = await queryModels(options({ models: ['m'], items: changed }));
    expect(server.received.length - before).toBe(1);
    expect(result.models[0]).toMatchObject({ cached: 3, answered: 1 });
    const file = lines('m.jsonl');
    expect(file.map((l) => l.response)).toEqual(['m:dopełniaczu', 'm:psa', 'm:konia', 'm:owcę']);
  });

  it('stops asking a model the server does not know, and goes on with the next one', async () => {
    server = await startFakeChatServer((r) =>
      r.body.model === 'missing'
        ? { status: 404, body: '{"error":"model not found"}' }
        : { content: echoAnswer(r) },
    );
    const result = await queryModels(options({ models: ['missing', 'm'], concurrency: 1 }));
    expect(result.models[0]?.error).toContain('404');
    expect(server.received.filter((r) => r.body.model === 'missing')).toHaveLength(1);
    expect(result.models[1]).toMatchObject({ answered: 4, failed: 0 });
    expect(result.complete).toBe(false);
  });

  it('stops the whole run when the server refuses the key', async () => {
    server = await startFakeChatServer(() => ({
      status: 401,
      body: '{"error":"invalid api key"}',
    }));
    const result = await queryModels(options({ concurrency: 1 }));
    expect(server.received).toHaveLength(1);
    expect(result.models[0]?.error).toMatch(/^HTTP 401: .*invalid api key/);
    // The model never asked is in the summary too, with what its cache holds.
    expect(result.models[1]).toMatchObject({
      model: 'model-b',
      cached: 0,
      skipped: 4,
      error: null,
    });
    expect(result.halted).toMatchObject({ code: 'key_refused' });
    expect(result.halted?.message).toMatch(/refused the API key .*check --api-key or EVAL_API_KEY/);
    expect(result.halted?.message).not.toMatch(/run again/);
    expect(result.complete).toBe(false);
  });

  it('does not leave a temporary file behind', async () => {
    server = await startFakeChatServer();
    writeFileSync(join(dir, 'keep.txt'), 'x');
    await queryModels(options({ models: ['m'] }));
    expect(readFileSync(join(dir, 'keep.txt'), 'utf8')).toBe('x');
    expect(readdirSync(dir).sort()).toEqual(['keep.txt', 'm.jsonl']);
  });
});

// A fetch that fails like undici does when nothing listens: TypeError with the system's code.
function refusedFetch(): Promise<Response> {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4'), {
    code: 'ECONNREFUSED',
  });
  return Promise.reject(new TypeError('fetch failed', { cause }));
}

describe('queryModels when the endpoint does not work', () => {
  it('halts at once when nothing listens, sending no retry and writing nothing', async () => {
    const outputDir = join(dir, 'new', 'responses');
    const started = Date.now();
    const result = await queryModels(
      options({
        outputDir,
        config: { chatUrl: 'http://127.0.0.1:4/v1/chat/completions', apiKey: null },
        baseDelayMs: 5000,
      }),
    );
    // Sooner than the first retry's delay (5 s): no retry was sent.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.halted).toMatchObject({ code: 'endpoint_unreachable' });
    expect(result.halted?.message).toMatch(
      /^cannot reach http:\/\/127\.0\.0\.1:4\/v1\/chat\/completions: connection refused \(ECONNREFUSED\)/,
    );
    expect(result.requests).toBeLessThanOrEqual(4);
    expect(result.failures.every((f) => f.attempts === 1)).toBe(true);
    expect(
      result.models.map((m) => [m.model, m.cached + m.answered, m.skipped + m.failed]),
    ).toEqual([
      ['org/model-a', 0, 4],
      ['model-b', 0, 4],
    ]);
    expect(existsSync(join(dir, 'new'))).toBe(false);
  });

  it('names a port that fetch refuses outright', async () => {
    const result = await queryModels(
      options({ config: { chatUrl: 'http://127.0.0.1:9/v1/chat/completions', apiKey: null } }),
    );
    expect(result.halted?.message).toMatch(/fetch refuses this port/);
  });

  it('halts when the first requests all fail the same way, before asking the next model', async () => {
    server = await startFakeChatServer(() => ({ status: 500, body: 'model not loaded' }));
    const result = await queryModels(options({ concurrency: 1, retries: 1 }));
    expect(result.halted).toMatchObject({ code: 'repeated_failure' });
    expect(result.halted?.message).toMatch(
      /^the first 3 requests all failed the same way \(HTTP 500: model not loaded\)/,
    );
    // Three requests and their one retry each; model-b was never asked.
    expect(server.received).toHaveLength(6);
    expect(result.models[1]).toMatchObject({ model: 'model-b', skipped: 4, failed: 0 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('halts when a server that answered starts failing every request', async () => {
    server = await startFakeChatServer((r, n) =>
      n < 2 ? { content: echoAnswer(r) } : { status: 503, body: 'overloaded' },
    );
    const result = await queryModels(options({ concurrency: 1, retries: 0 }));
    expect(result.halted?.message).toMatch(
      /^3 requests in a row failed the same way \(HTTP 503: overloaded\); answers so far are kept/,
    );
    expect(server.received).toHaveLength(5);
    expect(lines('org__model-a.jsonl')).toHaveLength(2);
  });

  it('does not halt on answers the server refuses one by one after it has answered', async () => {
    server = await startFakeChatServer((r, n) =>
      n === 0 ? { content: echoAnswer(r) } : { status: 400, body: 'context too long' },
    );
    const result = await queryModels(options({ concurrency: 1 }));
    expect(result.halted).toBeNull();
    expect(result.failures).toHaveLength(7);
    expect(result.models[1]).toMatchObject({ failed: 4, skipped: 0 });
  });

  it('retries a refused connection once the server has answered (a restart)', async () => {
    server = await startFakeChatServer();
    let calls = 0;
    const flaky: typeof fetch = (input, init) =>
      ++calls === 2 ? refusedFetch() : fetch(input, init);
    const result = await queryModels(
      options({ models: ['m'], concurrency: 1, fetch: flaky, baseDelayMs: 1 }),
    );
    expect(result.halted).toBeNull();
    expect(result.complete).toBe(true);
    expect(result.requests).toBe(5);
  });

  it('refuses an output folder under a file before sending anything', async () => {
    server = await startFakeChatServer();
    writeFileSync(join(dir, 'file'), 'x');
    await expect(
      queryModels(options({ outputDir: join(dir, 'file', 'out') })),
    ).rejects.toMatchObject({
      code: 'output_unwritable',
      message: expect.stringMatching(/is a file, not a folder/),
    });
    expect(server.received).toHaveLength(0);
  });
});

describe('queryModels reporting', () => {
  it('reports each model as soon as it is done, the ones never asked included', async () => {
    server = await startFakeChatServer((r) =>
      r.body.model === 'model-b' ? { status: 401, body: 'no' } : { content: echoAnswer(r) },
    );
    const seen: string[] = [];
    const result = await queryModels(
      options({
        models: ['org/model-a', 'model-b', 'model-c'],
        concurrency: 1,
        onModelDone: (m) =>
          seen.push(`${m.model}:${m.answered}:${m.skipped}:${server?.received.length}`),
      }),
    );
    // model-a's line came before model-b was asked at all.
    expect(seen).toEqual(['org/model-a:4:0:4', 'model-b:0:3:5', 'model-c:0:4:5']);
    expect(result.halted?.code).toBe('key_refused');
  });

  it('warns about an input with a lone surrogate before sending it', async () => {
    server = await startFakeChatServer();
    const result = await queryModels(
      options({ models: ['m'], items: [{ input: 'Podaj \ud800 formę' }, { input: 'dobre' }] }),
    );
    expect(result.warnings).toEqual([
      {
        item: 1,
        code: 'lone_surrogate',
        message: expect.stringContaining('input holds a lone surrogate ("\\ud800" at character 7)'),
      },
    ]);
  });
});

describe('queryModels cache', () => {
  it('keys answers by endpoint: another server is asked again, and lines say who answered', async () => {
    server = await startFakeChatServer();
    await queryModels(options({ models: ['m'] }));
    expect(lines('m.jsonl')[0]).toMatchObject({ endpoint: `${server.baseUrl}/chat/completions` });
    const other = await startFakeChatServer((r) => ({ content: `inny ${echoAnswer(r)}` }));
    try {
      const elsewhere = await queryModels(
        options({
          models: ['m'],
          config: { chatUrl: `${other.baseUrl}/chat/completions`, apiKey: null },
        }),
      );
      expect(elsewhere).toMatchObject({ requests: 4, models: [{ cached: 0, answered: 4 }] });
      expect(lines('m.jsonl')[1]?.response).toBe('inny m:psa');
    } finally {
      await other.close();
    }
  });

  it('asks again what a file of the endpoint-blind key recipe holds', async () => {
    server = await startFakeChatServer();
    const old = items.map((item, i) => ({
      key: responseKey({ model: 'm', system: SYSTEM_MESSAGE, input: item.input, ...DECODING }),
      model: 'm',
      item: i + 1,
      input: item.input,
      response: 'stare',
    }));
    writeFileSync(join(dir, 'm.jsonl'), old.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const result = await queryModels(options({ models: ['m'] }));
    expect(result.models[0]).toMatchObject({ cached: 0, answered: 4 });
    expect(lines('m.jsonl').map((l) => l.response)).not.toContain('stare');
  });
});
