import { askWithRetries, type RetriedOutcome } from './ask-with-retries.js';
import type { QueryOptions } from './query-models.js';
import { requestChatCompletion } from './request-chat-completion.js';
import { DECODING, SYSTEM_MESSAGE } from './system-message.js';

// Asks one model one item the official way, retrying by the run's policy; `onRequest` counts
// every HTTP request sent, retries included.
export function askItem(
  options: QueryOptions,
  model: string,
  input: string,
  onRequest: () => void,
): Promise<RetriedOutcome> {
  const { signal } = options;
  return askWithRetries(
    () => {
      onRequest();
      return requestChatCompletion({
        url: options.config.chatUrl,
        apiKey: options.config.apiKey,
        model,
        system: SYSTEM_MESSAGE,
        input,
        ...DECODING,
        timeoutMs: options.timeoutMs ?? 120_000,
        ...(signal ? { signal } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    },
    {
      retries: options.retries ?? 4,
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
    },
    signal,
  );
}
