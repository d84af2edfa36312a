import { posix } from 'node:path';
import type { EnvVariation, Entrypoint } from '../run/executor.js';
import { DEPS_DIR } from './install-dependencies.js';
import { OUTPUT_DIR } from './start-sandbox.js';

/** Where every generator writes, whatever its variation. */
export const OUTPUT_FILE = `${OUTPUT_DIR}/items.jsonl`;

/**
 * The generator's pid is made a function of the variation alone: throwaway processes are started
 * until the pid counter reaches PID_BASE + pidShift, then the generator runs as the next child (an
 * `exec` would keep the shell's pid). Counting processes instead would leave the engine's own
 * start-up jitter in the pid, and two runs in the same environment would differ. The shell's exit
 * status is the generator's, 128+n when a signal killed it.
 */
export const PID_BASE = 40;
const PID_SHIFT =
  't=$1; shift; while :; do /bin/true & p=$!; wait "$p"; [ "$p" -ge "$t" ] && break; done; "$@"';

// The command line of one run: the entrypoint at the variation's mount path, behind the pid shift.
export function generatorCommand(
  entrypoint: Entrypoint,
  variation: EnvVariation,
  seed: number,
): string[] {
  const file = posix.join(variation.submissionPath, entrypoint.file);
  const args = ['--seed', String(seed), '--out', OUTPUT_FILE];
  const run =
    entrypoint.kind === 'python'
      ? ['python3', file, ...args]
      : entrypoint.kind === 'tsx'
        ? ['node', '--import', 'tsx', file, ...args]
        : ['node', file, ...args];
  return ['/bin/sh', '-c', PID_SHIFT, 'rpe-run', String(PID_BASE + variation.pidShift), ...run];
}

// The environment of one run: the variation's variables, the install layer, the sandbox marker.
export function generatorEnv(variationVars: Record<string, string>, pipLayer: boolean): string[] {
  return [
    'PATH=/usr/local/bin:/usr/bin:/bin',
    ...Object.entries(variationVars).map(([k, v]) => `${k}=${v}`),
    'PYTHONDONTWRITEBYTECODE=1',
    ...(pipLayer ? [`PYTHONPATH=${DEPS_DIR}/python`] : []),
    'RPE_SANDBOX=1',
  ];
}
