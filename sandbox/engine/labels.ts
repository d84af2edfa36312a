import type { EngineConfig } from './engine-config.js';

/** Label keys on every container, volume and image this toolkit creates. */
export const LABELS = {
  run: 'org.reverse-poleval.run',
  session: 'org.reverse-poleval.session',
  pid: 'org.reverse-poleval.pid',
  host: 'org.reverse-poleval.host',
  created: 'org.reverse-poleval.created',
  recipe: 'org.reverse-poleval.recipe',
  /** The tsx version the node image carries. */
  tsx: 'org.reverse-poleval.tsx',
  source: 'org.reverse-poleval.source',
  /** The executor that made a container, so it can remove all of its own and nobody else's. */
  owner: 'org.reverse-poleval.owner',
} as const;

// The labels of one run's containers: enough for a later process to decide they are leftovers.
export function runLabels(
  config: EngineConfig,
  runId: string,
  owner?: string,
): Record<string, string> {
  return {
    ...(owner ? { [LABELS.owner]: owner } : {}),
    [LABELS.run]: runId,
    [LABELS.session]: config.sessionId,
    [LABELS.pid]: String(config.pid),
    [LABELS.host]: config.host,
    [LABELS.created]: new Date().toISOString(),
  };
}
