// The public door of panel/trial: rehearse Test B (several seeds, the panel, the official metric,
// mean and worst seed, panel robustness) and write summary.json, report.md and report.html.
export {
  runTrial,
  TRIAL_FILES,
  type TrialOptions,
  type TrialEvent,
  type TrialOutcome,
} from './run-trial.js';
export { resolveSetSource, type SetSource } from './resolve-set-source.js';
export {
  makeSeedSets,
  metaPathFor,
  type MadeSets,
  type MakeSeedSetsOptions,
} from './make-seed-sets.js';
export type { SeedSet } from './seed-set.js';
export { scoreSetOnPanel, type PanelOptions, type SetOnPanel } from './score-set-on-panel.js';
export {
  summarizeScores,
  type Components,
  type PanelInfo,
  type ScoredSet,
  type SetScore,
  type TrialSummary,
} from './summarize-trial.js';
export {
  diversityShares,
  familyFigures,
  pooledFamilyFigures,
  type FamilyFigures,
} from './family-figures.js';
export {
  panelRobustness,
  subPanel,
  ROBUSTNESS_NOTE,
  type PanelRobustness,
  type SubPanelRange,
  type SubPanelScore,
} from './panel-robustness.js';
export {
  singleModelItems,
  type SingleModelItem,
  type SingleModelItems,
} from './single-model-items.js';
export { renderTrialMarkdown } from './render-trial-markdown.js';
export { renderTrialHtml } from './render-trial-html.js';
