// One fixture submission for every reason code of the reason table: typed as a record of every
// code, so a code added to the table without a fixture does not compile. The local and Docker
// tests check each fixture earns its code (and `also`, the codes of the same class it earns with
// it, and nothing else of that class).
import type { Limits, ReasonCode } from '../../sandbox/index.js';

export interface ReasonFixture {
  /** A folder of tests/fixtures/submissions/. */
  fixture: string;
  /** Other codes of the same class the fixture earns with it. */
  also?: ReasonCode[];
  limits?: Partial<Limits>;
  /** Only the sandbox can see it (a local process has the network). */
  sandboxOnly?: true;
  /** Checked with `--install-network none`: with a network, the install step fetches the pins. */
  offline?: true;
}

export const REASON_FIXTURES: Record<ReasonCode, ReasonFixture> = {
  entrypoint_missing: { fixture: 'no-entrypoint' },
  timeout: { fixture: 'sleep-forever', limits: { timeoutSeconds: 2 } },
  memory_limit: { fixture: 'memory-bomb', limits: { memoryBytes: 256 * 1024 ** 2 } },
  runtime_error: { fixture: 'runtime-error' },
  output_limit: { fixture: 'huge-output', limits: { outputBytes: 1024 ** 2 } },
  unsafe_output: { fixture: 'symlink-output' },
  no_output: { fixture: 'no-output' },
  invalid_items: { fixture: 'invalid-items' },
  nondeterministic: { fixture: 'nondeterministic-clock' },
  seed_overlap: { fixture: 'static-list' },
  network_attempt: { fixture: 'network-urllib-caught', sandboxOnly: true },
  tree_write: { fixture: 'writes-into-tree' },
  required_file_missing: { fixture: 'required-files-missing' },
  license_not_osi: { fixture: 'license-not-osi' },
  data_hash_missing: { fixture: 'data-hash-missing' },
  data_hash_mismatch: { fixture: 'data-hash-mismatch' },
  data_unsafe_entry: { fixture: 'data-symlink' },
  placeholder_left: { fixture: 'placeholder-left' },
  requirements_unpinned: { fixture: 'requirements-unpinned', also: ['install_failed'] },
  requirements_unvendored: {
    fixture: 'requirements-unvendored',
    also: ['install_failed'],
    offline: true,
  },
  lock_needs_network: { fixture: 'lock-needs-network', also: ['install_failed'], offline: true },
  install_failed: {
    fixture: 'requirements-unvendored',
    also: ['requirements_unvendored'],
    offline: true,
  },
};
