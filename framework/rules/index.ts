// The public door of framework/rules: the official Track 1 / Track 2 rules as pure functions.
export { TASK_LIMITS, type TaskLimits } from './task-limits.js';
export { normalize, codePointLength, isPythonSpace, PYTHON_WHITESPACE } from './normalize.js';
export { itemSchema, type Item } from './item-schema.js';
export type { ValidationIssue } from './validation-issue.js';
export { validateItems, type ValidationResult } from './validate-items.js';
export { loneSurrogateWarning } from './item-warnings.js';
export { jaccard, overlap, type OverlapPair, type OverlapResult } from './overlap.js';
export { inputsFromJsonl } from './inputs-from-jsonl.js';
export { accepts } from './accepts.js';
export { hashDataDir, hashDataFiles, type DataFileHash } from './hash-data-dir.js';
export {
  findDeclaredDataHash,
  findDeclaredHashes,
  type DeclaredHash,
} from './find-declared-data-hash.js';
export { matrixSchema, parseMatrix, type CorrectnessMatrix } from './matrix-schema.js';
export { simpsonMaximum, simpson } from './simpson-maximum.js';
export { score, type ScoreResult, type ItemScore, type PairScore } from './score.js';
export { readMeta, familyTable, type FamilyRow } from './family-table.js';
export { scoreMarkdown } from './score-markdown.js';
export { MAX_SOURCE_BYTES, readSource } from './read-source.js';
export {
  checkDeclaredDataHash,
  README_NAMES,
  type DataHashCheck,
  type DataHashRecipe,
} from './check-declared-data-hash.js';
