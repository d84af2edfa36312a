import type { ChatOutcome } from './request-chat-completion.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** The first backoff; each retry doubles it. */
  baseDelayMs: number;
  /** No single wait is longer, whatever Retry-After says. */
  maxDelayMs: number;
}

export interface RetriedOutcome {
  outcome: ChatOutcome;
  attempts: number;
}

// Whether an outcome is worth asking again: rate limits, server errors, network errors, timeouts.
export function isRetryable(outcome: ChatOutcome): boolean {
  switch (outcome.status) {
    case 'http_error':
      return outcome.httpStatus === 429 || outcome.httpStatus === 408 || outcome.httpStatus >= 500;
    case 'network_error':
    case 'timeout':
      return true;
    default:
      return false;
  }
}

// The wait before retry number `retry` (0-based): Retry-After when the server gave one, else
// exponential backoff with ±20% jitter so concurrent requests do not come back all at once.
export function retryDelay(outcome: ChatOutcome, retry: number, policy: RetryPolicy): number {
  const hinted = outcome.status === 'http_error' ? outcome.retryAfterMs : null;
  const backoff = policy.baseDelayMs * 2 ** retry * (0.8 + 0.4 * Math.random());
  return Math.round(Math.min(hinted ?? backoff, policy.maxDelayMs));
}

// Runs `ask` until it succeeds, fails for good, runs out of retries or the signal stops the run;
// `giveUp` sees every attempt and may end the retries early (the whole run is halting).
export async function askWithRetries(
  ask: () => Promise<ChatOutcome>,
  policy: RetryPolicy,
  signal?: AbortSignal,
  giveUp: (outcome: ChatOutcome) => boolean = () => false,
): Promise<RetriedOutcome> {
  let attempts = 0;
  for (;;) {
    const outcome = await ask();
    attempts += 1;
    const stop = giveUp(outcome);
    if (stop || !isRetryable(outcome) || attempts > policy.retries || signal?.aborted) {
      return { outcome, attempts };
    }
    const stopped = await sleep(retryDelay(outcome, attempts - 1, policy), signal);
    if (stopped)
      return { outcome: { status: 'aborted', message: 'the run was stopped' }, attempts };
  }
}

// Waits `ms`; resolves true early when the signal aborts.
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(true);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
