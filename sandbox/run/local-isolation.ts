import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
// The file, not the engine's door: a local run must not load dockerode.
import { PID_BASE, PID_SHIFT_LOOP } from '../engine/generator-command.js';

/**
 * How a local run is confined: in its own mount and pid namespaces (the tree bind-mounted
 * read-only, every process it starts killed by the kernel when the generator's wrapper exits,
 * the generator's pid set by the variation as in the sandbox), or not at all.
 */
export type LocalIsolation =
  { kind: 'namespaces'; unshare: string[] } | { kind: 'none'; reason: string };

/**
 * The wrapper run as pid 1 of the new namespaces: makes the tree read-only for this namespace
 * only (mount's bind,ro remounts the bind read-only), enters the tree, gives the run an empty
 * /dev/shm, and runs the generator with the pid the
 * variation sets, as in the sandbox. It sets the namespace's last pid directly (it may, in its own
 * pid namespace), and falls back to the sandbox's loop of throwaway processes. When it exits, the
 * kernel kills every process left in the namespace.
 */
const WRAPPER = [
  'tree=$1; t=$2; shift 2',
  'mount -o bind,ro -- "$tree" "$tree" && cd -- "$tree" || exit 125',
  // A /dev/shm of the run's own, as in a container: what libfaketime (or the generator) leaves
  // there goes with the namespace, and runs of the same pid do not share names.
  'mount -t tmpfs -o nosuid,nodev,mode=1777,size=64m rpe-shm /dev/shm 2>/dev/null',
  `echo "$t" 2>/dev/null > /proc/sys/kernel/ns_last_pid || ${PID_SHIFT_LOOP}`,
  '"$@"',
].join('\n');

function unshareArgs(asRoot: boolean): string[] {
  return [
    'unshare',
    ...(asRoot ? [] : ['--map-current-user']),
    '--mount',
    '--propagation',
    'private',
    '--pid',
    '--fork',
    '--kill-child',
    '--',
  ];
}

// The command line of a confined run of `argv`, in `tree`.
export function isolatedArgv(
  isolation: Extract<LocalIsolation, { kind: 'namespaces' }>,
  options: { tree: string; pidShift: number; argv: string[] },
): string[] {
  return [
    ...isolation.unshare,
    '/bin/sh',
    '-c',
    WRAPPER,
    'rpe-local',
    options.tree,
    String(PID_BASE + options.pidShift),
    ...options.argv,
  ];
}

let probed: Promise<LocalIsolation> | undefined;

/**
 * Whether this machine lets a local run have its namespaces: as root, or as a user where
 * unprivileged user namespaces are allowed. Probed once per process by confining a command that
 * tries to write into its tree (it must fail) and leaves a child behind (it must die).
 */
export function probeLocalIsolation(): Promise<LocalIsolation> {
  probed ??= (async (): Promise<LocalIsolation> => {
    const unshare = unshareArgs(process.getuid?.() === 0);
    const tree = await mkdtemp(join(tmpdir(), 'rpe-isolation-'));
    try {
      const [file = 'unshare', ...args] = isolatedArgv(
        { kind: 'namespaces', unshare },
        {
          tree,
          pidShift: 0,
          argv: ['/bin/sh', '-c', 'if (: > written) 2>/dev/null; then exit 3; fi; exit 0'],
        },
      );
      const probe = await execa(file, args, { reject: false, timeout: 10_000, stdin: 'ignore' });
      if (probe.exitCode === 0) return { kind: 'namespaces', unshare };
      const why = String(probe.stderr ?? '')
        .trim()
        .split('\n')
        .pop();
      return {
        kind: 'none',
        reason:
          probe.exitCode === 3
            ? 'a read-only bind mount did not stop a write'
            : `unshare is not usable here (${why || `exit ${probe.exitCode ?? probe.signal}`})`,
      };
    } finally {
      await rm(tree, { recursive: true, force: true });
    }
  })();
  return probed;
}
