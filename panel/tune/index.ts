// The public door of panel/tune: the family weights of a trial, or the subset of a pool, that
// maximise the official score, with a held-out estimate on models the search did not see.
export { ScoreTally } from './score-tally.js';
export {
  searchCounts,
  greedyCounts,
  localSearch,
  type CountProblem,
  type CountChoice,
} from './search-counts.js';
export {
  familyAnnotations,
  modelGroups,
  organisation,
  type HeldOutBy,
  type ModelGroups,
} from './model-groups.js';
export { heldOut, type HeldOut, type HeldOutFold } from './held-out.js';
export { heldOutVerdict } from './held-out-verdict.js';
export { readTrial, type TrialData, type TrialSet } from './read-trial.js';
export { tuneWeights, type WeightsResult, type FamilyWeight } from './tune-weights.js';
export { tuneSubset, type SubsetResult } from './tune-subset.js';
export { renderTuneHtml } from './render-tune-html.js';
export {
  tuneTrial,
  tunePool,
  subsetCompanions,
  subsetDocument,
  weightsDocument,
  type TuneCommon,
} from './run-tune.js';
