// Started by engine.test.ts: begins a run that never ends, says so, and waits to be interrupted.
import { join } from 'node:path';
import { createDockerExecutor } from '../../sandbox/run/docker-executor.js';
import { ENV_VARIATIONS } from '../../sandbox/run/env-variations.js';
import { engine, SUBMISSIONS, TEST_LIMITS } from './docker-engine.js';

const runId = process.argv[2] ?? 'interrupt-test';
const submissionDir = join(SUBMISSIONS, 'sleep-forever');
const entrypoint = { file: 'generate.py', kind: 'python' } as const;
const limits = { ...TEST_LIMITS, timeoutSeconds: 120 };
if (!engine) throw new Error('no engine');
const executor = await createDockerExecutor({ engine, submissionDir, entrypoint, limits, runId });
await executor.run({
  submissionDir,
  entrypoint,
  seed: 0,
  limits,
  variation: ENV_VARIATIONS[0],
  onStatus: (line) => {
    if (line.endsWith('running')) process.stdout.write('running\n');
  },
});
