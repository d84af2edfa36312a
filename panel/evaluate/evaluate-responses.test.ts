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

  it('marks through the Python worker, asking each distinct pair once', async () => {
    const evaluator = await startPythonEvaluator({ path: fixture('casefold-with-traps') });
    try {
      const result = await evaluateResponses({
        items: plain,
        responses: [
          model('a', ['KOTA', 'pies']),
          model('b', ['kota', ' PSA ']),
          model('c', ['KOTA', null]),
        ],
        evaluator,
      });
      expect(result.status).toBe('ok');
      expect(result.gold_check).toEqual({ ok: true, rejected: [] });
      expect(result.matrix?.correct).toEqual([
        [1, 1, 1],
        [0, 1, 0],
      ]);
      expect(result.fallback).toBeNull();
      expect(result.evaluator_problems).toEqual([]);
    } finally {
      await evaluator.close();
    }
  });

  it.each([
    ['raises', 'wyjątek', 'error', 'ValueError: nie umiem'],
    ['returns a non-bool', 'liczba', 'error', 'accept returned int, not bool'],
    ['overruns its limit', 'wolno', 'timeout', 'accept() took longer than 800 ms'],
  ])(
    'replaces an evaluator that %s by exact match for the whole run, and says so',
    async (_what, trap, status, message) => {
      const evaluator = await startPythonEvaluator({
        path: fixture('casefold-with-traps'),
        callTimeoutMs: 800,
      });
      try {
        // 'KOTA' would be accepted by the evaluator (case folding) but not by exact match.
        const result = await evaluateResponses({
          items: plain,
          responses: [
            model('a', ['KOTA', 'psa']),
            model('b', [trap, 'PSA']),
            model('c', ['kota', trap]),
          ],
          evaluator,
        });
        expect(result.status).toBe('ok');
        expect(result.matrix?.correct).toEqual([
          [0, 0, 1],
          [1, 0, 0],
        ]);
        expect(result.models.map((m) => m.correct)).toEqual([1, 0, 1]);
        expect(result.evaluator_problems).toEqual([{ model: 'b', item: 1, status, message }]);
        expect(result.fallback).toEqual({
          to: 'exact_match',
          reason: `b item 1: ${status}: ${message}`,
          answers: 6,
        });
      } finally {
        await evaluator.close();
      }
    },
  );

  it('restarts its worker after a call that overran the limit', async () => {
    const evaluator = await startPythonEvaluator({
      path: fixture('casefold-with-traps'),
      callTimeoutMs: 800,
    });
    try {
      expect(await evaluator.accept('wolno', 'kota')).toEqual({
        status: 'timeout',
        message: 'accept() took longer than 800 ms',
      });
      expect(await evaluator.accept('KOTA', 'kota')).toEqual({ status: 'accepted' });
      expect(evaluator.starts).toBe(2);
    } finally {
      await evaluator.close();
    }
  });

  it('marks nothing, and asks nothing, when no model answered any item', async () => {
    const calls: string[] = [];
    const evaluator = {
      accept: (prediction: string) => {
        calls.push(prediction);
        return Promise.resolve({ status: 'accepted' as const });
      },
    };
    const result = await evaluateResponses({
      items: plain,
      responses: [model('a', [null, null]), model('b', [null, null])],
      evaluator,
    });
    expect(result).toMatchObject({ status: 'no_answers', matrix: null, gold_check: null });
    expect(result.missing).toHaveLength(4);
    expect(calls).toEqual([]);
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
      expect(result.status).toBe('gold_rejected');
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
