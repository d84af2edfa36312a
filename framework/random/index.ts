// The public door of framework/random: filled in by that area.
export {};
