// The public door of sandbox/check: the checks, the verdict and the report of a Track 2 submission.
export {
  assertSubmissionFolder,
  checkSubmission,
  type CheckExecutor,
  type CheckSubmissionOptions,
  type ExecutorFactory,
  type TreeFacts,
} from './check-submission.js';
export { checkTree, judgeOverlap, judgeTreeWrites } from './check-tree.js';
export { inspectTree, type TreeInspection } from './inspect-tree.js';
export {
  runAndAssessSeeds,
  type CheckSettings,
  type SeedsOutcome,
} from './run-and-assess-seeds.js';
export { assembleReport, toolkitVersion } from './assemble-report.js';
export { receiptSha256, sealReport } from './seal-report.js';
export { runSeeds, type CheckProgress, type SeedRuns } from './run-seeds.js';
export { assessSeed, runReport } from './assess-seed.js';
export { diagnoseMismatch, type MismatchDiagnosis } from './diagnose-mismatch.js';
export { firstDifference, type FirstDifference } from './first-difference.js';
export { mapConcurrent } from './map-concurrent.js';
export { createRunLimiter, limitExecutor, type RunLimiter } from './limit-runs.js';
export {
  REASONS,
  REASON_CODES,
  makeReason,
  reasonClass,
  renderReasonTable,
  verdictOf,
  type ReasonClass,
  type ReasonCode,
  type ReasonInfo,
  type Verdict,
} from './reasons.js';
export {
  reportSchema,
  reportSchemaV1,
  type EngineRecord,
  type Reason,
  type Requeue,
  type Report,
  type ReportV1,
  type RunReport,
  type SeedReport,
  type Warning,
} from './report-schema.js';
export { goldFormWarnings } from './gold-form-warnings.js';
export { findTreeWrite } from './find-tree-write.js';
export { renderReportMarkdown } from './render-report-markdown.js';
export { summarizeReport } from './summarize-report.js';
export { writeReport } from './write-report.js';
export { clearReportDir } from './clear-report-dir.js';
export { readReceipt, upgradeReport, READABLE_SCHEMAS, type ReadReceipt } from './read-receipt.js';
export { readKeptSets } from './read-kept-sets.js';
export { compareReceipt, type ReceiptComparison, type VerifiedSeed } from './compare-receipt.js';
export {
  receiptLimits,
  verifyReceipt,
  type ExecutorSide,
  type VerifyResult,
} from './verify-receipt.js';
export { readSubmissionList, type SubmissionSource } from './read-submission-list.js';
export { fetchGitSubmission } from './fetch-git-submission.js';
export { writeBatchSummary, type BatchRow } from './write-batch-summary.js';
export { readSeedsFile, runBatch, type BatchOptions } from './run-batch.js';
export { singleBatchEngine, type BatchEngine, type EngineFault } from './batch-engine.js';
export {
  spreadOverEngines,
  MAX_REQUEUES,
  type EngineUse,
  type SpreadOptions,
} from './spread-over-engines.js';
export {
  poolBatchEngines,
  WATCH_INTERVAL_MS,
  WATCH_MISSES,
  type PoolBatch,
} from './pool-batch-engines.js';
export { staleBecause, type RunSettings } from './stale-because.js';
