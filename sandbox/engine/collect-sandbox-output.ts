import { OUTPUT_DIR, RUN_USER, TRACE_BYTES, type Sandbox } from './start-sandbox.js';

/** What was found at the output path, read without trusting anything the generator left there. */
export type SandboxOutput =
  | { kind: 'file'; bytes: Buffer }
  | { kind: 'missing' }
  | { kind: 'symlink' }
  | { kind: 'not_regular' }
  | { kind: 'too_large'; size: number };

export interface SandboxCollection {
  output: SandboxOutput;
  /** Peak memory of the container's cgroup, where the kernel reports it. */
  peakMemoryBytes: number | null;
  /** How many times the out-of-memory killer acted in the container; null where unreadable. */
  oomKills: number | null;
  /** Free bytes left in the output folder: near zero means a write hit the size cap. */
  outputFreeBytes: number | null;
  /** The network trace strace wrote (its first TRACE_BYTES), or null when there is none. */
  trace: string | null;
}

/**
 * Reads what a finished run left, as the generator's user, with `f` (the output file), `max` (its
 * size cap) and `t` (the network trace, or empty) set: first kills every process that user still
 * has (a daemonised child could otherwise swap the file for a symlink between the check and the
 * read), then checks with lstat semantics (`-L` before `-f`) and the size before a single `cat`.
 * It prints a header line, then the network trace (its size is in the header), then the output.
 * The run's wrapper ends with it (generator-command.ts); READER runs it as a command of its own.
 */
export const READ_RUN = `
kill -9 -1 2>/dev/null; kill -9 -1 2>/dev/null
peak=$(cat /sys/fs/cgroup/memory/memory.max_usage_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.peak 2>/dev/null || echo -)
ooms=$(cat /sys/fs/cgroup/memory/memory.oom_control /sys/fs/cgroup/memory.events 2>/dev/null | sed -n 's/^oom_kill //p' | head -n 1)
free=$(stat -f -c '%a*%S' "${OUTPUT_DIR}" 2>/dev/null)
[ -n "$free" ] && free=$(($free)) || free=-
tsize=-
if [ -n "$t" ] && [ -f "$t" ]; then tsize=$(stat -c %s -- "$t"); [ "$tsize" -gt ${TRACE_BYTES} ] && tsize=${TRACE_BYTES}; fi
head="$peak \${ooms:--} $free $tsize"
emit() { echo "$1"; [ "$tsize" = - ] || head -c "$tsize" -- "$t"; }
if [ -L "$f" ]; then emit "symlink $head"
elif [ ! -e "$f" ]; then emit "missing $head"
elif [ ! -f "$f" ]; then emit "not_regular $head"
else
  size=$(stat -c %s -- "$f")
  if [ "$size" -gt "$max" ]; then emit "too_large $head $size"
  else emit "file $head $size"; cat -- "$f"; fi
fi
`;

/** READ_RUN as a command of its own: argv output file, size cap, trace path. */
const READER = `f="$1"; max="$2"; t="$3"\n${READ_RUN}`;

const toNumber = (value: string | undefined): number | null =>
  value === undefined || !/^\d+$/.test(value) ? null : Number(value);

// Reads the output file of a finished run safely: regular file only, size checked before reading.
export async function collectSandboxOutput(
  sandbox: Sandbox,
  options: {
    path: string;
    maxBytes: number;
    tracePath?: string;
    /** The generator's user (default RUN_USER): the only one that may read the output folder. */
    user?: string;
  },
): Promise<SandboxCollection> {
  const result = await sandbox.exec({
    argv: [
      '/bin/sh',
      '-c',
      READER,
      'rpe-collect',
      options.path,
      String(options.maxBytes),
      options.tracePath ?? '',
    ],
    user: options.user ?? RUN_USER,
    env: ['PATH=/usr/bin:/bin', 'LC_ALL=C'],
    cwd: '/',
    timeoutMs: 60_000,
    stdout: { keep: 'head', bytes: options.maxBytes + TRACE_BYTES + 4096 },
    stderrBytes: 4096,
  });
  if (result.exitCode !== 0 || result.stdout.indexOf(10) < 0) {
    const why = result.stderr.toString('utf8').trim().split('\n').pop() ?? '';
    throw new Error(`reading the output failed (exit ${result.exitCode}): ${why}`);
  }
  return parseRunRead(result.stdout);
}

/** What READ_RUN printed, parsed; throws when it is not READ_RUN's answer. */
export function parseRunRead(stdout: Buffer): SandboxCollection {
  const newline = stdout.indexOf(10);
  if (newline < 0) throw new Error('reading the output gave no answer');
  const header = stdout.subarray(0, newline).toString('latin1');
  const [kind, peak, ooms, free, traceSize, size] = header.split(' ');
  const traceBytes = toNumber(traceSize);
  const body = newline + 1 + (traceBytes ?? 0);
  const base = {
    peakMemoryBytes: toNumber(peak),
    oomKills: toNumber(ooms),
    outputFreeBytes: toNumber(free),
    trace: traceBytes === null ? null : stdout.subarray(newline + 1, body).toString('utf8'),
  };
  if (kind === 'file') {
    const bytes = stdout.subarray(body);
    if (bytes.length !== toNumber(size)) throw new Error('the output changed while it was read');
    return { ...base, output: { kind: 'file', bytes } };
  }
  if (kind === 'too_large') return { ...base, output: { kind, size: toNumber(size) ?? 0 } };
  if (kind === 'symlink' || kind === 'missing' || kind === 'not_regular')
    return { ...base, output: { kind } };
  throw new Error(`reading the output gave an unexpected answer: ${header.slice(0, 80)}`);
}
