// The order of the test files: the longest first, so the run does not end with one long file
// running alone on an idle machine. A file's last duration in vitest's own cache wins; a fresh
// clone has none, and takes tests/file-durations.json (seconds, from a full run; refresh it with
// `npx tsx scripts/ci/test-durations.ts REPORT.json --write` after `--reporter=json`). Failed files
// still run first, as vitest's default order has them.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const RECORDED = JSON.parse(
  readFileSync(new URL('./file-durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      return {
        failed: cached?.failed ?? false,
        ms: cached?.duration ?? (RECORDED[path] ?? 0) * 1000,
      };
    };
    const weights = new Map(files.map((spec) => [spec, known(spec)]));
    return [...files].sort((a, b) => {
      const wa = weights.get(a)!;
      const wb = weights.get(b)!;
      if (wa.failed !== wb.failed) return wa.failed ? -1 : 1;
      return wb.ms - wa.ms;
    });
  }
}
