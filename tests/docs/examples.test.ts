// The documented commands still do what the documents show: every ```console runnable``` block of
// README.md and docs/*.md runs from a copy of the checkout's layout, `npx rpe` being the built
// binary, and each command's output (stdout and stderr) must have the documented shape, with the
// same content hashes (`sha256:...`): after a change that alters them (a rebuilt snapshot),
// `RPE_UPDATE_DOC_HASHES=1 npx vitest run tests/docs/examples.test.ts` writes the new ones in.
// ```console runnable docker``` blocks run too, with the Docker engine the sandbox tests use.
import { spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { engine, ensureImages, IMAGE_BUILD_TIMEOUT_MS } from '../sandbox-docker/docker-engine.js';
import { markdownFiles } from './markdown-files.js';
import {
  changedHashes,
  outputShape,
  runnableExamples,
  sameShape,
  type RunnableExample,
} from './runnable-examples.js';

const examples = markdownFiles().flatMap((d) => runnableExamples(d.file, d.text));
const MARK = '@@rpe-doc-step@@';

// A folder that looks like the checkout (every top-level entry linked) where commands may write.
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-doc-'));
  for (const entry of readdirSync(packagePath())) {
    if (entry === '.git') continue;
    symlinkSync(packagePath(entry), join(dir, entry));
  }
  return dir;
}

function runExample(example: RunnableExample): string[][] {
  const dir = workspace();
  try {
    const rpe = `node ${JSON.stringify(packagePath('bin', 'rpe.js'))}`;
    const script = example.steps
      .map((s) => `echo '${MARK}'\n${s.command.replace(/\bnpx rpe\b/g, rpe)} 2>&1`)
      .join('\n');
    const r = spawnSync('bash', ['-c', script], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    return r.stdout
      .split(`${MARK}\n`)
      .slice(1)
      .map((chunk) => chunk.split('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// RPE_UPDATE_DOC_HASHES=1: the documented content hashes that changed (a rebuilt snapshot gives
// new seed sets) are written back into the documents once the run ends; the shapes must match.
const UPDATE = process.env.RPE_UPDATE_DOC_HASHES === '1';
const updates = new Map<string, [string, string][]>();
afterAll(() => {
  for (const [file, pairs] of updates) {
    let text = readFileSync(packagePath(file), 'utf8');
    for (const [was, now] of pairs) text = text.split(was).join(now);
    writeFileSync(packagePath(file), text);
  }
});

// Runs an example and compares each step's output with the documented one.
function checkExample(example: RunnableExample): void {
  const outputs = runExample(example);
  example.steps.forEach((step, i) => {
    const actual = outputs[i] ?? [];
    const changed = UPDATE ? changedHashes(step.output, actual) : [];
    if (changed.length > 0) {
      updates.set(example.file, [...(updates.get(example.file) ?? []), ...changed]);
      return;
    }
    expect(
      sameShape(step.output, actual),
      `$ ${step.command}\ndocumented:\n${outputShape(step.output).join('\n')}\nactual:\n${outputShape(actual).join('\n')}`,
    ).toBe(true);
  });
}

const plain = examples.filter((e) => !e.docker);
const docker = examples.filter((e) => e.docker);
const named = (list: RunnableExample[]) => list.map((e) => [`${e.file}:${e.line}`, e] as const);

describe('runnable examples in the documents', () => {
  it('finds some', () => expect(plain.length).toBeGreaterThan(0));
  it.each(named(plain))('%s', (_where, example) => checkExample(example), 600_000);
});

// ```console runnable docker``` blocks: skipped, loudly, when no engine answers outside CI.
describe.skipIf(!engine)('runnable examples that need Docker', () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);
  it('finds some', () => expect(docker.length).toBeGreaterThan(0));
  it.each(named(docker))('%s', (_where, example) => checkExample(example), 600_000);
});
