// A run that ended well, as an executor reports it: for the tests of what is made of runs.
import { createHash } from 'node:crypto';
import type { RunResult } from '../sandbox/run/executor.js';

export function okRun(
  seed: number,
  variation: string,
  output: Buffer | string,
  wallMs = 1,
): RunResult {
  const bytes = typeof output === 'string' ? Buffer.from(output) : output;
  return {
    status: 'ok',
    seed,
    variation,
    exitCode: 0,
    timedOut: false,
    oomKilled: false,
    wallMs,
    peakMemoryBytes: null,
    stdoutTail: '',
    stderrTail: '',
    networkAttempts: null,
    output: bytes,
    outputSha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
