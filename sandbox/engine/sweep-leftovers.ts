import type { Engine } from './connect-engine.js';
import { LABELS } from './labels.js';

/** Containers older than this are leftovers even when their creating process looks alive. */
export const LEFTOVER_MAX_AGE_MS = 6 * 60 * 60 * 1000;

export interface SweepResult {
  removedContainers: string[];
  /** Volumes that held a submission's tree or its install layer. */
  removedVolumes: string[];
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isLeftover(
  engine: Engine,
  labels: Record<string, string> | undefined,
  now: number,
  maxAgeMs: number,
): boolean {
  if (!labels || labels[LABELS.session] === engine.config.sessionId) return false;
  const created = Date.parse(labels[LABELS.created] ?? '');
  if (!Number.isFinite(created) || now - created > maxAgeMs) return true;
  // Another machine's process cannot be checked from here; only age removes its containers.
  if (labels[LABELS.host] !== engine.config.host) return false;
  const pid = Number(labels[LABELS.pid]);
  return !Number.isInteger(pid) || pid <= 0 || !processAlive(pid);
}

/**
 * Removes containers and volumes of earlier runs whose creating process is gone or that are too
 * old; with `dryRun`, only names them (what `rpe sandbox doctor` reports before it sweeps).
 */
export async function sweepLeftovers(
  engine: Engine,
  options: { maxAgeMs?: number; dryRun?: boolean } = {},
): Promise<SweepResult> {
  const now = Date.now();
  const maxAgeMs = options.maxAgeMs ?? LEFTOVER_MAX_AGE_MS;
  const filters = JSON.stringify({ label: [LABELS.run] });
  const containers = await engine.docker.listContainers({ all: true, filters });
  const removedContainers: string[] = [];
  for (const info of containers) {
    if (!isLeftover(engine, info.Labels, now, maxAgeMs)) continue;
    if (options.dryRun) {
      removedContainers.push(info.Id);
      continue;
    }
    await engine.docker
      .getContainer(info.Id)
      .remove({ force: true, v: true })
      .then(() => removedContainers.push(info.Id))
      .catch(() => undefined);
  }
  // After the containers: a volume still mounted by one cannot be removed.
  const { Volumes } = await engine.docker.listVolumes({ filters });
  const removedVolumes: string[] = [];
  for (const volume of Volumes ?? []) {
    if (!isLeftover(engine, volume.Labels, now, maxAgeMs)) continue;
    if (options.dryRun) {
      removedVolumes.push(volume.Name);
      continue;
    }
    await engine.docker
      .getVolume(volume.Name)
      .remove()
      .then(() => removedVolumes.push(volume.Name))
      .catch(() => undefined);
  }
  return { removedContainers, removedVolumes };
}

// One line for people about a sweep that removed something, or null when there was nothing.
export function describeSweep(result: SweepResult, dryRun = false): string | null {
  const containers = result.removedContainers.length;
  const volumes = result.removedVolumes.length;
  if (containers + volumes === 0) return null;
  const what = `${containers} container${containers === 1 ? '' : 's'} and ${volumes} volume${volumes === 1 ? '' : 's'} of checks no longer running`;
  return dryRun ? `${what} left on the engine` : `removed ${what}`;
}

// Removes every container an owner made, including one created a moment before an interrupt,
// then its volumes. Removals the caller has under way (`pending`) go on beside these, and the
// volumes wait for them too; a container listed while it is being removed is refused (409) and
// waited for through `pending`.
export async function removeOwned(
  engine: Engine,
  owner: string,
  pending: readonly Promise<unknown>[] = [],
): Promise<void> {
  const filters = JSON.stringify({ label: [`${LABELS.owner}=${owner}`] });
  const containers = await engine.docker.listContainers({ all: true, filters });
  await Promise.allSettled([
    ...pending,
    ...containers.map((c) => engine.docker.getContainer(c.Id).remove({ force: true, v: true })),
  ]);
  const { Volumes } = await engine.docker.listVolumes({ filters });
  await Promise.allSettled((Volumes ?? []).map((v) => engine.docker.getVolume(v.Name).remove()));
}
