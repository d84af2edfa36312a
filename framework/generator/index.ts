// The public door of framework/generator: filled in by that area.
export {};
