// The public door of sandbox/submission: what a submission is, before anything runs.
export {
  ENTRYPOINTS,
  detectEntrypoint,
  missingEntrypointMessage,
  type EntrypointDetection,
} from './detect-entrypoint.js';
export { hashTree } from './hash-tree.js';
export { checkDataHash, type DataHashCheck } from './check-data-hash.js';
