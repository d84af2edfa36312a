// The public door of framework/lexicon: the morphology snapshot and its strict query API.
export { openLexicon } from './open-lexicon.js';
export type {
  Answer,
  AnswerOptions,
  ExcludedForm,
  FormReading,
  Lexeme,
  LexemeFilter,
  Lexicon,
  LexiconInfo,
} from './lexicon.js';
export { LexiconError, type LexiconErrorCode } from './lexicon-error.js';
export {
  parseTag,
  splitTags,
  FEATURE_VALUES,
  PARTS_OF_SPEECH,
  type TagFeatures,
  type Feature,
  type Gender,
  type GrammaticalCase,
  type GrammaticalNumber,
  type PartOfSpeech,
} from './parse-tag.js';
export { parseQuery } from './parse-query.js';
export {
  buildLexicon,
  type BuildLexiconOptions,
  type BuildLexiconResult,
} from './build-lexicon.js';
export type { SourceRow } from './plan-lexicon.js';
export { SCHEMA_VERSION } from './schema.js';
