// The public door of the framework: everything a team's generator, the CLI and the sandbox use.
export { RpeError, isRpeError, type ExitStatus } from './errors.js';
export { packageRoot, packagePath } from './package-root.js';
