// The public door of the framework: everything a team's generator, the CLI and the sandbox use.
export { RpeError, isRpeError, type ExitStatus } from './errors.js';
export { packageRoot, packagePath } from './package-root.js';
export { writeFileAtomic } from './write-file-atomic.js';
export { checkWritablePath } from './check-writable-path.js';
export * from './rules/index.js';
export * from './random/index.js';
export * from './lexicon/index.js';
export * from './generator/index.js';
export { writeFilesAtomic, type FileToWrite } from './write-file-atomic.js';
export { fileKind, systemReason } from './system-reason.js';
export { processAlive } from './process-alive.js';
export { toolkitVersion } from './toolkit-version.js';
export { assertDistinctOutputs } from './assert-distinct-outputs.js';
export { MAX_SEED, parseSeed } from './parse-seed.js';
export {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_TIMEOUT_SECONDS,
  parseTimeoutSeconds,
} from './parse-timeout.js';
export { makeFolders, pseudoFileSystem, tryMakeFolders } from './make-folders.js';
export {
  parseByteSize,
  parseDecimalNumber,
  parseWholeNumber,
  quoteValue,
  tryParseByteSize,
  tryParseDecimalNumber,
  tryParseWholeNumber,
  type NumberRange,
  type Parsed,
} from './parse-number.js';
