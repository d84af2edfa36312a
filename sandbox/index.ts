// The public door of the sandbox runner.
export type * from './run/executor.js';
export * from './engine/index.js';
export * from './submission/index.js';
export * from './run/index.js';
export * from './check/index.js';
