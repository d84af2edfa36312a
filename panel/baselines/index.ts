// The public door of panel/baselines: trivial answerers that flag items not needing Polish.
export {
  SHORTCUT_BASELINES,
  type ShortcutBaseline,
  type BaselineContext,
} from './shortcut-baselines.js';
export { bracketedSpans, quotedSpans, wordsOf, choiceOptions } from './text-spans.js';
export { topFormFinder } from './top-form-finder.js';
export {
  runBaselines,
  mostCommonGold,
  type RunBaselinesOptions,
  type BaselinesReport,
  type BaselineSummary,
  type FlaggedItem,
  type FamilyShortcuts,
} from './run-baselines.js';
export { renderBaselinesMarkdown } from './render-baselines-markdown.js';
export { openLexiconIfPresent } from './open-lexicon-if-present.js';
