import { askWithRetries, type RetriedOutcome } from './ask-with-retries.js';
import type { ChatOutcome } from './request-chat-completion.js';
import type { QueryOptions } from './query-models.js';
import { requestChatCompletion } from './request-chat-completion.js';
import { DECODING, SYSTEM_MESSAGE } from './system-message.js';

/** How one run watches its requests. */
export interface AskHooks {
  /** Called for every HTTP request sent, retries included. */
  onRequest(): void;
  /** Stops the request and its backoff waits (Ctrl-C, or the run halting). */
  signal: AbortSignal;
  /** Sees every attempt; true ends the retries at once. */
  giveUp(outcome: ChatOutcome): boolean;
}

// Asks one model one item the official way, retrying by the run's policy.
export function askItem(
  options: QueryOptions,
  model: string,
  input: string,
  hooks: AskHooks,
): Promise<RetriedOutcome> {
  const { signal } = hooks;
  return askWithRetries(
    () => {
      hooks.onRequest();
      return requestChatCompletion({
        url: options.config.chatUrl,
        apiKey: options.config.apiKey,
        model,
        system: SYSTEM_MESSAGE,
        input,
        ...DECODING,
        timeoutMs: options.timeoutMs ?? 120_000,
        signal,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    },
    {
      retries: options.retries ?? 4,
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
    },
    signal,
    hooks.giveUp,
  );
}
