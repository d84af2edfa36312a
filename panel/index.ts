// The public door of the panel: querying models, marking responses, shortcut baselines, spreadsheets.
export * from './query/index.js';
export * from './evaluate/index.js';
export * from './baselines/index.js';
export * from './items/index.js';
export * from './sheet/index.js';
export * from './trial/index.js';
