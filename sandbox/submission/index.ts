// The public door of sandbox/submission: what a submission is, before anything runs.
export {
  ENTRYPOINTS,
  detectEntrypoint,
  missingEntrypointMessage,
  type EntrypointDetection,
} from './detect-entrypoint.js';
export { diffListings, hashListing, hashTree, listTree, type TreeEntry } from './hash-tree.js';
export {
  prepareSubmissionTree,
  type PreparedTree,
  type TreeSelection,
} from './prepare-submission-tree.js';
export {
  checkRequirements,
  type RequirementCode,
  type RequirementIssue,
} from './check-requirements.js';
export { recogniseLicence, type RecognisedLicence } from './recognise-licence.js';
export { findPlaceholders, type Placeholder } from './find-placeholders.js';
export { git, tryGit, type GitResult } from './run-git.js';
export { checkNpmLock, type NpmLockCheck } from './check-npm-lock.js';
export {
  DEFAULT_INSTALL,
  DEFAULT_INSTALL_NETWORK,
  OFFLINE_INSTALL,
  resolveInstallSource,
  type InstallFlags,
  type InstallSource,
} from './install-source.js';
export { planInstall, type InstallOutcome, type InstallPlan } from './plan-install.js';
export { installRecord, type InstallRecord } from './install-record.js';
export { describeRunner, runnerOf, type Runner, type RunnerName } from './runner-of.js';
export { readPipReport, type InstalledPackage } from './read-installed-packages.js';
