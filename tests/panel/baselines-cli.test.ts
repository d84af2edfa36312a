import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../temporary-folder.js';
import { panelFixture, rpe } from './run-rpe.js';

const dir = temporaryFolder('rpe-baselines-cli-');
const items = panelFixture('items', 'shortcut-mix.jsonl');
const meta = panelFixture('items', 'shortcut-mix.meta.jsonl');

describe('rpe baselines', () => {
  it('flags the items a shortcut answers, per baseline and per family, and writes Markdown', async () => {
    const markdown = join(dir, 'shortcuts.md');
    const r = await rpe([
      'baselines',
      '--items',
      items,
      '--meta',
      meta,
      '--markdown',
      markdown,
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as {
      n_items: number;
      n_flagged: number;
      flagged: { item: number; flagged_by: string[] }[];
      families: { family: string; flagged: number }[];
      lexicon: { used: boolean };
    };
    expect(report.n_items).toBe(7);
    expect(report.flagged.map((f) => f.item)).toEqual([1, 2, 4, 5]);
    expect(report.flagged[1]?.flagged_by).toContain('bracket-copy');
    expect(report.flagged[0]?.flagged_by).toContain('lexicon-top-form');
    expect(report.families.find((f) => f.family === 'reference')?.flagged).toBe(0);
    expect(report.lexicon.used).toBe(true);
    expect(readFileSync(markdown, 'utf8')).toMatch(/^# Shortcut baselines\n\n4 of 7 items \(57%\)/);
  });

  it('runs without the lexicon when told, and fails on shortcuts only when asked', async () => {
    const plain = await rpe(['baselines', '--items', items, '--no-lexicon']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('lexicon-top-form skipped: turned off with --no-lexicon');
    expect(plain.stdout).toMatch(/^item 2: bracket-copy/m);
    const strict = await rpe(['baselines', '--items', items, '--fail-on-shortcuts', '--json']);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).n_flagged).toBe(4);
  });

  it('refuses a broken or mismatched meta file in one line, writing nothing', async () => {
    const markdown = join(dir, 'never.md');
    const broken = await rpe([
      'baselines',
      '--items',
      items,
      '--meta',
      items,
      '--markdown',
      markdown,
    ]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(
      /^rpe: [^\n]*shortcut-mix\.jsonl: line 1: no string "family" field\n$/,
    );
    const short = join(dir, 'short.meta.jsonl');
    writeFileSync(short, '{"family": "a"}\n');
    const mismatch = await rpe([
      'baselines',
      '--items',
      items,
      '--meta',
      short,
      '--markdown',
      markdown,
    ]);
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toBe(
      `rpe: ${short}: 1 lines, but ${items} has 7 items (one meta line per item)\n`,
    );
    expect(existsSync(markdown)).toBe(false);
  });
});
