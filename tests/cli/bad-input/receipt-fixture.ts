// A receipt as a check writes it, for the rows that edit one. See receipts.cases.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SHA = 'a'.repeat(64);

// A receipt of the current schema with one seed and its kept set, of the folder `sub`.
function base(dir: string) {
  return {
    schema: 'rpe-report/2',
    toolkit_version: '0.1.0',
    created_at: '2026-12-01T00:00:00.000Z',
    verdict: 'eligible',
    reasons: [],
    warnings: [],
    requested_seeds: [0],
    seeds: [
      {
        seed: 0,
        status: 'ok',
        n_items: 60,
        format_ok: true,
        errors: [],
        deterministic: true,
        difference: null,
        cause: null,
        output_sha256: SHA,
        wall_ms: 1,
        peak_memory_bytes: null,
        runs: [],
        set: { file: 'seed-0.jsonl', sha256: SHA },
      },
    ],
    overlap: [],
    overlap_max: 0.5,
    data_hash: { declared: null, actual: null, ok: true, recipe: null, source: null, files: [] },
    image: { name: 'local python', id: null },
    executor: { kind: 'local', isolated: false },
    entrypoint: { file: 'generate.py', kind: 'python' },
    limits: {
      timeout_seconds: 120,
      memory_bytes: 2147483648,
      cpus: 1,
      pids: 256,
      output_bytes: 16777216,
      log_bytes: 16384,
    },
    submission: {
      path: join(dir, 'sub'),
      selection: 'folder',
      commit: null as string | null,
      ref: null as string | null,
      uncommitted: [],
      left_out: [],
      tree_hash: `sha256:${SHA}`,
      unchanged: true,
      source: null as { url: string; ref: string; commit: string } | null,
    },
    notes: [],
    wall_ms: 1,
  };
}

// Writes the receipt, edited by `edit`, as report.json in the row's folder.
export function receipt(edit: (r: ReturnType<typeof base>, dir: string) => void = () => undefined) {
  return (dir: string): void => {
    const r = base(dir);
    edit(r, dir);
    writeFileSync(join(dir, 'report.json'), JSON.stringify(r));
  };
}
