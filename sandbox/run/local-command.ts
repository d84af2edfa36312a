import { join } from 'node:path';
import { execa } from 'execa';
import { RpeError } from '../../framework/errors.js';
import type { Entrypoint, Limits } from './executor.js';

/** How a local process is started for an entrypoint, and which limits the start enforces. */
export interface LocalCommand {
  file: string;
  args: string[];
  /** How the memory limit is enforced, or null when it cannot be. */
  memory: 'prlimit-address-space' | 'node-heap' | null;
  /** Whether the output size cap is enforced while writing (RLIMIT_FSIZE). */
  fileSizeLimit: boolean;
}

/**
 * Facts about the host, probed once per process: each probe starts a process (Python behind a
 * version-manager shim takes a second on a busy machine), which would otherwise be paid per check.
 */
const probes = new Map<string, Promise<unknown>>();

function once<T>(key: string, probe: () => Promise<T>): Promise<T> {
  let found = probes.get(key) as Promise<T> | undefined;
  if (!found) {
    found = probe();
    // A failed probe is not remembered: the next check tries again.
    found.catch(() => probes.delete(key));
    probes.set(key, found);
  }
  return found;
}

async function probePrlimit(): Promise<boolean> {
  const probe = await execa('prlimit', ['--version'], { reject: false, timeout: 5000 });
  return probe.exitCode === 0;
}

// The real interpreter behind `python3`, so a version-manager shim that reads HOME still works.
async function probePython(): Promise<string> {
  const probe = await execa('python3', ['-c', 'import sys; print(sys.executable)'], {
    reject: false,
    timeout: 20_000,
  });
  const path = probe.stdout?.toString().trim();
  if (probe.exitCode !== 0 || !path) {
    throw new RpeError(
      'python_missing',
      'python3 is not available: install Python 3 to check a generate.py',
    );
  }
  return path;
}

/** The interpreter behind `python3`, probed once per process. */
export function localPython(): Promise<string> {
  return once('python3', probePython);
}

function tsxLoader(): string {
  try {
    return import.meta.resolve('tsx');
  } catch (error) {
    throw new RpeError(
      'tsx_missing',
      'tsx is not installed: run `npm install --save-dev tsx` to check a generate.ts',
      {
        cause: error,
      },
    );
  }
}

/**
 * Builds the command line for an entrypoint run as a local process: Python under prlimit's
 * address-space limit, Node with its heap capped (an address-space limit breaks V8, which reserves
 * far more than it uses), and every kind under a file-size limit so a flood of output stops early.
 */
export async function localCommand(options: {
  submissionDir: string;
  entrypoint: Entrypoint;
  limits: Limits;
}): Promise<(seed: number, outFile: string) => LocalCommand> {
  const { entrypoint, limits } = options;
  const script = join(options.submissionDir, entrypoint.file);
  const prlimit = await once('prlimit', probePrlimit);
  let base: string[];
  let memory: LocalCommand['memory'];
  const heapMb = Math.max(16, Math.floor(limits.memoryBytes / 1024 ** 2));
  if (entrypoint.kind === 'python') {
    base = [await localPython(), script];
    memory = prlimit ? 'prlimit-address-space' : null;
  } else {
    const loader = entrypoint.kind === 'tsx' ? ['--import', tsxLoader()] : [];
    base = [process.execPath, `--max-old-space-size=${heapMb}`, ...loader, script];
    memory = 'node-heap';
  }
  const wrap = prlimit
    ? [
        'prlimit',
        `--fsize=${limits.outputBytes + 1}`,
        ...(memory === 'prlimit-address-space' ? [`--as=${limits.memoryBytes}`] : []),
        '--',
      ]
    : [];
  return (seed, outFile) => {
    const argv = [...wrap, ...base, '--seed', String(seed), '--out', outFile];
    return { file: argv[0] ?? '', args: argv.slice(1), memory, fileSizeLimit: prlimit };
  };
}
