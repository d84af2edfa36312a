// The public door of framework/rules: filled in by that area.
export {};
