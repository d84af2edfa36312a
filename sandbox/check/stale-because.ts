import { DEFAULT_INSTALL, type InstallSource } from '../submission/install-source.js';
import type { Report } from './report-schema.js';

/** What a batch run is made with: an earlier report stands for it only if all of it is the same. */
export interface RunSettings {
  seeds: readonly number[];
  limits: Report['limits'];
  toolkitVersion: string;
  executor: 'docker' | 'local';
  /** Where the install step may fetch what a tree does not hold (default: bridge). */
  install?: InstallSource;
}

// Why the install step would not be the same now, or null: a report stands only for the same
// --install-network, and one that fetched packages for the same index too.
function installChanged(report: Report, install: InstallSource): string | null {
  const was = report.install;
  if (!was?.requested_network) return null;
  if (was.requested_network !== install.network)
    return `install network ${was.requested_network} → ${install.network}`;
  const index = was.installer === 'npm' ? install.npmRegistry : install.indexUrl;
  if (was.network !== 'none' && was.index !== index)
    return `install index ${was.index ?? 'default'} → ${index ?? 'default'}`;
  return null;
}

type Source = Report['submission']['source'];

// Why the line names another submission than the report checked, or null: a git line's URL (and
// ref, when the report records one) must be the report's; a folder line's report has no URL.
function sourceChanged(was: Source, now: Source): string | null {
  const text = (s: Source): string => (s ? `${s.url}@${s.ref}` : 'a folder');
  const url = (was?.url ?? null) !== (now?.url ?? null);
  const ref = was?.ref !== undefined && now !== null && was.ref !== now.ref;
  return url || ref ? `source ${text(was)} → ${text(now)}` : null;
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
 * where the submission came from (a git line's URL and ref, when `source` is given), the tree
 * checked, the seeds, every limit, the toolkit version, the executor and the runner image's ID (a
 * rebuilt image can change the bytes).
 */
export function staleBecause(
  report: Report,
  current: { settings: RunSettings; treeHash: string; imageId: string | null; source?: Source },
): string | null {
  const { settings } = current;
  if (current.source !== undefined) {
    const source = sourceChanged(report.submission.source ?? null, current.source);
    if (source) return source;
  }
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
  const install = installChanged(report, settings.install ?? DEFAULT_INSTALL);
  if (install) return install;
  if (report.image.id !== current.imageId)
    return `image ${report.image.id ?? 'none'} → ${current.imageId ?? 'none'}`;
  return null;
}
