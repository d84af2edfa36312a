import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { formatItems } from '../../framework/generator/index.js';
import { normalize } from '../../framework/rules/index.js';
import { PYTHON_RUNTIME } from './test-lexicon.js';

describe('Python generator runtime', () => {
  it('behaves as the TypeScript runtime: quota errors, purity guard, aliases, output bytes, normalisation', async () => {
    const script = new URL('./python/runtime_behaviour.py', import.meta.url).pathname;
    const { stdout } = await execa('python3', [script, PYTHON_RUNTIME], {
      env: { PYTHONDONTWRITEBYTECODE: '1' },
    });
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    expect(seen.quota).toMatch(
      /^family "fam" cannot fill its quota: item \d+ of 50 found nothing new in 30 attempts \(\d+x duplicate input\)/,
    );
    expect(seen.random).toBe(
      'family "fam" called random.random() during generation; draw from ctx.rng instead',
    );
    expect(seen.time).toBe(
      'family "fam" called time.time() during generation; draw from ctx.rng instead',
    );
    expect(seen.restored).toBe(true);
    expect(seen.invalid).toMatch(/family "fam", item 1, attempt 1: empty_gold/);
    expect(seen.aliases).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect(seen.rejections).toBe(50);
    const items = [
      { input: 'Zażółć\tgęślą "jaźń"\u001f', gold: 'ą', aliases: [] },
      { input: 'b', gold: 'c', aliases: ['d'] },
    ];
    expect(seen.jsonl).toBe(formatItems(items));
    expect(seen.normalize).toBe(normalize('\u00a0 a\u0085\u001cb\ufb01 '));
    // A failing sample() is named with the team's own frame, not the runtime's or the stdlib's.
    expect(seen.raised).toBe(
      'family "fam", item 1, attempt 1: sample() raised KeyError: \'fam\' (runtime_behaviour.py line 37, in _pick_missing)',
    );
    expect(seen.raised_in_stdlib).toMatch(
      /^family "fam", item 1, attempt 1: sample\(\) raised JSONDecodeError: .* \(runtime_behaviour\.py line 41, in <lambda>\)$/,
    );
  });
});
