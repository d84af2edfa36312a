// Debian's Chromium, headless and driven by playwright-core (which downloads no browser), for the
// tests that open the HTML reports as a person would. Without it those tests are skipped with a
// visible message, except under CI, where they fail.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

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

// The same reading of CI as the Docker tests': set, and not empty, false or 0.
const ci = !['', 'false', '0', undefined].includes(process.env.CI);

/** True when the browser tests are to be skipped (no Chromium, not under CI), said on stderr. */
export function skipWithoutChromium(): boolean {
  if (existsSync(CHROMIUM) || ci) return false;
  process.stderr.write(
    `\n${'!'.repeat(78)}\n!! SKIPPED: the reports' browser tests need Debian's chromium at ${CHROMIUM}.\n` +
      `!! Install it with \`bash scripts/ci/setup-chromium.sh\`. Under CI (CI set) they fail instead.\n${'!'.repeat(78)}\n\n`,
  );
  return true;
}

/** Starts the browser; under CI without it, fails with what to do. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: CI must install chromium (scripts/ci/setup-chromium.sh)`,
    );
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

export interface OpenedFile {
  /** The page's own context: nothing (storage, cache) is shared with another page. */
  context: BrowserContext;
  page: Page;
  url: string;
  /** Console errors and uncaught exceptions of the page. */
  errors: string[];
  /** Every URL the page asked for, its own included. */
  requests: string[];
}

/** Opens the local file `path` in a context of its own, recording errors and requests. */
export async function openFile(
  browser: Browser,
  path: string,
  viewport: { width: number; height: number },
): Promise<OpenedFile> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  const url = pathToFileURL(path).href;
  await page.goto(url, { waitUntil: 'load' });
  return { context, page, url, errors, requests };
}
