import { RpeError } from '../errors.js';
import { featureOfValue, isPartOfSpeech } from './parse-tag.js';

// Splits a form query ("subst:pl:gen", values in any order) into its distinct values; a value
// outside the tagset is a usage error (exit 2), not an empty answer.
export function parseQuery(query: string): string[] {
  const values = [...new Set(query.split(':').map((v) => v.trim()))];
  if (values.length === 0 || values.some((v) => v === '')) {
    throw new RpeError(
      'lexicon_bad_query',
      `form query "${query}": empty value; write tag values joined by ":"`,
    );
  }
  for (const value of values) {
    if (!isPartOfSpeech(value) && featureOfValue(value) === undefined) {
      throw new RpeError(
        'lexicon_bad_query',
        `form query "${query}": "${value}" is not a value of the tagset`,
      );
    }
  }
  return values;
}
