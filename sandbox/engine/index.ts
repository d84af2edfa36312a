// The public door of sandbox/engine: the only code that talks to Docker.
export { readEngineConfig, type EngineConfig } from './engine-config.js';
export {
  parseEngineUrl,
  type DockerEndpoint,
  type EngineTls,
  type TlsDefaults,
} from './parse-engine-url.js';
export { connectEngine, START_ENGINE_HINT, type Engine } from './connect-engine.js';
export { EngineConnectError, type EngineConnectCode } from './engine-connect-error.js';
export { isEngineFailure } from './is-engine-failure.js';
export { pingEngine } from './ping-engine.js';
export {
  readEngineList,
  type EngineListOptions,
  type EngineListEntry,
  type EngineListSource,
} from './read-engine-list.js';
export {
  resolveEnginePool,
  requireReadyEngines,
  readEngineFacts,
  type EnginePool,
  type EngineFacts,
  type PoolMember,
  type ReadyMember,
  type UnreachableMember,
  type DuplicateMember,
} from './resolve-engine-pool.js';
export { copyRunnerImages, type CopiedImage } from './copy-runner-images.js';
export {
  buildImagesOnPool,
  type EngineImages,
  type PlacedImage,
  type PoolImages,
} from './build-images-on-pool.js';
export { probeSandboxLimits, type LimitsProbe } from './probe-sandbox-limits.js';
export { LABELS, runLabels } from './labels.js';
export {
  sweepLeftovers,
  describeSweep,
  removeOwned,
  LEFTOVER_MAX_AGE_MS,
  type SweepResult,
} from './sweep-leftovers.js';
export { interruption, onInterrupt } from './on-interrupt.js';
export {
  createHeadBuffer,
  createTailBuffer,
  tailText,
  type CappedBuffer,
} from './capped-buffer.js';
export {
  startSandbox,
  OUTPUT_DIR,
  TRACE_DIR,
  TRACE_BYTES,
  RUN_USER,
  RUN_UID,
  HOLDER_USER,
  type Sandbox,
  type SandboxSpec,
  type SandboxMount,
} from './start-sandbox.js';
export type { ExecOptions, ExecResult } from './exec-in-sandbox.js';
export {
  collectSandboxOutput,
  parseRunRead,
  type SandboxCollection,
  type SandboxOutput,
} from './collect-sandbox-output.js';
export {
  IMAGE_RECIPE,
  RUNNER_IMAGES,
  runnerImageFor,
  type RunnerImageKind,
} from './runner-images.js';
export {
  inspectImage,
  inspectRunnerImages,
  type RunnerImageState,
} from './inspect-runner-images.js';
export { baseTarballPath, buildBaseTarball, type BaseTarball } from './build-base-tarball.js';
export {
  buildRunnerImages,
  type BuildImagesOptions,
  type BuiltImage,
} from './build-runner-images.js';
export { RUNTIME_MODULES, stageNodeRuntime, tsxVersion } from './stage-node-runtime.js';
export { packTree, type PackOptions, type PackedTree } from './pack-tree.js';
export {
  createTreeVolumes,
  TREE_ON_TMPFS_MAX,
  type TreeVolumes,
  type TreeVolumesOptions,
} from './create-tree-volumes.js';
export { installDependencies, DEPS_DIR, type InstallOptions } from './install-dependencies.js';
export {
  diagnoseEnvironment,
  type Diagnosis,
  type DiagnosisCheck,
} from './diagnose-environment.js';
export { diagnosePool, type EngineDiagnosis, type PoolDiagnosis } from './diagnose-pool.js';
export {
  generatorCommand,
  generatorEnv,
  interpreterArgv,
  PID_BASE,
  PID_SHIFT_LOOP,
  TRACED_CALLS,
  TSX_LOADER,
} from './generator-command.js';
