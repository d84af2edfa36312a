// The public door of the sandbox runner.
export {};
