import { normalize } from './normalize.js';

/**
 * The official aliases evaluator: a prediction is correct when, after normalisation, it equals
 * the gold or one of the aliases exactly. Case-sensitive: case folding is off in every official run.
 */
export function accepts(
  prediction: string,
  item: { gold: string; aliases?: readonly string[] },
): boolean {
  const answer = normalize(prediction);
  if (answer === normalize(item.gold)) return true;
  return (item.aliases ?? []).some((alias) => normalize(alias) === answer);
}
