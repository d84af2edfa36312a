// The public door of sandbox/check: the checks, the verdict and the report of a Track 2 submission.
export {
  assertSubmissionFolder,
  checkSubmission,
  type CheckExecutor,
  type CheckSubmissionOptions,
} from './check-submission.js';
export { runSeeds, type CheckProgress, type SeedRuns } from './run-seeds.js';
export { assessSeed, runReport } from './assess-seed.js';
export { diagnoseMismatch, type MismatchDiagnosis } from './diagnose-mismatch.js';
export { firstDifference, type FirstDifference } from './first-difference.js';
export { mapConcurrent } from './map-concurrent.js';
export {
  REASON_CODES,
  reportSchema,
  type Reason,
  type ReasonCode,
  type Report,
  type RunReport,
  type SeedReport,
} from './report-schema.js';
export { renderReportMarkdown } from './render-report-markdown.js';
export { summarizeReport } from './summarize-report.js';
export { writeReport } from './write-report.js';
export {
  readReceipt,
  receiptLimits,
  verifyReceipt,
  type VerifiedSeed,
  type VerifyResult,
} from './verify-receipt.js';
export { readSubmissionList, type SubmissionSource } from './read-submission-list.js';
export { fetchGitSubmission } from './fetch-git-submission.js';
export { writeBatchSummary, type BatchRow } from './write-batch-summary.js';
export { readSeedsFile, runBatch } from './run-batch.js';
