import { loneSurrogateWarning } from '../../framework/index.js';
import type { QueryWarning } from './query-models.js';

// What to tell before sending these inputs: an input with a lone surrogate ("\ud800") is not valid
// UTF-8. It goes out as its JSON escape, but the organisers' Python script cannot encode it, and a
// server may refuse it or answer something else than it would to well-formed text.
export function queryWarnings(items: readonly { input: string }[]): QueryWarning[] {
  return items.flatMap(({ input }, index) => {
    const warning = loneSurrogateWarning({ input, gold: '' }, index + 1);
    return warning ? [{ item: index + 1, code: warning.code, message: warning.message }] : [];
  });
}
