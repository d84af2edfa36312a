// `rpe trial` end to end: an example generator, three seeds, a loopback panel of fake models with
// known behaviour; every figure is checked against `rpe score` / `rpe overlap` on the files the
// trial wrote, or recomputed here from the matrices. The same trial's folder is read by `rpe tune`,
// and its HTML report opened in a real headless Chromium (headless-chromium.ts) beside the
// tune.html pages, all in one browser: every plot drawn, nothing fetched, no console error;
// screenshots are left in test-results/trial/ and test-results/tune/ for a person to look at.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accepts,
  normalize,
  scaffoldRepository,
  score,
  type CorrectnessMatrix,
} from '../../framework/index.js';
import { packagePath } from '../../framework/package-root.js';
import type { TrialSummary } from '../../panel/trial/index.js';
import { startFakeChatServer, type FakeChatServer } from './fake-chat-server.js';
import { launchChromium, openFile, skipWithoutChromium } from './headless-chromium.js';
import { rpe } from './run-rpe.js';
import { sharedTune } from './shared-tune.js';
import { FAKE_MODELS, prepareTrial, quoted, type KnownItem } from './trial-panel.js';

const GENERATOR = 'examples/genitive-of-negation';
const SEEDS = [11, 12, 13];
const MODELS = Object.keys(FAKE_MODELS);

let dir: string;
let server: FakeChatServer;
let bySeed: Map<number, KnownItem[]>;
let args: string[];
let first: { code: number | undefined; stdout: string; stderr: string };
let summary: TrialSummary & { status: string; files: Record<string, string> };

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const matrixOf = (seed: number) =>
  readJson<CorrectnessMatrix>(join(dir, 'out', `seed-${seed}`, 'matrix.json'));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-trial-cli-'));
  ({ server, bySeed, args } = await prepareTrial(dir, GENERATOR, SEEDS));
  first = await rpe([...args, '--json']);
  summary = JSON.parse(first.stdout) as typeof summary;
}, 600_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rpe trial on an example generator and a loopback panel', () => {
  it('asks every model every item of every seed and writes the report', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe('');
    expect(summary.status).toBe('complete');
    expect(server.received).toHaveLength(3 * 150 * MODELS.length);
    expect(summary.panel).toMatchObject({
      models: MODELS,
      requests: 3 * 150 * MODELS.length,
      cached: 0,
    });
    for (const file of ['summary.json', 'report.md', 'report.html']) {
      expect(existsSync(join(dir, 'out', file)), file).toBe(true);
    }
    expect(summary.sets.map((s) => s.label)).toEqual(['seed 11', 'seed 12', 'seed 13']);
  });

  it('marks each fake model as its behaviour says', () => {
    for (const seed of SEEDS) {
      const items = bySeed.get(seed) ?? [];
      const matrix = matrixOf(seed);
      expect(matrix.models).toEqual(MODELS);
      items.forEach((item, i) => {
        const expected = MODELS.map((model) =>
          accepts(FAKE_MODELS[model]?.(item) ?? '', item) ? 1 : 0,
        );
        expect(matrix.correct[i], `seed ${seed} item ${i + 1}`).toEqual(expected);
      });
      // The behaviours differ as designed: the quote copier is right on some items only.
      const copy = items.filter((item) => accepts(quoted(item.input), item)).length;
      expect(copy).toBeGreaterThan(0);
      expect(copy).toBeLessThan(items.length);
    }
  });

  it('gives each seed the score `rpe score` gives its matrix, and the mean and worst of those', async () => {
    const official = [];
    for (const seed of SEEDS) {
      const r = await rpe([
        'score',
        '--matrix',
        join(dir, 'out', `seed-${seed}`, 'matrix.json'),
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      official.push(
        JSON.parse(r.stdout) as {
          score: number;
          discrimination: number;
          diversity: number;
          separation: number;
        },
      );
    }
    official.forEach((o, i) => {
      expect(summary.scores[i]).toMatchObject({
        seed: SEEDS[i],
        score: o.score,
        discrimination: o.discrimination,
        diversity: o.diversity,
        separation: o.separation,
      });
    });
    expect(summary.mean?.score).toBeCloseTo(mean(official.map((o) => o.score)), 12);
    expect(summary.mean?.separation).toBeCloseTo(mean(official.map((o) => o.separation)), 12);
    const low = Math.min(...official.map((o) => o.score));
    const worst = official.findIndex((o) => o.score === low);
    expect(summary.worst).toMatchObject({
      seed: SEEDS[worst],
      score: low,
      diversity: official[worst]?.diversity,
    });
  });

  it('reports the seed overlap `rpe overlap` finds', async () => {
    const files = SEEDS.map((s) => join(dir, 'out', `seed-${s}`, 'items.jsonl'));
    const r = await rpe(['overlap', ...files, '--json']);
    const overlap = JSON.parse(r.stdout) as { max: number; ok: boolean };
    expect(summary.overlap.max).toBe(overlap.max);
    expect(summary.overlap.ok).toBe(true);
  });

  it('computes the panel robustness a direct recount gives', () => {
    const matrices = SEEDS.map(matrixOf);
    const without = (m: CorrectnessMatrix, drop: string[]) => {
      const keep = m.models.map((_, k) => k).filter((k) => !drop.includes(m.models[k] ?? ''));
      return {
        models: keep.map((k) => m.models[k] ?? ''),
        correct: m.correct.map((row) => keep.map((k) => row[k] ?? 0)),
      };
    };
    const meanWithout = (drop: string[]) =>
      mean(matrices.map((m) => score(without(m, drop)).score));
    const one = MODELS.map((m) => meanWithout([m]));
    const two = MODELS.flatMap((a, i) => MODELS.slice(i + 1).map((b) => meanWithout([a, b])));
    const sortedTwo = [...two].sort((a, b) => a - b);
    const r = summary.robustness;
    expect(r?.full.mean).toBeCloseTo(summary.mean?.score ?? NaN, 12);
    expect(r?.leave_one_out?.subpanels.map((s) => s.mean)).toEqual(one);
    expect(r?.leave_one_out).toMatchObject({
      count: 5,
      min: Math.min(...one),
      max: Math.max(...one),
    });
    expect(r?.leave_two_out).toMatchObject({ count: 10, min: sortedTwo[0], max: sortedTwo[9] });
    expect(r?.leave_two_out?.median).toBeCloseTo(
      ((sortedTwo[4] ?? 0) + (sortedTwo[5] ?? 0)) / 2,
      12,
    );
    expect(r?.most_harmful_removal?.model).toBe(MODELS[one.indexOf(Math.min(...one))]);
    // The oracle and its twin hardly differ: without the twin, separation no longer suffers.
    expect(one[MODELS.indexOf('lab/oracle-twin')]).toBeGreaterThan(r?.full.mean ?? 1);
    let single = 0;
    for (const m of matrices) {
      for (const row of m.correct) {
        const right = row.filter((v) => v === 1).length;
        if (right === 1 || right === row.length - 1) single++;
      }
    }
    expect(r?.single_model_items.count).toBe(single);
    expect(r?.note).toMatch(/not a prediction of the Test B score/);
  });

  it('gives per-family figures from the meta sidecar', () => {
    const families = summary.families ?? [];
    expect(families.map((f) => f.family)).toEqual(['negated-accusative', 'non-accusative-control']);
    for (const f of families) {
      let n = 0;
      let p = 0;
      for (const seed of SEEDS) {
        const matrix = matrixOf(seed);
        (bySeed.get(seed) ?? []).forEach((item, i) => {
          if (item.family !== f.family) return;
          n++;
          p += (matrix.correct[i] ?? []).filter((v) => v === 1).length / MODELS.length;
        });
      }
      expect(f.n_items).toBe(n);
      expect(f.mean_p).toBeCloseTo(p / n, 12);
    }
    expect(families.reduce((a, f) => a + f.diversity_share, 0)).toBeCloseTo(1, 12);
    expect(
      readFileSync(join(dir, 'out', 'seed-11', 'meta.jsonl'), 'utf8').split('\n')[0],
    ).toContain('negated-accusative');
    expect(normalize(readFileSync(join(dir, 'out', 'report.md'), 'utf8'))).toContain(
      '## Panel robustness',
    );
  });
});

describe('rpe tune on the folder this trial made', () => {
  it('reads its sets, meta sidecars and matrices', async () => {
    // Tuned sets go outside the trial's folder, which the rerun below reads again.
    const out = join(dir, 'out');
    const run = await rpe([
      'tune',
      out,
      '--json',
      '--held-out',
      'model',
      '--out',
      join(dir, 'tuned'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(doc.families.map((f: { id: string }) => f.id)).toEqual([
      'negated-accusative',
      'non-accusative-control',
    ]);
    const written = readJson<{ mean: { score: number } }>(join(dir, 'out', 'summary.json'));
    expect(doc.current.mean).toBeCloseTo(written.mean.score, 12);
    expect(doc.heldout.folds).toHaveLength(MODELS.length);
    expect(doc.expected.mean).toBeGreaterThanOrEqual(doc.current.mean - 1e-12);
  });
});

// One browser for every page; each page in a context of its own.
describe.skipIf(skipWithoutChromium())('the reports in a headless browser', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders every plot of the trial report from the file alone, with no request and no console error', async () => {
    const shots = packagePath('test-results', 'trial');
    const { context, page, url, errors, requests } = await openFile(
      browser as Browser,
      join(dir, 'out', 'report.html'),
      { width: 1360, height: 900 },
    );
    try {
      const figures = await page.$$eval('figure.plot', (nodes) =>
        nodes.map((figure) => {
          const svg = figure.querySelector('svg');
          const box = svg?.getBoundingClientRect();
          return {
            id: figure.getAttribute('data-plot'),
            width: box?.width ?? 0,
            height: box?.height ?? 0,
            rects: figure.querySelectorAll('g.mark-rect path').length,
            marks: figure.querySelectorAll(
              'g.mark-rect path, g.mark-symbol path, g.mark-rule line, g.mark-tick path, g.mark-text text',
            ).length,
            text: svg?.textContent ?? '',
          };
        }),
      );
      expect(figures.map((f) => f.id)).toEqual([
        'scores-1',
        'heatmap-1',
        'heatmap-2',
        'heatmap-3',
        'families-1',
        'pairs-1',
        'robustness-1',
      ]);
      for (const f of figures) {
        expect(f.marks, `${f.id} has marks`).toBeGreaterThan(5);
        expect(f.width, `${f.id} is drawn`).toBeGreaterThan(200);
        expect(f.height, `${f.id} is drawn`).toBeGreaterThan(80);
      }
      // One cell per item and model in each heat map: 150 items × 5 models.
      for (const id of ['heatmap-1', 'heatmap-2', 'heatmap-3']) {
        expect(figures.find((f) => f.id === id)?.rects).toBe(750);
      }
      expect(figures.find((f) => f.id === 'pairs-1')?.text).toContain('saturation 5 %');
      expect(figures.find((f) => f.id === 'robustness-1')?.text).toContain('(hurts most)');
      // Several inline SVGs share one document: their ids (clip paths, gradients) must not clash.
      const ids = await page.$$eval('[id]', (nodes) => nodes.map((n) => n.id));
      expect(new Set(ids).size).toBe(ids.length);

      expect(errors).toEqual([]);
      expect(requests).toEqual([url]);

      mkdirSync(shots, { recursive: true });
      const shot = join(shots, 'report.png');
      await page.screenshot({ path: shot, fullPage: true });
      // The top of the page at the size of docs/images/trial-report.png, ready to replace it.
      await page.setViewportSize({ width: 1180, height: 1151 });
      await page.screenshot({ path: join(shots, 'report-top.png') });
      process.stderr.write(`trial report screenshot: ${shot}\n`);
    } finally {
      await context.close();
    }
  });

  // The pages of the tuning runs tune-cli.test.ts checks: weights for a trial, a subset of a pool.
  it.each([
    ['tuned/tune.html', ['weights', 'sets', 'heldout'], 'weights.png'],
    ['subset.tune.html', ['figures', 'heldout'], 'subset.png'],
  ])('%s draws every plot from the file alone', async (file, plots, shot) => {
    const tuned = await sharedTune();
    const { context, page, url, errors, requests } = await openFile(
      browser as Browser,
      join(tuned.dir, file),
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
      const shots = packagePath('test-results', 'tune');
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, shot), fullPage: true });
    } finally {
      await context.close();
    }
  });
});

// Last: the rerun rewrites the summary and the report that the tests above read as the first run
// left them.
describe('a rerun of the same trial', () => {
  it('resumes from the cache: a rerun sends no request and gives the same figures', async () => {
    const before = server.received.length;
    const again = await rpe(args);
    expect(again.code, again.stderr).toBe(0);
    expect(server.received.length).toBe(before);
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain(`seed 12 · lab/oracle: 150 cached, 0 answered, 0 failed`);
    expect(again.stdout).toMatch(/^worst\tseed 1[123]\t/m);
    const rerun = readJson<TrialSummary>(join(dir, 'out', 'summary.json'));
    expect(rerun.panel).toMatchObject({ requests: 0, cached: 3 * 150 * MODELS.length });
    expect(rerun.scores).toEqual(summary.scores);
  });
});

describe('rpe trial on sets already made, with a custom evaluator', () => {
  let setsDir: string;
  let setsServer: FakeChatServer | undefined;
  afterAll(async () => {
    await setsServer?.close();
    if (setsDir) rmSync(setsDir, { recursive: true, force: true });
  });

  it('marks with evaluator.py, reads NAME.meta.jsonl, and names the sets by their files', async () => {
    setsDir = mkdtempSync(join(tmpdir(), 'rpe-trial-sets-'));
    const gold = (i: number) => (i % 2 === 0 ? 'Tak' : 'Nie');
    for (const name of ['a', 'b']) {
      const lines = Array.from({ length: 60 }, (_, i) =>
        JSON.stringify({ input: `Zbiór ${name}, pytanie ${i}`, gold: gold(i) }),
      );
      writeFileSync(join(setsDir, `${name}.jsonl`), `${lines.join('\n')}\n`);
    }
    writeFileSync(
      join(setsDir, 'a.meta.jsonl'),
      Array.from(
        { length: 60 },
        (_, i) => `${JSON.stringify({ family: i < 20 ? 'p' : 'q' })}\n`,
      ).join(''),
    );
    writeFileSync(
      join(setsDir, 'evaluator.py'),
      'def accept(prediction: str, gold: str) -> bool:\n    return prediction.strip().lower() == gold.lower()\n',
    );
    writeFileSync(join(setsDir, 'models.txt'), 'lab/exact\nlab/lower\nlab/yes\n');
    // exact: the gold; lower: the gold in lower case (right only for the evaluator); yes: always "Tak".
    setsServer = await startFakeChatServer((r) => {
      const input = r.body.messages[1]?.content ?? '';
      const i = Number(/pytanie (\d+)/.exec(input)?.[1]);
      const answer = r.body.model === 'lab/yes' ? 'Tak' : gold(i);
      return { content: r.body.model === 'lab/lower' ? answer.toLowerCase() : answer };
    });
    const run = await rpe(
      [
        'trial',
        '--sets',
        'a.jsonl',
        'b.jsonl',
        '--models-file',
        'models.txt',
        '--evaluator',
        'evaluator.py',
        '--base-url',
        setsServer.baseUrl,
        '--out',
        'trial',
        '--json',
      ],
      { cwd: setsDir },
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as TrialSummary;
    expect(doc.sets.map((s) => [s.label, s.items, s.meta])).toEqual([
      ['a.jsonl', 'set-1/items.jsonl', 'set-1/meta.jsonl'],
      ['b.jsonl', 'set-2/items.jsonl', null],
    ]);
    expect(doc.panel?.evaluator).toEqual({ kind: 'custom', path: 'evaluator.py' });
    const matrix = readJson<CorrectnessMatrix>(join(setsDir, 'trial', 'set-1', 'matrix.json'));
    // The lower-case answers count as right only because evaluator.py folds case.
    expect(matrix.correct.every((row) => row[0] === 1 && row[1] === 1)).toBe(true);
    expect(matrix.correct.map((row) => row[2])).toEqual(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 1 : 0)),
    );
    expect(doc.families?.map((f) => [f.family, f.n_items])).toEqual([
      ['p', 20],
      ['q', 40],
    ]);
    expect(doc.notes.join(' ')).toMatch(/Test B materialises 3 seeds; this trial has 2/);
  }, 300_000);
});

describe('rpe trial on a Python generator made by rpe init', () => {
  let pyDir: string;
  afterAll(() => {
    if (pyDir) rmSync(pyDir, { recursive: true, force: true });
  });

  it('makes each set with its meta sidecar, so the report can have per-family figures', async () => {
    pyDir = mkdtempSync(join(tmpdir(), 'rpe-trial-python-'));
    await scaffoldRepository({ dir: join(pyDir, 'gen'), lang: 'py', git: false });
    const run = await rpe(
      ['trial', 'gen', '--seeds', '1,2,3', '--items-only', '--out', 'trial', '--json'],
      { cwd: pyDir },
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as TrialSummary;
    expect(doc.generator).toEqual({ kind: 'python', path: 'gen', name: 'track2-generator' });
    expect(doc.sets.map((s) => [s.items, s.meta, s.n_items])).toEqual(
      [1, 2, 3].map((seed) => [`seed-${seed}/items.jsonl`, `seed-${seed}/meta.jsonl`, 100]),
    );
    const meta = readFileSync(join(pyDir, 'trial', 'seed-2', 'meta.jsonl'), 'utf8').split('\n');
    expect(meta.filter(Boolean)).toHaveLength(100);
    expect(meta[0]).toContain('"family":"placeholder"');
  }, 300_000);
});
