// The HTML report of `rpe trial`, opened in a real headless Chromium (Debian's, driven by
// playwright-core): every plot rendered, nothing fetched, no console error; a screenshot is left
// in test-results/trial/ for a person to look at.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import type { FakeChatServer } from './fake-chat-server.js';
import { rpe } from './run-rpe.js';
import { prepareTrial } from './trial-panel.js';

const CHROMIUM = '/usr/bin/chromium';
// Without these, a headless Chromium on a machine with no network floods refused connections.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOTS = packagePath('test-results', 'trial');

const present = existsSync(CHROMIUM);
// The same reading of CI as the Docker tests': set, and not empty, false or 0.
const ci = !['', 'false', '0', undefined].includes(process.env.CI);
if (!present) {
  if (ci)
    throw new Error(
      `${CHROMIUM} is missing: CI must install chromium (scripts/ci/setup-chromium.sh)`,
    );
  process.stderr.write(
    `\n${'!'.repeat(78)}\n!! SKIPPED: the report's browser test needs Debian's chromium at ${CHROMIUM}.\n` +
      `!! Install it with \`bash scripts/ci/setup-chromium.sh\`. Under CI (CI set) this test fails instead.\n${'!'.repeat(78)}\n\n`,
  );
}

let dir: string;
let server: FakeChatServer | undefined;
let report: string;

beforeAll(async () => {
  if (!present) return;
  dir = mkdtempSync(join(tmpdir(), 'rpe-trial-report-'));
  const trial = await prepareTrial(dir, 'examples/genitive-of-negation', [11, 12, 13]);
  server = trial.server;
  const run = await rpe(trial.args);
  expect(run.code, run.stderr).toBe(0);
  report = join(dir, 'out', 'report.html');
}, 600_000);
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!present)('the trial report in a headless browser', () => {
  it('renders every plot from the file alone, with no request and no console error', async () => {
    const { chromium } = await import('playwright-core');
    const profile = mkdtempSync(join(tmpdir(), 'rpe-chromium-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1360, height: 900 },
    });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('request', (r) => requests.push(r.url()));
      const url = pathToFileURL(report).href;
      await page.goto(url, { waitUntil: 'load' });

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

      mkdirSync(SCREENSHOTS, { recursive: true });
      const shot = join(SCREENSHOTS, 'report.png');
      await page.screenshot({ path: shot, fullPage: true });
      // The top of the page at the size of docs/images/trial-report.png, ready to replace it.
      await page.setViewportSize({ width: 1180, height: 1151 });
      await page.screenshot({ path: join(SCREENSHOTS, 'report-top.png') });
      process.stderr.write(`trial report screenshot: ${shot}\n`);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
