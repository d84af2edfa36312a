import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
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
import { SYSTEM_MESSAGE } from './system-message.js';

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
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result.complete).toBe(false);
    expect(result.failures).toEqual([
      expect.objectContaining({ model: 'm', item: 1, status: 'timeout', attempts: 2 }),
    ]);
    expect(readFileSync(join(dir, 'm.jsonl'), 'utf8')).toBe('');
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
    server = await startFakeChatServer((r) =>
      r.body.messages[1]?.content === items[1]?.input
        ? { body: '{"choices": "nope"' }
        : { content: echoAnswer(r) },
    );
    const first = await queryModels(options({ models: ['m'] }));
    expect(first.failures).toEqual([
      expect.objectContaining({ item: 2, status: 'malformed', attempts: 1 }),
    ]);
    expect(lines('m.jsonl').map((l) => l.item)).toEqual([1, 3, 4]);
    await server.close();
    server = await startFakeChatServer();
    const second = await queryModels(options({ models: ['m'] }));
    expect(second.requests).toBe(1);
    expect(server.received[0]?.body.messages[1]?.content).toBe(items[1]?.input);
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
    expect(result.models).toHaveLength(1);
    expect(result.models[0]?.error).toMatch(/^HTTP 401: .*invalid api key/);
    expect(result.complete).toBe(false);
  });

  it('does not leave a temporary file behind', async () => {
    server = await startFakeChatServer();
    writeFileSync(join(dir, 'keep.txt'), 'x');
    await queryModels(options({ models: ['m'] }));
    expect(readFileSync(join(dir, 'keep.txt'), 'utf8')).toBe('x');
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(dir).sort()).toEqual(['keep.txt', 'm.jsonl']);
  });
});
