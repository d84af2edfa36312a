import { createHash } from 'node:crypto';

/** Everything that decides a model's answer to one item, hence the cache key. */
export interface ResponseKeyParts {
  model: string;
  system: string;
  input: string;
  temperature: number;
  max_tokens: number;
}

// The cache key of one request: 'sha256:<hex>' over the model, system message, input and decoding.
export function responseKey(parts: ResponseKeyParts): string {
  // An array keeps the field order fixed; the version lets a future change of the recipe
  // invalidate old caches instead of reusing them wrongly.
  const canonical = JSON.stringify([
    'rpe-response-v1',
    parts.model,
    parts.system,
    parts.input,
    parts.temperature,
    parts.max_tokens,
  ]);
  return `sha256:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
}
