// The public door of framework/lexicon: filled in by that area.
export {};
