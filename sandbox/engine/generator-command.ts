import { posix } from 'node:path';
import type { EnvVariation, Entrypoint } from '../run/executor.js';
import { DEPS_DIR } from './install-dependencies.js';
import { RUNTIME_MODULES } from './stage-node-runtime.js';
import { TRACE_DIR } from './start-sandbox.js';

/** The node image's tsx loader: outside every path a submission's imports resolve from. */
export const TSX_LOADER = `${RUNTIME_MODULES}/tsx/dist/loader.mjs`;

/**
 * The generator's pid is made a function of the variation alone: throwaway processes are started
 * until the pid counter reaches a target set by the variation, so the generator, started next,
 * gets PID_BASE + pidShift + 1 (an `exec` keeps a pid, so only forks count). Counting processes
 * instead would leave the engine's own start-up jitter in the pid, and two runs in the same
 * environment would differ. The throwaways are forks of the shell that run nothing (`:`), which
 * cost a fraction of a fork and exec of /bin/true.
 */
export const PID_BASE = 40;
export const PID_SHIFT_LOOP = 'while :; do : & p=$!; wait "$p"; [ "$p" -ge "$t" ] && break; done';

/**
 * The traced shell: closes the trace's descriptor, moves the pid counter, runs the generator
 * (inside strace: strace forks test processes of its own as it starts), and when it exits kills
 * every other process of the user but strace (its parent) and itself, so the run ends with the
 * generator (strace waits for every process it traces) and the exit status is the generator's,
 * 128+n when a signal killed it. No process outlives the run: the output is read only after
 * another sweep.
 */
const TRACED_RUN = [
  'exec 3>&-',
  `t=$1; shift; ${PID_SHIFT_LOOP}; "$@"; s=$?`,
  'for i in 1 2 3; do for p in /proc/[0-9]*; do p=${p#/proc/}; [ "$p" = $$ ] || [ "$p" = "$PPID" ] || kill -9 "$p" 2>/dev/null; done; done',
  'exit $s',
].join('\n');

/**
 * The system calls strace stops on: enough to see every attempt to create, connect or send on an
 * internet socket, name resolution included (the resolver connects and sends to port 53). With
 * --seccomp-bpf no other system call pays for the tracing.
 */
export const TRACED_CALLS = ['socket', 'connect', 'sendto', 'sendmsg', 'sendmmsg'];

/**
 * The run's wrapper, as the generator's user. It makes the output folder, opens the trace file
 * (its name comes in RPE_TRACE and is dropped from the environment) on fd 3, and becomes strace,
 * which writes there through /proc/self/fd/3: neither the name nor the descriptor reaches the
 * generator (the first traced shell closes fd 3), and strace is installed execute-only, so the
 * kernel makes it non-dumpable and the generator cannot open its descriptors through /proc.
 */
const WRAPPER = [
  'out=$1; shift',
  'mkdir -p -- "$out" || exit 125',
  'name=$RPE_TRACE; unset RPE_TRACE',
  `exec 3>"${TRACE_DIR}/$name" || exit 125`,
  'exec strace -f -q -Y --seccomp-bpf -e signal=none -e trace=' +
    TRACED_CALLS.join(',') +
    ` -s 256 -o /proc/self/fd/3 -- /bin/sh -c '${TRACED_RUN}' rpe-run "$@"`,
].join('\n');

// The interpreter's command line for an entrypoint at `file`.
export function interpreterArgv(entrypoint: Entrypoint, file: string, tsxLoader: string): string[] {
  if (entrypoint.kind === 'python') return ['python3', file];
  if (entrypoint.kind === 'tsx') return ['node', '--import', tsxLoader, file];
  return ['node', file];
}

/**
 * The command line of one run: the entrypoint at the variation's mount path, traced, behind the
 * pid shift and the `launcher` (commands that each replace themselves with the next).
 */
export function generatorCommand(
  entrypoint: Entrypoint,
  variation: EnvVariation,
  seed: number,
  outputFile: string,
  launcher: readonly string[] = [],
): string[] {
  const file = posix.join(variation.submissionPath, entrypoint.file);
  const run = [
    ...launcher,
    ...interpreterArgv(entrypoint, file, TSX_LOADER),
    '--seed',
    String(seed),
    '--out',
    outputFile,
  ];
  return [
    '/bin/sh',
    '-c',
    WRAPPER,
    'rpe-wrap',
    posix.dirname(outputFile),
    String(PID_BASE + variation.pidShift),
    ...run,
  ];
}

// The environment of one run: the variation's variables, the install layer, the sandbox marker.
export function generatorEnv(
  variationVars: Record<string, string>,
  pipLayer: boolean,
  traceName: string,
): string[] {
  return [
    'PATH=/usr/local/bin:/usr/bin:/bin',
    ...Object.entries(variationVars).map(([k, v]) => `${k}=${v}`),
    'PYTHONDONTWRITEBYTECODE=1',
    ...(pipLayer ? [`PYTHONPATH=${DEPS_DIR}/python`] : []),
    'RPE_SANDBOX=1',
    `RPE_TRACE=${traceName}`,
  ];
}
