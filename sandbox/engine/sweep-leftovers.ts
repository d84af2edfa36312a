import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from './connect-engine.js';
import { LABELS } from './labels.js';

/** Containers older than this are leftovers even when their creating process looks alive. */
export const LEFTOVER_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** Staging folders are named rpe-stage-<pid>-<random> so a later process can find orphans. */
export const STAGE_DIR_PREFIX = 'rpe-stage-';
const STAGE_DIR = /^rpe-stage-(\d+)-/;
// Where staging folders live: the temporary folder, and the tmpfs /dev/shm for reordered copies.
export function stageParents(): string[] {
  return [tmpdir(), '/dev/shm'];
}

export interface SweepResult {
  removedContainers: string[];
  /** Staging folders (submission copies, install layers) under the temporary folder. */
  removedDirs: string[];
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

// Removes containers and staging folders of earlier runs whose creating process is gone or that are too old.
export async function sweepLeftovers(
  engine: Engine,
  options: { maxAgeMs?: number } = {},
): Promise<SweepResult> {
  const now = Date.now();
  const maxAgeMs = options.maxAgeMs ?? LEFTOVER_MAX_AGE_MS;
  const filters = JSON.stringify({ label: [LABELS.run] });
  const containers = await engine.docker.listContainers({ all: true, filters });
  const removedContainers: string[] = [];
  for (const info of containers) {
    if (!isLeftover(engine, info.Labels, now, maxAgeMs)) continue;
    await engine.docker
      .getContainer(info.Id)
      .remove({ force: true, v: true })
      .then(() => removedContainers.push(info.Id))
      .catch(() => undefined);
  }
  const removedDirs: string[] = [];
  for (const entry of await readdir(tmpdir()).catch(() => [])) {
    const match = STAGE_DIR.exec(entry);
    if (!match || Number(match[1]) === engine.config.pid || processAlive(Number(match[1])))
      continue;
    await rm(join(tmpdir(), entry), { recursive: true, force: true }).catch(() => undefined);
    removedDirs.push(entry);
  }
  return { removedContainers, removedDirs };
}

// Removes every container an owner made, including one created a moment before an interrupt.
export async function removeOwnedContainers(engine: Engine, owner: string): Promise<void> {
  const filters = JSON.stringify({ label: [`${LABELS.owner}=${owner}`] });
  const containers = await engine.docker.listContainers({ all: true, filters });
  await Promise.allSettled(
    containers.map((c) => engine.docker.getContainer(c.Id).remove({ force: true, v: true })),
  );
}
