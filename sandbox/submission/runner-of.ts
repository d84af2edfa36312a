import type { Entrypoint } from '../run/executor.js';
import type { InstallPlan } from './plan-install.js';

/** What the runs of a submission need, as a report names it. */
export type RunnerName = 'python' | 'python+node' | 'node' | 'node+tsx';

export interface Runner {
  name: RunnerName;
  /** Whether the runner image must have Node (the node image, which has Python as well). */
  needsNode: boolean;
}

// One line for people: what the check assumed the organisers' runner has.
export function describeRunner(name: RunnerName): string {
  switch (name) {
    case 'python':
      return 'python: `python generate.py`, Python 3.11 with the standard library and requirements.txt';
    case 'python+node':
      return 'python+node: `python generate.py` starts Node (the generate.py of a TypeScript repository): the organisers must run it in an image that has Node too';
    case 'node':
      return 'node: `node generate.js`: confirm with the organisers that they run it';
    case 'node+tsx':
      return 'node+tsx: `node --import tsx generate.ts`: confirm with the organisers that they run it';
  }
}

/**
 * The runner an entrypoint needs: a generate.py whose install is a package-lock.json (the TS
 * scaffold's generate.py runs its bundled script with Node) needs Python and Node; `pythonOnly`
 * says a Python-only runner was asked for, which such a generate.py must then make do without.
 */
export function runnerOf(entrypoint: Entrypoint, plan: InstallPlan, pythonOnly = false): Runner {
  if (entrypoint.kind === 'tsx') return { name: 'node+tsx', needsNode: true };
  if (entrypoint.kind === 'node') return { name: 'node', needsNode: true };
  const npm = plan.kind === 'npm' || (plan.kind === 'refused' && plan.installer === 'npm');
  if (npm && !pythonOnly) return { name: 'python+node', needsNode: true };
  return { name: 'python', needsNode: false };
}
