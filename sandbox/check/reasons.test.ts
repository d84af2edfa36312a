import { describe, expect, it } from 'vitest';
import { RUN_STATUSES } from '../run/executor.js';
import { REASONS, REASON_CODES, verdictOf } from './reasons.js';

describe('the reason table', () => {
  it('makes disqualified only the task’s Track 2 disqualifications and unscorable sets', () => {
    const disqualified = REASON_CODES.filter((c) => REASONS[c].class === 'disqualified');
    expect(disqualified.sort()).toEqual(
      [
        'entrypoint_missing',
        'timeout',
        'memory_limit',
        'runtime_error',
        'output_limit',
        'unsafe_output',
        'no_output',
        'invalid_items',
        'nondeterministic',
        'seed_overlap',
        'network_attempt',
        'tree_write',
      ].sort(),
    );
    expect(REASONS.data_hash_missing.class).toBe('incomplete');
    expect(REASONS.data_hash_mismatch.class).toBe('incomplete');
  });

  it('has a reason for every failed run status', () => {
    for (const status of RUN_STATUSES.filter((s) => s !== 'ok'))
      expect(REASON_CODES).toContain(status);
  });

  it('gives the verdict: disqualified beats incomplete beats eligible', () => {
    expect(verdictOf([])).toBe('eligible');
    expect(verdictOf([{ code: 'placeholder_left' }, { code: 'data_hash_missing' }])).toBe(
      'incomplete',
    );
    expect(verdictOf([{ code: 'placeholder_left' }, { code: 'timeout' }])).toBe('disqualified');
  });
});
