import { describe, expect, it } from 'vitest';
import { score, type CorrectnessMatrix } from '../../framework/index.js';
import { panelRobustness, subPanel } from './panel-robustness.js';
import { singleModelItems } from './single-model-items.js';

const m = (models: string[], correct: (0 | 1)[][]): CorrectnessMatrix => ({ models, correct });

describe('subPanel', () => {
  it('drops the named models and keeps the order of the others', () => {
    const sub = subPanel(
      m(
        ['a', 'b', 'c'],
        [
          [1, 0, 1],
          [0, 1, 1],
        ],
      ),
      ['b'],
    );
    expect(sub).toEqual({
      models: ['a', 'c'],
      correct: [
        [1, 1],
        [0, 1],
      ],
    });
  });
});

describe('panelRobustness', () => {
  const models = ['a', 'b', 'c', 'd'];
  const sets = [
    {
      label: 's1',
      matrix: m(models, [
        [1, 0, 0, 0],
        [1, 1, 0, 0],
        [0, 1, 1, 1],
        [1, 0, 1, 0],
      ]),
    },
    {
      label: 's2',
      matrix: m(models, [
        [0, 1, 0, 0],
        [1, 1, 1, 0],
        [0, 0, 1, 1],
        [1, 1, 0, 1],
      ]),
    },
  ];

  it('scores every sub-panel without one model on every set, and takes min, median, max of the means', () => {
    const r = panelRobustness(sets);
    const means = models.map(
      (x) =>
        (score(subPanel(sets[0]!.matrix, [x])).score +
          score(subPanel(sets[1]!.matrix, [x])).score) /
        2,
    );
    expect(r.leave_one_out?.subpanels.map((s) => s.removed)).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(r.leave_one_out?.subpanels.map((s) => s.mean)).toEqual(means);
    const sorted = [...means].sort((x, y) => x - y);
    expect(r.leave_one_out).toMatchObject({ count: 4, min: sorted[0], max: sorted[3] });
    expect(r.leave_one_out?.median).toBeCloseTo(((sorted[1] ?? 0) + (sorted[2] ?? 0)) / 2, 12);
    const worst = means.indexOf(sorted[0] ?? NaN);
    expect(r.most_harmful_removal).toMatchObject({ model: models[worst], mean: sorted[0] });
    expect(r.most_harmful_removal?.drop).toBeCloseTo(r.full.mean - (sorted[0] ?? 0), 12);
    expect(r.full.scores).toEqual(sets.map((s) => score(s.matrix).score));
  });

  it('leaves two out only from five models on, and one out only from three', () => {
    expect(panelRobustness(sets).leave_two_out).toBeNull();
    const five = m(
      ['a', 'b', 'c', 'd', 'e'],
      [
        [1, 0, 0, 1, 0],
        [0, 1, 1, 0, 1],
      ],
    );
    expect(panelRobustness([{ label: 's', matrix: five }]).leave_two_out?.count).toBe(10);
    const two = panelRobustness([{ label: 's', matrix: m(['a', 'b'], [[1, 0]]) }]);
    expect(two.leave_one_out).toBeNull();
    expect(two.most_harmful_removal).toBeNull();
    expect(two.note).toMatch(/not a prediction of the Test B score/);
  });

  it('names no model as hurting most when no removal lowers the score', () => {
    // Nobody right on anything: every sub-panel scores 0, as the full panel does.
    const none = m(
      ['a', 'b', 'c'],
      [
        [0, 0, 0],
        [0, 0, 0],
      ],
    );
    const r = panelRobustness([{ label: 's', matrix: none }]);
    expect(r.leave_one_out?.subpanels.map((s) => s.mean)).toEqual([0, 0, 0]);
    expect(r.most_harmful_removal).toBeNull();
  });
});

describe('singleModelItems', () => {
  it('finds the items one model alone gets right, or alone gets wrong', () => {
    const found = singleModelItems([
      {
        label: 's1',
        matrix: m(
          ['a', 'b', 'c'],
          [
            [1, 0, 0],
            [1, 1, 0],
            [1, 1, 1],
            [0, 0, 0],
          ],
        ),
      },
      { label: 's2', matrix: m(['a', 'b', 'c'], [[0, 1, 1]]) },
    ]);
    expect(found.items).toEqual([
      { set: 's1', item: 1, model: 'a', alone: 'right' },
      { set: 's1', item: 2, model: 'c', alone: 'wrong' },
      { set: 's2', item: 1, model: 'a', alone: 'wrong' },
    ]);
    expect(found.count).toBe(3);
    expect(found.share).toBeCloseTo(3 / 5, 12);
    expect(found.by_model).toEqual([
      { model: 'a', alone_right: 1, alone_wrong: 1 },
      { model: 'b', alone_right: 0, alone_wrong: 0 },
      { model: 'c', alone_right: 0, alone_wrong: 1 },
    ]);
  });
});
