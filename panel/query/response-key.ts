import { createHash } from 'node:crypto';

/** Everything that decides a model's answer to one item, hence the cache key. */
export interface ResponseKeyParts {
  /**
   * The chat completions URL that answers. The same model id on another server may be another
   * model (a different quantisation, a different chat template), so its answers are not reused.
   * Without it the key is the older endpoint-blind recipe (`rpe-response-v1`).
   */
  endpoint?: string;
  model: string;
  system: string;
  input: string;
  temperature: number;
  max_tokens: number;
}

// The cache key of one request: 'sha256:<hex>' over the endpoint, model, system message, input and
// decoding.
export function responseKey(parts: ResponseKeyParts): string {
  // An array keeps the field order fixed; the version makes a change of the recipe ask again
  // instead of reusing answers wrongly.
  const tail = [parts.model, parts.system, parts.input, parts.temperature, parts.max_tokens];
  const canonical = JSON.stringify(
    parts.endpoint === undefined
      ? ['rpe-response-v1', ...tail]
      : ['rpe-response-v2', parts.endpoint, ...tail],
  );
  return `sha256:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
}
