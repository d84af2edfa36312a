import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { readHunspell } from './read-hunspell.js';

// Four entries and three affix classes of Debian's pl_PL.aff, in its ISO-8859-2.
const dir = packagePath('tests', 'fixtures', 'lexicon', 'tiny-hunspell');

describe('readHunspell', () => {
  it('expands each entry with its suffixes, prefixes and their cross product', () => {
    const entries: [string, string[]][] = [];
    readHunspell(`${dir}/pl.dic`, `${dir}/pl.aff`).forEachEntry((stem, words) =>
      entries.push([stem, [...words]]),
    );
    expect(entries).toEqual([
      ['wieczora', ['wieczora']],
      // [^ij]a: strip a.
      ['abaka', ['abaka', 'abak']],
      // ia after n ([^drt]ia): ij; with the prefix nie- on the stem and on the suffixed word.
      ['kuchnia', ['kuchnia', 'kuchnij', 'niekuchnia', 'niekuchnij']],
      ['Bóg', ['Bóg']],
    ]);
  });
});
