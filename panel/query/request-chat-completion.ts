import { z } from 'zod';

/** One request to an OpenAI-compatible chat completions route. */
export interface ChatRequest {
  url: string;
  apiKey: string | null;
  model: string;
  system: string;
  input: string;
  temperature: number;
  max_tokens: number;
  timeoutMs: number;
  /** Aborts the request when the whole run is stopped. */
  signal?: AbortSignal;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
}

/** What came back, as data: the caller decides what to retry. */
export type ChatOutcome =
  | { status: 'ok'; content: string; finishReason: string | null }
  | { status: 'http_error'; httpStatus: number; retryAfterMs: number | null; message: string }
  | {
      status: 'network_error';
      message: string;
      /** The system's code when there is one (ECONNREFUSED, ENOTFOUND, ...); 'bad_port' when fetch
       * refuses the port itself. */
      code?: string;
    }
  | { status: 'timeout'; message: string }
  | { status: 'malformed'; message: string }
  /** The server sent the request to another address (scheme, host or port): not followed. */
  | { status: 'redirect_refused'; message: string }
  | { status: 'aborted'; message: string };

/** A larger body is not a 64-token answer: refuse it instead of buffering it whole. */
export const MAX_BODY_BYTES = 1 << 20;

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

// Sends one item with the fixed system message and returns the outcome; never throws.
export async function requestChatCompletion(request: ChatRequest): Promise<ChatOutcome> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (request.apiKey) headers.authorization = `Bearer ${request.apiKey}`;
  const body = JSON.stringify({
    model: request.model,
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: request.input },
    ],
    temperature: request.temperature,
    max_tokens: request.max_tokens,
    stream: false,
  });
  try {
    const response = await fetchFollowingSameOrigin(request, { headers, body, signal });
    if ('refused' in response) return { status: 'redirect_refused', message: response.refused };
    const text = await readCapped(response, MAX_BODY_BYTES);
    if (text === null && response.ok) {
      return { status: 'malformed', message: `the body is larger than ${MAX_BODY_BYTES} bytes` };
    }
    if (!response.ok) {
      return {
        status: 'http_error',
        httpStatus: response.status,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
        message: `HTTP ${response.status}${text ? `: ${oneLine(text)}` : ''}`,
      };
    }
    return parseCompletion(text ?? '');
  } catch (error) {
    if (request.signal?.aborted) return { status: 'aborted', message: 'the run was stopped' };
    if (timeout.aborted) {
      return { status: 'timeout', message: `no complete answer within ${request.timeoutMs} ms` };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    const code = networkErrorCode(cause);
    return {
      status: 'network_error',
      message: `${error instanceof Error ? error.message : String(error)}${cause ? `: ${cause.message}` : ''}`,
      ...(code ? { code } : {}),
    };
  }
}

/** Redirects followed within one origin (a proxy adding a slash) before giving up. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * POSTs the request, following a redirect only within the endpoint's origin, with the same
 * method and body. A redirect to another scheme, host or port is refused before anything is sent
 * there: the items, and the key, go only to the address the user named.
 */
async function fetchFollowingSameOrigin(
  request: ChatRequest,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
): Promise<Response | { refused: string }> {
  let url = request.url;
  for (let hop = 0; ; hop++) {
    const response = await (request.fetch ?? fetch)(url, {
      method: 'POST',
      ...init,
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return response;
    await response.body?.cancel();
    const target = URL.canParse(location, url) ? new URL(location, url) : null;
    if (target === null || target.origin !== new URL(url).origin) {
      return {
        refused: `${url} redirects (HTTP ${response.status}) to ${target?.href ?? JSON.stringify(location)}, another address: not followed, and nothing was sent there; give the final address as --base-url`,
      };
    }
    if (hop >= MAX_REDIRECTS) {
      return { refused: `${request.url} redirects more than ${MAX_REDIRECTS} times` };
    }
    url = target.href;
  }
}

// fetch's cause carries the system's code (ECONNREFUSED, ENOTFOUND, UND_ERR_CONNECT_TIMEOUT...);
// a port that fetch refuses outright (9, 25, 6000, ...) has only the message "bad port".
function networkErrorCode(cause: Error | null): string | undefined {
  if (!cause) return undefined;
  if ('code' in cause && typeof cause.code === 'string') return cause.code;
  return cause.message === 'bad port' ? 'bad_port' : undefined;
}

function parseCompletion(text: string): ChatOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 'malformed', message: `the body is not JSON: ${oneLine(text) || '(empty)'}` };
  }
  const parsed = completionSchema.safeParse(json);
  if (!parsed.success) {
    return { status: 'malformed', message: `no choices[0].message.content in: ${oneLine(text)}` };
  }
  const choice = parsed.data.choices[0];
  // A null content (nothing generated) is an empty answer, which the evaluator marks wrong.
  return {
    status: 'ok',
    content: choice?.message.content ?? '',
    finishReason: choice?.finish_reason ?? null,
  };
}

// Retry-After in seconds or as an HTTP date, in milliseconds; null when absent or unreadable.
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

// The body as text, or null when it exceeds maxBytes (the rest is not read).
async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
