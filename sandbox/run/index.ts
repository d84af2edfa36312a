// The public door of sandbox/run.
export {};
