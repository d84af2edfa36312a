import { randomUUID } from 'node:crypto';
import { withTimeout, type Engine } from './connect-engine.js';
import { runLabels } from './labels.js';

/** What a probe container saw from the inside, and how long it took from create to exit. */
export interface LimitsProbe {
  ok: boolean;
  seconds: number;
  /** What held or failed, e.g. `uid 10002, read-only root, no capabilities, ...`. */
  detail: string;
}

const PROBE_UID = 10002;
const PROBE_MEMORY = 64 * 1024 * 1024;
const PROBE_PIDS = 32;
const PROBE_TIMEOUT_MS = 30_000;

// Each line prints what the generator would find: user, root filesystem, privileges, network.
const SCRIPT = [
  'echo "uid $(id -u)"',
  'if touch /probe 2>/dev/null; then echo "root writable"; else echo "root read-only"; fi',
  'grep -E "^(NoNewPrivs|CapEff):" /proc/self/status',
  'echo "net $(ls /sys/class/net | tr "\\n" " ")"',
  // cgroup v2 files first, then v1.
  'echo "memory $(cat /sys/fs/cgroup/memory.max 2>/dev/null || cat /sys/fs/cgroup/memory/memory.limit_in_bytes)"',
  'echo "pids $(cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max)"',
].join('; ');

const EXPECT: [RegExp, string][] = [
  [new RegExp(`^uid ${PROBE_UID}$`, 'm'), `uid ${PROBE_UID}`],
  [/^root read-only$/m, 'read-only root'],
  [/^CapEff:\s*0+$/m, 'no capabilities'],
  [/^NoNewPrivs:\s*1$/m, 'no-new-privileges'],
  [/^net lo $/m, 'no network'],
  [new RegExp(`^memory ${PROBE_MEMORY}$`, 'm'), `memory ${PROBE_MEMORY / 1024 / 1024} MB`],
  [new RegExp(`^pids ${PROBE_PIDS}$`, 'm'), `${PROBE_PIDS} processes`],
];

/**
 * Starts a throwaway container of `image` with the sandbox's lock-down (network none, read-only
 * root, memory and pids limits, a non-root user, every capability dropped, no-new-privileges) and
 * checks from the inside that each holds. The container is removed whatever happens.
 */
export async function probeSandboxLimits(engine: Engine, image: string): Promise<LimitsProbe> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const container = await engine.docker.createContainer({
    Image: image,
    Cmd: ['sh', '-c', SCRIPT],
    User: `${PROBE_UID}:${PROBE_UID}`,
    Tty: true,
    Labels: runLabels(engine.config, `doctor-${randomUUID()}`),
    NetworkDisabled: true,
    HostConfig: {
      NetworkMode: 'none',
      ReadonlyRootfs: true,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Memory: PROBE_MEMORY,
      MemorySwap: PROBE_MEMORY,
      PidsLimit: PROBE_PIDS,
      NanoCpus: 1e9,
    },
  });
  try {
    await container.start();
    const wait = container.wait.bind(container) as unknown as (options: {
      abortSignal: AbortSignal;
    }) => Promise<{ StatusCode: number }>;
    const ended = await withTimeout(wait, PROBE_TIMEOUT_MS);
    if (!ended.ok)
      return {
        ok: false,
        seconds: seconds(),
        detail: ended.timedOut
          ? `the probe did not finish within ${PROBE_TIMEOUT_MS / 1000} s`
          : (String((ended.error as Error).message).split('\n')[0] ?? ''),
      };
    const output = String(await container.logs({ stdout: true, stderr: true })).replace(/\r/g, '');
    const failed = EXPECT.filter(([pattern]) => !pattern.test(output)).map(([, what]) => what);
    if (ended.value.StatusCode !== 0 || failed.length > 0)
      return {
        ok: false,
        seconds: seconds(),
        detail: `${failed.length > 0 ? `not in force: ${failed.join(', ')}` : `exit status ${ended.value.StatusCode}`} (saw: ${output.trim().split('\n').join('; ')})`,
      };
    return {
      ok: true,
      seconds: seconds(),
      detail: EXPECT.map(([, what]) => what).join(', '),
    };
  } finally {
    await container.remove({ force: true }).catch(() => undefined);
  }
}
