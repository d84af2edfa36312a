import { describe, expect, it } from 'vitest';
import { checkItem } from './check-item.js';
import { itemSchema } from './item-schema.js';

// The shape errors of checkItem: the ones itemSchema must agree with.
const SHAPE_CODES = new Set(['not_an_object', 'missing_field', 'unknown_field', 'wrong_type']);

const VALUES: unknown[] = [
  { input: 'x', gold: 'y' },
  { input: 'x', gold: 'y', aliases: [] },
  { input: 'x', gold: 'y', aliases: ['z'] },
  { input: 'x' },
  { gold: 'y' },
  { input: 'x', gold: 'y', id: 1 },
  { input: 1, gold: 'y' },
  { input: 'x', gold: null },
  { input: 'x', gold: 'y', aliases: null },
  { input: 'x', gold: 'y', aliases: 'z' },
  { input: 'x', gold: 'y', aliases: ['z', 2] },
  ['x', 'y'],
  'x',
  null,
  42,
];

describe('itemSchema', () => {
  it('accepts exactly the values whose shape validateItems accepts', () => {
    for (const value of VALUES) {
      const shapeOk = !checkItem(value, 1).errors.some((e) => SHAPE_CODES.has(e.code));
      expect(itemSchema.safeParse(value).success, JSON.stringify(value)).toBe(shapeOk);
    }
  });
});
