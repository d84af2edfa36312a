import { posix } from 'node:path';
import type { EnvVariation, Entrypoint } from '../run/executor.js';
import { DEPS_DIR } from './install-dependencies.js';
import { RUNTIME_MODULES } from './stage-node-runtime.js';
import { READ_RUN } from './collect-sandbox-output.js';
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
 * every other process of the user but strace (its parent), the wrapper (strace's parent) and
 * itself, so the run ends with the generator (strace waits for every process it traces) and the
 * exit status is the generator's, 128+n when a signal killed it.
 */
const TRACED_RUN = [
  'exec 3>&-',
  `w=$1; t=$2; shift 2; ${PID_SHIFT_LOOP}; "$@"; s=$?`,
  'for i in 1 2 3; do for p in /proc/[0-9]*; do p=${p#/proc/}; [ "$p" = $$ ] || [ "$p" = "$PPID" ] || [ "$p" = "$w" ] || kill -9 "$p" 2>/dev/null; done; done',
  'exit $s',
].join('\n');

/** How many pids before the target the wrapper's own shift stops: more than strace takes. */
const TRACED_PID_MARGIN = 10;

/**
 * The system calls strace stops on: enough to see every attempt to create, connect or send on an
 * internet socket, name resolution included (the resolver connects and sends to port 53). With
 * --seccomp-bpf no other system call pays for the tracing.
 */
export const TRACED_CALLS = ['socket', 'connect', 'sendto', 'sendmsg', 'sendmmsg'];

/**
 * The shell the run's wrapper runs in: a copy of dash installed execute-only in the runner
 * images, so the kernel makes the wrapper not dumpable. The generator runs as the same user, yet
 * cannot read the wrapper's environment or open its descriptors through /proc.
 */
export const WRAPPER_SHELL = '/usr/lib/rpe/sh';

/**
 * The run's wrapper, as the generator's user. It makes the output folder and opens the trace file
 * (its name comes in RPE_TRACE) on fd 3, runs strace, which writes there through /proc/self/fd/3
 * (the first traced shell closes fd 3, so the generator never holds it; strace is execute-only,
 * not dumpable either), and when strace is done reads what the run left (READ_RUN) after a line
 * holding RPE_MARK, then exits with the generator's status. RPE_TRACE and RPE_MARK are dropped
 * from the environment before strace starts: the generator can write anything to its stdout, the
 * same pipe, but not the mark, so what follows the mark is the wrapper's. Without a mark the
 * wrapper stops after the run, and the caller reads the output with a command of its own.
 */
const WRAPPER = [
  'f=$1; max=$2; shift 2',
  // Most of the pid shift, untraced: a fork under strace costs it a stop and a resume. The rest,
  // exact whatever strace forks as it starts, is left to the traced shell.
  `t=$(($1 - ${TRACED_PID_MARGIN})); ${PID_SHIFT_LOOP}`,
  'mark=$RPE_MARK; name=$RPE_TRACE; unset RPE_MARK RPE_TRACE',
  'mkdir -p -- "${f%/*}" || exit 125',
  `t="${TRACE_DIR}/$name"`,
  'exec 3>"$t" || exit 125',
  'strace -f -q -Y --seccomp-bpf -e signal=none -e trace=' +
    TRACED_CALLS.join(',') +
    ` -s 256 -o /proc/self/fd/3 -- /bin/sh -c '${TRACED_RUN}' rpe-run "$$" "$@"`,
  's=$?',
  'exec 3>&-',
  '[ -n "$mark" ] || exit $s',
  `printf '%s\\n' "$mark"`,
  READ_RUN,
  'exit $s',
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
  outputBytes = 0,
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
    WRAPPER_SHELL,
    '-c',
    WRAPPER,
    'rpe-wrap',
    outputFile,
    String(outputBytes),
    String(PID_BASE + variation.pidShift),
    ...run,
  ];
}

// The environment of one run: the variation's variables, the install layer, the sandbox marker.
export function generatorEnv(
  variationVars: Record<string, string>,
  pipLayer: boolean,
  traceName: string,
  mark?: string,
): string[] {
  return [
    'PATH=/usr/local/bin:/usr/bin:/bin',
    ...Object.entries(variationVars).map(([k, v]) => `${k}=${v}`),
    'PYTHONDONTWRITEBYTECODE=1',
    ...(pipLayer ? [`PYTHONPATH=${DEPS_DIR}/python`] : []),
    'RPE_SANDBOX=1',
    `RPE_TRACE=${traceName}`,
    ...(mark === undefined ? [] : [`RPE_MARK=${mark}`]),
  ];
}
