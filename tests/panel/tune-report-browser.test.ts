// tune.html, as `rpe tune` writes it for a trial and for a pool, opened in a real headless
// Chromium (Debian's, driven by playwright-core) like the trial's report: every plot drawn, nothing
// fetched, no console error; screenshots are left in test-results/tune/ for a person to look at.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { launchChromium, openFile, skipWithoutChromium } from './headless-chromium.js';
import { rpe } from './run-rpe.js';
import { syntheticPool, tenFamilies, writeSyntheticTrial } from './synthetic-tune.js';

const SCREENSHOTS = packagePath('test-results', 'tune');
const MODELS = ['a/1', 'a/2', 'b/1', 'b/2', 'c/1', 'd/1'];
const skip = skipWithoutChromium();

let dir: string;
beforeAll(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'rpe-tune-report-'));
  writeSyntheticTrial(join(dir, 'trial'), tenFamilies(MODELS));
  const pool = syntheticPool(300, MODELS, 3);
  writeFileSync(join(dir, 'pool.jsonl'), pool.jsonl);
  writeFileSync(join(dir, 'matrix.json'), JSON.stringify(pool.matrix));
  for (const args of [
    ['tune', join(dir, 'trial'), '--n', 'auto', '--out', join(dir, 'tuned')],
    ['tune', '--items', join(dir, 'pool.jsonl'), '--matrix', join(dir, 'matrix.json')],
  ]) {
    const extra = args.includes('--items') ? ['--n', '60', '--out', join(dir, 'subset.jsonl')] : [];
    const run = await rpe([...args, ...extra]);
    expect(run.code, run.stderr).toBe(0);
  }
}, 600_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// One browser for both pages; each page in a context of its own.
describe.skipIf(skip)('tune.html in a headless browser', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['tuned/tune.html', ['weights', 'sets', 'heldout'], 'weights.png'],
    ['subset.tune.html', ['figures', 'heldout'], 'subset.png'],
  ])('%s draws every plot from the file alone', async (file, plots, shot) => {
    const { context, page, url, errors, requests } = await openFile(
      browser as Browser,
      join(dir, file),
      { width: 1280, height: 900 },
    );
    try {
      const figures = await page.$$eval('figure.plot', (nodes) =>
        nodes.map((figure) => {
          const box = figure.querySelector('svg')?.getBoundingClientRect();
          return {
            id: figure.getAttribute('data-plot'),
            width: box?.width ?? 0,
            height: box?.height ?? 0,
            bars: figure.querySelectorAll('g.mark-rect path').length,
            text: figure.textContent ?? '',
          };
        }),
      );
      expect(figures.map((f) => f.id)).toEqual(plots);
      for (const f of figures) {
        expect(f.bars, `${f.id} has bars`).toBeGreaterThanOrEqual(4);
        expect(f.width, `${f.id} is drawn`).toBeGreaterThan(300);
        expect(f.height, `${f.id} is drawn`).toBeGreaterThan(80);
      }
      if (file.startsWith('tuned')) {
        // Two bars per family (now and tuned), ten families; the families left out say so.
        expect(figures[0]?.bars).toBe(20);
        expect(figures[0]?.text).toContain('left out');
      }
      // One pair of bars per fold (four model families) and one for the mean.
      expect(figures.find((f) => f.id === 'heldout')?.bars).toBe(10);
      const ids = await page.$$eval('[id]', (nodes) => nodes.map((n) => n.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(errors).toEqual([]);
      expect(requests).toEqual([url]);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, shot), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
