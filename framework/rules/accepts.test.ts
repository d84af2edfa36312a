import { describe, expect, it } from 'vitest';
import { accepts } from './accepts.js';

describe('accepts', () => {
  const item = { gold: 'kota', aliases: ['kotka', 'Kota.'] };
  it('accepts the gold and each alias after normalisation', () => {
    expect(accepts('kota', item)).toBe(true);
    expect(accepts('  kota\n', item)).toBe(true);
    expect(accepts('\u00a0kotka\u0085', item)).toBe(true);
    expect(accepts('Kota.', item)).toBe(true);
    expect(accepts('ｋｏｔａ', item)).toBe(true);
  });
  it('is case-sensitive and exact', () => {
    expect(accepts('Kota', item)).toBe(false);
    expect(accepts('kota.', item)).toBe(false);
    expect(accepts('kot a', item)).toBe(false);
    expect(accepts('', item)).toBe(false);
  });
  it('works without aliases', () => {
    expect(accepts('pies', { gold: 'pies' })).toBe(true);
    expect(accepts('psa', { gold: 'pies' })).toBe(false);
  });
});
