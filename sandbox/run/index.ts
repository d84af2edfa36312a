// The public door of sandbox/run: one run of a generator, whichever executor runs it.
export {
  DEFAULT_LIMITS,
  MAX_TIMEOUT_SECONDS,
  parseSize,
  parseSeeds,
  parseTimeout,
  resolveLimits,
} from './default-limits.js';
export {
  ENV_VARIATIONS,
  outputFileOf,
  VARIATION_FIELDS,
  VARIATION_LABELS,
  variationEnv,
  withField,
  type VariationField,
} from './env-variations.js';
export { collectOutput, type CollectedOutput } from './collect-output.js';
export { classifyRun, lastLine, type RunOutcome } from './classify-run.js';
export { RUN_STATUSES } from './executor.js';
export {
  describeNetworkAttempts,
  parseNetworkTrace,
  type NetworkAttempt,
  type NetworkTrace,
} from './parse-network-trace.js';
export { createLocalExecutor } from './local-executor.js';
export { loadDockerExecutor, type CreateDockerExecutor } from './load-docker-executor.js';
export type { DockerExecutorOptions, EngineIdentity } from './docker-executor.js';
