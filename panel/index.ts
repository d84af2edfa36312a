// The public door of the panel: querying models, marking responses, shortcut baselines.
export {};
