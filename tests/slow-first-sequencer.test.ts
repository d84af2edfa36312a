import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { SlowFirstSequencer } from './slow-first-sequencer.js';

const ROOT = '/repo';
const spec = (path: string) =>
  ({ moduleId: `${ROOT}/${path}`, project: { name: '' } }) as unknown as TestSpecification;

function sequencer(cached: Record<string, { duration: number; failed: boolean }>) {
  const ctx = {
    config: { root: ROOT },
    cache: { getFileTestResults: (key: string) => cached[key.replace(/^:/, '')] },
  };
  return new SlowFirstSequencer(ctx as unknown as Vitest);
}

describe('the order of the test files', () => {
  it('runs the longest first, from the recorded durations when vitest has none cached', async () => {
    const files = [
      'new.test.ts',
      'tests/cli/validate.test.ts',
      'tests/sandbox/docker-verdicts.test.ts',
    ];
    const sorted = await sequencer({}).sort(files.map(spec));
    // In tests/file-durations.json docker-verdicts is among the longest and validate takes some
    // seconds; a file not there counts as 0.
    expect(sorted.map((s) => s.moduleId.slice(ROOT.length + 1))).toEqual([
      'tests/sandbox/docker-verdicts.test.ts',
      'tests/cli/validate.test.ts',
      'new.test.ts',
    ]);
  });

  it("prefers vitest's cached duration, and runs a file that failed last time first", async () => {
    const files = ['a.test.ts', 'b.test.ts', 'tests/sandbox/docker-verdicts.test.ts'];
    const sorted = await sequencer({
      'a.test.ts': { duration: 5_000, failed: false },
      'b.test.ts': { duration: 10, failed: true },
      'tests/sandbox/docker-verdicts.test.ts': { duration: 1_000, failed: false },
    }).sort(files.map(spec));
    expect(sorted.map((s) => s.moduleId.slice(ROOT.length + 1))).toEqual([
      'b.test.ts',
      'a.test.ts',
      'tests/sandbox/docker-verdicts.test.ts',
    ]);
  });
});
