import { RpeError } from '../../framework/index.js';

/** The items file a submission's entrypoint wrote for one seed. */
export interface SubmissionOutput {
  bytes: Buffer;
  entrypoint: string;
  wallMs: number;
}

/**
 * Runs a submission's entrypoint (`generate.py --seed N --out FILE`, or .ts/.js) for each seed as
 * a local process with the sandbox's local executor: the task's 120-second limit, the output cap,
 * the first environment of the check. Not isolated: use `rpe sandbox run` for that. A run that
 * does not end well is RpeError `generator_failed` (exit 1) with the executor's message.
 */
export async function runSubmissionSeeds(
  dir: string,
  seeds: readonly number[],
  onSeed?: (seed: number) => void,
): Promise<SubmissionOutput[]> {
  // Loaded only here: the sandbox door brings dockerode, which the other sources do not need.
  const sandbox = await import('../../sandbox/index.js');
  const detection = await sandbox.detectEntrypoint(dir);
  const entrypoint = detection.entrypoint;
  if (!entrypoint) {
    throw new RpeError(
      'entrypoint_missing',
      `${dir}: ${sandbox.missingEntrypointMessage(detection)}`,
    );
  }
  const limits = sandbox.resolveLimits();
  const executor = await sandbox.createLocalExecutor({ submissionDir: dir, entrypoint, limits });
  const [variation] = sandbox.ENV_VARIATIONS;
  const outputs: SubmissionOutput[] = [];
  try {
    for (const seed of seeds) {
      onSeed?.(seed);
      const run = await executor.run({ submissionDir: dir, entrypoint, seed, limits, variation });
      if (run.status !== 'ok' || !run.output) {
        throw new RpeError(
          'generator_failed',
          `${dir}: ${entrypoint.file} --seed ${seed}: ${run.status}: ${run.message ?? 'no output'}`,
          { exitCode: 1 },
        );
      }
      outputs.push({ bytes: run.output, entrypoint: entrypoint.file, wallMs: run.wallMs });
    }
  } finally {
    await executor.dispose();
  }
  return outputs;
}
