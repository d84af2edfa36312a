// The public door of sandbox/check.
export {};
