import { describe, expect, it } from 'vitest';
import { evaluateResponses } from './evaluate-responses.js';
import { startPythonEvaluator } from './python-evaluator.js';
import type { ModelResponses } from './read-responses-dir.js';

const fixture = (name: string) => `tests/fixtures/panel/evaluators/${name}/evaluator.py`;
const items = [
  { input: 'Pytanie 1', gold: 'kota', aliases: ['kocura'] },
  { input: 'Pytanie 2', gold: 'psa' },
];
const model = (name: string, predictions: (string | null)[]): ModelResponses => ({
  model: name,
  file: `${name}.jsonl`,
  predictions,
  skippedLines: [],
});

describe('evaluateResponses with the aliases evaluator', () => {
  it('accepts the gold or an alias after normalisation, case-sensitively, and marks a missing answer wrong', async () => {
    const result = await evaluateResponses({
      items,
      responses: [model('a', [' kocura\n', 'Psa']), model('b', ['kota', null])],
    });
    expect(result.matrix).toEqual({
      models: ['a', 'b'],
      correct: [
        [1, 1],
        [0, 0],
      ],
    });
    expect(result.missing).toEqual([{ model: 'b', item: 2 }]);
    expect(result.models.map((m) => [m.model, m.correct, m.missing])).toEqual([
      ['a', 1, 0],
      ['b', 1, 1],
    ]);
    expect(result.gold_check).toBeNull();
  });
});

describe('evaluateResponses with evaluator.py', () => {
  const plain = items.map(({ input, gold }) => ({ input, gold }));

  it('is refused together with aliases, before anything is asked', async () => {
    const calls: string[] = [];
    const evaluator = {
      accept: (prediction: string) => {
        calls.push(prediction);
        return Promise.resolve({ status: 'accepted' as const });
      },
    };
    await expect(evaluateResponses({ items, responses: [], evaluator })).rejects.toMatchObject({
      code: 'evaluator_with_aliases',
      exitCode: 2,
      message: expect.stringContaining('item 1 has aliases'),
    });
    expect(calls).toEqual([]);
  });

  it('marks through the Python worker; a timeout or an exception is reported and marked wrong', async () => {
    const evaluator = await startPythonEvaluator({
      path: fixture('casefold-with-traps'),
      callTimeoutMs: 800,
    });
    try {
      const result = await evaluateResponses({
        items: plain,
        responses: [
          model('a', ['KOTA', 'wolno']),
          model('b', ['wyjątek', ' PSA ']),
          model('c', ['czytaj', 'psa']),
        ],
        evaluator,
      });
      expect(result.gold_check).toEqual({ ok: true, rejected: [] });
      expect(result.matrix?.correct).toEqual([
        [1, 0, 1],
        [0, 1, 1],
      ]);
      expect(result.evaluator_problems).toEqual([
        { model: 'a', item: 2, status: 'timeout', message: 'accept() took longer than 800 ms' },
        { model: 'b', item: 1, status: 'error', message: 'ValueError: nie umiem' },
      ]);
      // The worker was killed after the timeout and started again for the next call.
      expect(evaluator.starts).toBe(2);
    } finally {
      await evaluator.close();
    }
  });

  it('marks nothing when the evaluator does not accept every gold', async () => {
    const evaluator = await startPythonEvaluator({ path: fixture('rejects-everything') });
    try {
      const result = await evaluateResponses({
        items: plain,
        responses: [model('a', ['kota', 'psa'])],
        evaluator,
      });
      expect(result.matrix).toBeNull();
      expect(result.gold_check).toEqual({
        ok: false,
        rejected: [
          { item: 1, status: 'rejected' },
          { item: 2, status: 'rejected' },
        ],
      });
    } finally {
      await evaluator.close();
    }
  });

  it('refuses an evaluator.py without accept()', async () => {
    await expect(startPythonEvaluator({ path: fixture('does-not-load') })).rejects.toThrow(
      /does not load: TypeError: evaluator.py defines no function accept/,
    );
  });
});
