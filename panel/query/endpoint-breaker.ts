import { isRetryable } from './ask-with-retries.js';
import type { ChatOutcome } from './request-chat-completion.js';

/** Why a run stopped by itself before the end (Ctrl-C is `stopped`, not a halt). */
export interface QueryHalt {
  /**
   * `endpoint_unreachable`: no connection to the server at all; `key_refused`: a 401 or 403;
   * `repeated_failure`: several requests in a row failed the same way; `redirect_refused`: the
   * server sent the requests to another address.
   */
  code: 'endpoint_unreachable' | 'key_refused' | 'repeated_failure' | 'redirect_refused';
  message: string;
}

/** Final failures of the same kind in a row after which a run stops. */
export const REPEATED_FAILURES = 3;

// Network error codes that mean no server answers at that address: what to say, and what to do.
const UNREACHABLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (ECONNREFUSED); is the model server running at that address?',
  ENOTFOUND: 'unknown host (ENOTFOUND); check the host name in the base URL',
  EAI_AGAIN: 'the host name could not be looked up (EAI_AGAIN); check the network and the base URL',
  EHOSTUNREACH: 'host unreachable (EHOSTUNREACH); check the address in the base URL',
  ENETUNREACH: 'network unreachable (ENETUNREACH); check the address in the base URL',
  EADDRNOTAVAIL: 'address not available (EADDRNOTAVAIL); check the address in the base URL',
  UND_ERR_CONNECT_TIMEOUT: 'no connection within the connect timeout; is the server running?',
  bad_port:
    'fetch refuses this port, as browsers do (9, 25, 6000 and other well-known ports); serve the model on another port',
};

/**
 * Watches every request of a run and decides when asking further is pointless: a server that is
 * not there (before it ever answered), a key it refuses, or the same failure over and over. The
 * signal aborts the requests and backoff waits still running once it has decided.
 */
export interface EndpointBreaker {
  /** Sees every attempt; true when the run halts, so the attempt must not be retried. */
  attempt(outcome: ChatOutcome): boolean;
  /** Sees each request's final outcome, after its retries. */
  settle(outcome: ChatOutcome): void;
  readonly halt: QueryHalt | null;
  readonly signal: AbortSignal;
}

// A breaker for one run against `endpoint` (the chat completions URL, quoted in messages).
export function createEndpointBreaker(
  endpoint: string,
  threshold = REPEATED_FAILURES,
): EndpointBreaker {
  const controller = new AbortController();
  let halt: QueryHalt | null = null;
  let contacted = false;
  let succeeded = false;
  let streak = { kind: '', count: 0 };
  const trip = (code: QueryHalt['code'], message: string) => {
    if (halt) return;
    halt = { code, message };
    controller.abort();
  };

  return {
    attempt(outcome) {
      if (outcome.status !== 'network_error' && outcome.status !== 'timeout') contacted = true;
      if (outcome.status === 'http_error' && [401, 403].includes(outcome.httpStatus)) {
        trip(
          'key_refused',
          `the server refused the API key (${outcome.message}): check --api-key or EVAL_API_KEY; the other requests were not sent`,
        );
      }
      if (outcome.status === 'redirect_refused') trip('redirect_refused', outcome.message);
      const why = outcome.status === 'network_error' ? UNREACHABLE[outcome.code ?? ''] : undefined;
      // Once the server has answered, a refused connection may be a restart: retry it then.
      if (why && !contacted) trip('endpoint_unreachable', `cannot reach ${endpoint}: ${why}`);
      return halt !== null;
    },
    settle(outcome) {
      if (outcome.status === 'ok') {
        succeeded = true;
        streak = { kind: '', count: 0 };
        return;
      }
      // An aborted request says nothing; a 404 is about one model, which stops by itself.
      if (outcome.status === 'aborted') return;
      if (outcome.status === 'http_error' && outcome.httpStatus === 404) return;
      const kind = failureKind(outcome);
      streak = kind === streak.kind ? { kind, count: streak.count + 1 } : { kind, count: 1 };
      if (streak.count < threshold) return;
      // Before any answer, any repeated failure means the set-up is wrong; later, only failures
      // of the server itself (down, overloaded, timing out) stop the run.
      if (!succeeded) {
        trip(
          'repeated_failure',
          `the first ${streak.count} requests all failed the same way (${outcome.message}); check the endpoint and the models, then run again`,
        );
      } else if (isRetryable(outcome)) {
        trip(
          'repeated_failure',
          `${streak.count} requests in a row failed the same way (${outcome.message}); answers so far are kept, run again once the server works`,
        );
      }
    },
    get halt() {
      return halt;
    },
    signal: controller.signal,
  };
}

// Failures of the same kind: the same HTTP status, network error code, timeout or bad body.
function failureKind(outcome: Exclude<ChatOutcome, { status: 'ok' }>): string {
  switch (outcome.status) {
    case 'http_error':
      return `http ${outcome.httpStatus}`;
    case 'network_error':
      return `network ${outcome.code ?? outcome.message}`;
    default:
      return outcome.status;
  }
}
