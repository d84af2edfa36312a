import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RpeError } from '../../framework/index.js';

/**
 * Where the sets of a trial come from:
 * - `framework`: a generator declared with the framework (a folder with generator.ts/.js/.mjs, or
 *   the module itself), generated in-process as `rpe generate` does, with the meta sidecar;
 * - `python`: a Python generator made by `rpe init --lang py` (generate.py beside its
 *   `rpe_runtime/`), run by python3 as `rpe generate` runs it, with the meta sidecar;
 * - `submission`: any other submission folder with generate.py/.ts/.js, run as a local process by
 *   the sandbox's local executor (no meta sidecar: the entrypoint's command line is the task's,
 *   `--seed N --out FILE`);
 * - `files`: sets already made (`--sets`), each with `<name>.meta.jsonl` beside it when present.
 */
export type SetSource =
  | { kind: 'framework'; path: string }
  | { kind: 'python'; path: string }
  | { kind: 'submission'; path: string }
  | { kind: 'files'; files: string[] };

const DECLARATIONS = ['generator.ts', 'generator.js', 'generator.mjs'];

// generate.py with the runtime `rpe init --lang py` vendors beside it (which takes --meta).
function isRuntimeGenerator(dir: string): boolean {
  return (
    existsSync(join(dir, 'generate.py')) &&
    statSync(join(dir, 'generate.py')).isFile() &&
    existsSync(join(dir, 'rpe_runtime', '__init__.py'))
  );
}

// Decides how a trial's sets are made from the GENERATOR argument or the --sets files.
export async function resolveSetSource(options: {
  generator?: string;
  sets?: string[];
}): Promise<SetSource> {
  const { generator, sets } = options;
  if (generator !== undefined && sets !== undefined) {
    throw new RpeError('usage', 'give either GENERATOR or --sets, not both');
  }
  if (sets !== undefined) {
    if (sets.length === 0) throw new RpeError('usage', '--sets needs at least one file');
    return { kind: 'files', files: sets };
  }
  if (generator === undefined) {
    throw new RpeError('usage', 'give a GENERATOR (a folder or module) or --sets FILE...');
  }
  const abs = resolve(generator);
  if (!existsSync(abs)) {
    throw new RpeError('generator_missing', `${generator}: no such file or folder`);
  }
  if (!statSync(abs).isDirectory()) return { kind: 'framework', path: generator };
  if (DECLARATIONS.some((name) => existsSync(join(abs, name)))) {
    return { kind: 'framework', path: generator };
  }
  if (isRuntimeGenerator(abs)) return { kind: 'python', path: generator };
  // Loaded only here: the sandbox door brings dockerode, which the other sources do not need.
  const { detectEntrypoint, missingEntrypointMessage } = await import('../../sandbox/index.js');
  const detection = await detectEntrypoint(abs);
  if (detection.entrypoint) return { kind: 'submission', path: generator };
  throw new RpeError(
    'generator_missing',
    `${generator}: no framework generator (${DECLARATIONS.join(', ')}) and ${missingEntrypointMessage(detection)}`,
  );
}
