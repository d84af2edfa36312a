import type { Report } from './report-schema.js';

/** What a batch run is made with: an earlier report stands for it only if all of it is the same. */
export interface RunSettings {
  seeds: readonly number[];
  limits: Report['limits'];
  toolkitVersion: string;
  executor: 'docker' | 'local';
}

const LIMIT_NAMES: Record<keyof Report['limits'], string> = {
  timeout_seconds: 'timeout',
  memory_bytes: 'memory',
  cpus: 'cpus',
  pids: 'pids',
  output_bytes: 'output limit',
  log_bytes: 'log limit',
};

/**
 * Why an earlier report cannot be reused for this run, or null when it can: the resume key is
 * the tree checked, the seeds, every limit, the toolkit version, the executor and the runner
 * image's ID (a rebuilt image can change the bytes).
 */
export function staleBecause(
  report: Report,
  current: { settings: RunSettings; treeHash: string; imageId: string | null },
): string | null {
  const { settings } = current;
  if (report.submission.tree_hash !== current.treeHash) return 'the submission changed';
  if (report.requested_seeds.join(',') !== settings.seeds.join(','))
    return `seeds ${report.requested_seeds.join(',')} → ${settings.seeds.join(',')}`;
  const limits = (Object.keys(LIMIT_NAMES) as (keyof Report['limits'])[]).filter(
    (k) => report.limits[k] !== settings.limits[k],
  );
  if (limits.length > 0) {
    return limits
      .map((k) => `${LIMIT_NAMES[k]} ${report.limits[k]} → ${settings.limits[k]}`)
      .join(', ');
  }
  if (report.toolkit_version !== settings.toolkitVersion)
    return `toolkit ${report.toolkit_version} → ${settings.toolkitVersion}`;
  if (report.executor.kind !== settings.executor)
    return `executor ${report.executor.kind} → ${settings.executor}`;
  if (report.image.id !== current.imageId)
    return `image ${report.image.id ?? 'none'} → ${current.imageId ?? 'none'}`;
  return null;
}
