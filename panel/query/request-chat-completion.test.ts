import { afterEach, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer } from '../../tests/panel/fake-chat-server.js';
import { isRetryable, retryDelay } from './ask-with-retries.js';
import {
  MAX_BODY_BYTES,
  parseRetryAfter,
  requestChatCompletion,
} from './request-chat-completion.js';

let server: FakeChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ask = (url: string) =>
  requestChatCompletion({
    url,
    apiKey: null,
    model: 'm',
    system: 's',
    input: 'i',
    temperature: 0,
    max_tokens: 64,
    timeoutMs: 2000,
  });

describe('requestChatCompletion', () => {
  it('takes null content as an empty answer and sends no key when there is none', async () => {
    server = await startFakeChatServer(() => ({
      body: JSON.stringify({ choices: [{ message: { content: null }, finish_reason: 'length' }] }),
    }));
    expect(await ask(`${server.baseUrl}/chat/completions`)).toEqual({
      status: 'ok',
      content: '',
      finishReason: 'length',
    });
    expect(server.received[0]?.authorization).toBeUndefined();
  });

  it('refuses a body larger than the cap', async () => {
    server = await startFakeChatServer(() => ({ body: 'x'.repeat(MAX_BODY_BYTES + 10) }));
    expect(await ask(`${server.baseUrl}/chat/completions`)).toMatchObject({ status: 'malformed' });
  });

  it('reports a refused connection as a network error', async () => {
    server = await startFakeChatServer();
    const url = `${server.baseUrl}/chat/completions`;
    await server.close();
    server = undefined;
    const outcome = await ask(url);
    expect(outcome.status).toBe('network_error');
    expect(isRetryable(outcome)).toBe(true);
  });
});

describe('redirects', () => {
  let other: FakeChatServer | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it.each([301, 302, 307, 308])(
    'refuses a %i to another port, naming both addresses, and sends nothing there',
    async (status) => {
      other = await startFakeChatServer();
      const target = `${other.baseUrl}/chat/completions`;
      server = await startFakeChatServer(() => ({ status, headers: { location: target } }));
      const url = `${server.baseUrl}/chat/completions`;
      const outcome = await ask(url);
      expect(outcome).toEqual({
        status: 'redirect_refused',
        message: `${url} redirects (HTTP ${status}) to ${target}, another address: not followed, and nothing was sent there; give the final address as --base-url`,
      });
      expect(isRetryable(outcome)).toBe(false);
      expect(other.received).toEqual([]);
    },
  );

  it('follows a redirect within the same origin with the same method and body', async () => {
    server = await startFakeChatServer((request, n) =>
      n === 0
        ? { status: 307, headers: { location: '/v1/chat/completions/' } }
        : { content: `${request.method} ${request.path} ${request.body.model}` },
    );
    const outcome = await ask(`${server.baseUrl}/chat/completions`);
    expect(outcome).toMatchObject({ status: 'ok', content: 'POST /v1/chat/completions/ m' });
  });

  it('stops a redirect loop within the origin', async () => {
    server = await startFakeChatServer(() => ({
      status: 308,
      headers: { location: '/v1/chat/completions' },
    }));
    expect(await ask(`${server.baseUrl}/chat/completions`)).toMatchObject({
      status: 'redirect_refused',
      message: expect.stringMatching(/redirects more than 5 times$/),
    });
  });
});

describe('retries', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it('retries 429 and 5xx, not other client errors or malformed bodies', () => {
    const http = (httpStatus: number) => ({
      status: 'http_error' as const,
      httpStatus,
      retryAfterMs: null,
      message: '',
    });
    expect([429, 500, 503, 400, 404].map((s) => isRetryable(http(s)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(isRetryable({ status: 'malformed', message: '' })).toBe(false);
  });

  it('backs off exponentially and caps the wait', () => {
    const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    const outcome = { status: 'timeout' as const, message: '' };
    const third = retryDelay(outcome, 2, policy);
    expect(third).toBeGreaterThanOrEqual(320);
    expect(third).toBeLessThanOrEqual(480);
    expect(retryDelay(outcome, 10, policy)).toBe(1000);
    expect(
      retryDelay(
        { status: 'http_error', httpStatus: 429, retryAfterMs: 5000, message: '' },
        0,
        policy,
      ),
    ).toBe(1000);
  });
});
