import { SSH_TRANSPORT_ERROR } from './ssh-agent.js';

/** Error codes of a connection to the engine that broke or could not be made. */
const TRANSPORT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ERR_SOCKET_CLOSED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
  SSH_TRANSPORT_ERROR,
]);

/** What Node's HTTP client says of a connection dropped before the answer, without a code. */
const DROPPED = /^socket hang up$/i;

interface ErrorLike {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

/**
 * Whether an error says the connection to the engine failed (refused, reset, a socket that is
 * gone, a dropped ssh), as against an answer of the engine or a failure of what ran inside it,
 * or the toolkit's own `engine_lost`. The cause chain is followed. A 5xx answer is the engine's
 * own, not counted here.
 */
export function isEngineFailure(error: unknown): boolean {
  for (let e = error as ErrorLike | undefined, depth = 0; e && depth < 8; depth++) {
    if (typeof e !== 'object') return false;
    const code = typeof e.code === 'string' ? e.code : '';
    if (TRANSPORT_CODES.has(code) || code === 'engine_lost') return true;
    // A unix socket that is gone: ENOENT on connect, not a missing file of the client.
    if (code === 'ENOENT' && e.syscall === 'connect') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (e.statusCode === undefined && DROPPED.test(message)) return true;
    e = e.cause as ErrorLike | undefined;
  }
  return false;
}
