// The public door of sandbox/submission.
export {};
