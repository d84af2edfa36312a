import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RpeError, isRpeError } from '../errors.js';
import { MAX_SOURCE_BYTES, readSource } from '../rules/index.js';
import {
  checked,
  declarationSchema,
  failureSchema,
  readJsonFile,
  reportSchema,
  type PythonDeclaration,
} from './python-report.js';
import type { GenerationResult } from './generation-result.js';
import { pythonGenerationResult } from './python-generation-result.js';

/** One seed of a Python generator: the bytes it wrote and the run, as a TypeScript run gives it. */
export interface PythonGeneration {
  items: Uint8Array;
  meta: Uint8Array | null;
  result: GenerationResult;
}

export interface PythonRunOptions {
  /** The repository: the working folder of the run. */
  dir: string;
  /** The entry point inside it, usually generate.py. */
  entry: string;
  timeoutSeconds: number;
  /** What the generator prints on stdout (its own debugging output), as it comes. */
  onOutput?: (chunk: Buffer) => void;
}

/** The last lines Python printed on stderr, enough for a traceback's final frame and error. */
const STDERR_TAIL = 64 * 1024;

function lastLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '')
      .at(-1) ?? ''
  );
}

// Runs `python3 ENTRY ARGS` in the repository; files go to a private temporary folder.
async function runPython(
  options: PythonRunOptions,
  args: (work: string) => string[],
  finish: (work: string, stderr: string) => void,
): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'rpe-python-'));
  try {
    const { execa } = await import('execa');
    const where = join(options.dir, options.entry);
    const child = execa('python3', [options.entry, ...args(work)], {
      cwd: options.dir,
      // No __pycache__ written into the team's tree by our runs.
      env: { PYTHONDONTWRITEBYTECODE: '1' },
      stdin: 'ignore',
      buffer: false,
      reject: false,
      timeout: options.timeoutSeconds * 1000,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => options.onOutput?.(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    const result = await child;
    if (result.timedOut) {
      throw new RpeError(
        'timeout',
        `${where} did not finish within ${options.timeoutSeconds} s (--timeout sets the limit)`,
        { exitCode: 1 },
      );
    }
    if ((result.cause as { code?: unknown } | undefined)?.code === 'ENOENT') {
      throw new RpeError(
        'python_missing',
        `python3 not found: ${where} needs Python 3.10 or later`,
      );
    }
    const failure = failureSchema.safeParse(readJsonFile(join(work, 'report.json'), where)).data;
    if (failure) {
      throw new RpeError(failure.error.code, `${where}: ${failure.error.message}`, {
        exitCode: failure.error.exit_code,
      });
    }
    if (result.exitCode !== 0) {
      if (/unrecognized arguments: --(report|describe)/.test(stderr)) {
        throw new RpeError(
          'python_runtime_outdated',
          `${where} does not take --report and --describe: copy rpe_runtime/ from a fresh \`rpe init --lang py\` into ${options.dir}`,
        );
      }
      const line =
        lastLine(stderr) || `it exited with status ${String(result.exitCode ?? result.signal)}`;
      throw new RpeError('generator_failed', `${where} failed: ${line}`, {
        exitCode: result.exitCode === 2 ? 2 : 1,
      });
    }
    finish(work, stderr);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs one seed of a Python generator made with `rpe init --lang py` (its rpe_runtime writes a
 * report beside the items) and returns what it wrote. Its stdout goes to `onOutput`; a failure is
 * RpeError: the runtime's own error (exit 1 for the generator, 2 for usage or output), the last
 * line of a traceback (exit 1), `timeout` (exit 1) when it runs past the limit.
 */
export async function runPythonGenerator(
  options: PythonRunOptions & { seed: number; meta: boolean; lexicon?: string },
): Promise<PythonGeneration> {
  let generation: PythonGeneration | undefined;
  await runPython(
    options,
    (work) => [
      '--seed',
      String(options.seed),
      '--out',
      join(work, 'items.jsonl'),
      '--report',
      join(work, 'report.json'),
      ...(options.meta ? ['--meta', join(work, 'meta.jsonl')] : []),
      ...(options.lexicon ? ['--lexicon', options.lexicon] : []),
    ],
    (work) => {
      const where = join(options.dir, options.entry);
      const written = readJsonFile(join(work, 'report.json'), `${where}'s report`);
      const report = written === null ? null : checked(written, reportSchema, `${where}'s report`);
      let items: Uint8Array;
      try {
        items = readSource(join(work, 'items.jsonl'), { maxBytes: MAX_SOURCE_BYTES });
      } catch (error) {
        if (isRpeError(error) && error.code === 'input_too_large') throw error;
        throw new RpeError(
          'no_output',
          `${where} exited without writing its items (sys.exit() inside sample()?)`,
          { exitCode: 1 },
        );
      }
      if (!report) {
        throw new RpeError(
          'python_runtime_outdated',
          `${where} wrote no report: rpe generate needs a generate.py that ends with run_cli(GENERATOR) from rpe_runtime (rpe init --lang py)`,
        );
      }
      generation = {
        items,
        meta: options.meta ? readSource(join(work, 'meta.jsonl')) : null,
        result: pythonGenerationResult(report, new TextDecoder().decode(items)),
      };
    },
  );
  if (!generation) throw new RpeError('no_output', 'the Python generator gave no result');
  return generation;
}

/** The declaration of a Python generator (`generate.py --describe FILE`), for its provenance. */
export async function describePythonGenerator(
  options: PythonRunOptions,
): Promise<PythonDeclaration> {
  let declaration: PythonDeclaration | null = null;
  await runPython(
    options,
    (work) => ['--describe', join(work, 'declaration.json')],
    (work) => {
      const what = `${join(options.dir, options.entry)}'s declaration`;
      const written = readJsonFile(join(work, 'declaration.json'), what);
      declaration = written === null ? null : checked(written, declarationSchema, what);
    },
  );
  if (!declaration) {
    throw new RpeError(
      'python_runtime_outdated',
      `${join(options.dir, options.entry)} wrote no declaration: rpe provenance needs a generate.py that ends with run_cli(GENERATOR) from rpe_runtime (rpe init --lang py)`,
    );
  }
  return declaration;
}
