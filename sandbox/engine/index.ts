// The public door of sandbox/engine.
export {};
