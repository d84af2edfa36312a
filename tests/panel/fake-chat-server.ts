import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    temperature: number;
    max_tokens: number;
  };
}

/** How the fake server answers one request. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Raw body; default: a chat completion whose content is `content`. */
  body?: string;
  content?: string;
  /** Wait this long before answering (a slow server). */
  delayMs?: number;
}

export interface FakeChatServer {
  /** Base URL, like a vLLM server's http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 256 * 1024;

// The answer a well-behaved fake model gives: the last word of the user message, tagged by model.
export function echoAnswer(request: ReceivedRequest): string {
  const user = request.body.messages.find((m) => m.role === 'user')?.content ?? '';
  return `${request.body.model}:${user.trim().split(/\s+/).pop() ?? ''}`;
}

/**
 * Starts an OpenAI-compatible chat completions server on 127.0.0.1 at a random port. `reply` is
 * called with each request and its 0-based number; requests larger than 256 KiB are refused.
 */
export async function startFakeChatServer(
  reply: (request: ReceivedRequest, n: number) => Reply = (r) => ({ content: echoAnswer(r) }),
): Promise<FakeChatServer> {
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.writableEnded) return;
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedRequest['body'],
      };
      const n = received.length;
      received.push(request);
      const answer = reply(request, n);
      const send = () => {
        if (res.destroyed) return;
        const body =
          answer.body ??
          JSON.stringify({
            id: `cmpl-${n}`,
            object: 'chat.completion',
            model: request.body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: answer.content ?? '' },
                finish_reason: 'stop',
              },
            ],
          });
        res.writeHead(answer.status ?? 200, {
          'content-type': 'application/json',
          ...answer.headers,
        });
        res.end(body);
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
