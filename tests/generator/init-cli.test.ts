import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { findDeclaredDataHash, hashDataDir, validateItems } from '../../framework/rules/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { ROOT, rpe } from './run-rpe.js';

const work = temporaryFolder('rpe-init-');
const hasData = existsSync(join(ROOT, 'data', 'morphology.sqlite'));

describe.skipIf(!hasData)('rpe init', () => {
  const py = join(work, 'py');
  const ts = join(work, 'ts');

  it('--lang py: a repository whose generate.py runs with no install step and passes the checks', async () => {
    const r = await rpe(['init', py, '--lang', 'py']);
    expect(r.exitCode).toBe(0);
    for (const file of [
      'generate.py',
      'rpe_runtime/streams.py',
      'requirements.txt',
      'README.md',
      'LICENSE',
      'PROVENANCE.md',
      '.gitignore',
      'data/LICENSE',
      'data/SOURCES.md',
      'data/morphology.sqlite',
    ]) {
      expect(existsSync(join(py, file)), file).toBe(true);
    }
    const readme = readFileSync(join(py, 'README.md'), 'utf8');
    expect(readme).toContain('python3 generate.py --seed N --out items.jsonl');
    expect(findDeclaredDataHash(readme)).toBe(hashDataDir(join(py, 'data')));
    expect(readFileSync(join(py, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(readFileSync(join(py, 'generate.py'), 'utf8')).toContain('PLACEHOLDER FAMILY');
    const cwd = join(work, 'elsewhere');
    mkdirSync(cwd);
    const run = await execa(
      'python3',
      [join(py, 'generate.py'), '--seed', '3', '--out', 'i.jsonl'],
      { cwd, reject: false, env: { PYTHONHASHSEED: '7' } },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const checked = validateItems(readFileSync(join(cwd, 'i.jsonl')));
    expect(checked.errors).toEqual([]);
    expect(checked.n_items).toBe(100);
    const again = await execa(
      'python3',
      ['generate.py', '--seed', '3', '--out', join(work, 'again.jsonl')],
      { cwd: py, env: { PYTHONHASHSEED: '99', TZ: 'Asia/Tokyo' } },
    );
    expect(again.exitCode).toBe(0);
    expect(readFileSync(join(work, 'again.jsonl'))).toEqual(readFileSync(join(cwd, 'i.jsonl')));
  });

  it('refuses a non-empty folder (exit 2) unless --force', async () => {
    const target = join(work, 'busy');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'keep me\n');
    const refused = await rpe(['init', target, '--lang', 'py']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/folder is not empty \(use --force/);
    expect(readdirSync(target)).toEqual(['notes.txt']);
    const forced = await rpe(['init', target, '--lang', 'py', '--force']);
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(join(target, 'notes.txt'), 'utf8')).toBe('keep me\n');
    expect(existsSync(join(target, 'generate.py'))).toBe(true);
    const lang = await rpe(['init', join(work, 'x'), '--lang', 'rust']);
    expect(lang.exitCode).toBe(2);
  });

  it('--lang ts: vendors the toolkit, installs offline from its lock, and generates the same bytes as the Python runtime', async () => {
    // A name with a quote: package.json must stay JSON (npm ci below reads it).
    const name = 'Zespół "Ala"';
    const r = await rpe(['init', ts, '--lang', 'ts', '--name', name, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as { vendor: string; dataHash: string };
    const manifest = JSON.parse(readFileSync(join(ts, 'package.json'), 'utf8')) as {
      name: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.name).toBe(name);
    expect(readFileSync(join(ts, 'README.md'), 'utf8')).toMatch(/^# Zespół "Ala": /);
    expect(`file:${join('vendor', result.vendor.split('/').pop() ?? '')}`).toBe(
      manifest.dependencies['reverse-poleval'],
    );
    expect(existsSync(result.vendor)).toBe(true);
    expect(findDeclaredDataHash(readFileSync(join(ts, 'README.md'), 'utf8'))).toBe(result.dataHash);
    // As the sandbox does: offline, with an empty cache, no install script.
    const install = await execa(
      'npm',
      ['ci', '--omit=dev', '--offline', '--ignore-scripts', '--cache', join(work, 'empty-cache')],
      { cwd: ts, reject: false },
    );
    expect(install.exitCode, install.stderr).toBe(0);
    expect(existsSync(join(ts, 'node_modules', 'tsx'))).toBe(false);
    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
    const run = await execa(
      process.execPath,
      [
        '--import',
        `file://${tsx}`,
        'generate.ts',
        '--seed',
        '3',
        '--out',
        join(work, 'ts.jsonl'),
        '--meta',
        join(work, 'ts.meta.jsonl'),
      ],
      { cwd: ts, reject: false },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const reference = join(work, 'python-seed-3.jsonl');
    if (!existsSync(join(py, 'generate.py')))
      expect((await rpe(['init', py, '--lang', 'py'])).exitCode).toBe(0);
    const meta = join(work, 'python-seed-3.meta.jsonl');
    await execa('python3', [
      join(py, 'generate.py'),
      '--seed',
      '3',
      '--out',
      reference,
      '--meta',
      meta,
    ]);
    expect(readFileSync(join(work, 'ts.jsonl'))).toEqual(readFileSync(reference));
    // The sidecars agree too, lexicon fields included (lemma, query, tag, lexeme_id).
    expect(readFileSync(join(work, 'ts.meta.jsonl'), 'utf8')).toBe(readFileSync(meta, 'utf8'));
    expect(readFileSync(meta, 'utf8').split('\n')[0]).toMatch(
      /"lemma":.*"query":.*"tag":.*"lexeme_id":\d+/,
    );
  }, 600_000);
});
