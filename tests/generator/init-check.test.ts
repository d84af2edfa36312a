// rpe init scaffolds under rpe check: a git repository, incomplete as made, eligible once filled.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { reportSchema, type Report } from '../../sandbox/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { fillScaffold } from './fill-scaffold.js';
import { ROOT, rpe } from './run-rpe.js';
import { checkOfScaffold, copyOfScaffold, type CliOutcome } from './shared-scaffold.js';

const work = temporaryFolder('rpe-init-check-');
const hasData = existsSync(join(ROOT, 'data', 'morphology.sqlite'));

// `rpe check <dir> --seeds 0,1 --json`, or what it gave, for the untouched scaffolds
// (shared-scaffold.ts runs it once per test run).
function parsed(r: CliOutcome): { code: number | undefined; report: Report; stderr: string } {
  return { code: r.exitCode, report: reportSchema.parse(JSON.parse(r.stdout)), stderr: r.stderr };
}

async function check(dir: string): Promise<ReturnType<typeof parsed>> {
  return parsed(await rpe(['check', dir, '--seeds', '0,1', '--json']));
}

// The tests that only read a scaffold or install it take a copy of the run's (shared-scaffold.ts).
async function scaffoldToRead(lang: 'py' | 'ts'): Promise<string> {
  const dir = join(work, `${lang}-shared`);
  if (!existsSync(dir)) await copyOfScaffold(lang, dir);
  return dir;
}

function log(dir: string): string[] {
  return execFileSync('git', ['log', '--format=%an|%s'], { cwd: dir, encoding: 'utf8' })
    .trim()
    .split('\n');
}

describe.skipIf(!hasData)('rpe init scaffolds under rpe check', { timeout: 600_000 }, () => {
  it.each(['py', 'ts'] as const)(
    '--lang %s: a git repository with a first commit, incomplete as made, eligible once filled in',
    async (lang) => {
      // The run's scaffold (shared-scaffold.ts), made by `rpe init <dir> --lang <lang>` with no
      // git configuration of the machine's, and what that init printed.
      const dir = join(work, lang);
      const made = await copyOfScaffold(lang, dir);
      expect(made.exitCode, made.stderr).toBe(0);
      expect(made.stdout).toMatch(
        /^git: git repository with a first commit [0-9a-f]{12} as "rpe init"/m,
      );
      expect(log(dir)).toEqual(['rpe init|Track 2 generator scaffold from rpe init']);
      expect(execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' })).toBe(
        '',
      );

      const untouched = parsed(await checkOfScaffold(lang));
      expect(untouched.code).toBe(1);
      expect(untouched.report.verdict).toBe('incomplete');
      expect(untouched.report.reasons.map((r) => [r.code, r.class])).toEqual([
        ['placeholder_left', 'incomplete'],
      ]);
      const where =
        lang === 'py' ? 'generate.py lines 39, 51, 52' : 'generator.ts lines 36, 37, 43';
      expect(untouched.report.reasons[0]?.message).toContain(where);
      expect(untouched.report.submission).toMatchObject({
        selection: 'git',
        ref: 'HEAD',
        uncommitted: [],
      });
      expect(untouched.report.seeds.every((s) => s.status === 'ok' && s.n_items === 100)).toBe(
        true,
      );

      await fillScaffold(dir, lang);
      const filled = await check(dir);
      expect(filled.report.reasons).toEqual([]);
      expect(filled.report.verdict).toBe('eligible');
      expect(filled.code).toBe(0);
      expect(filled.report.data_hash).toMatchObject({ ok: true, recipe: 'directory' });
      expect(filled.report.submission.commit).toBe(
        execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim(),
      );
    },
  );

  it.each(['py', 'ts'] as const)(
    '--lang %s: the scaffold says how to run rpe from where it is, never a bare npx rpe, and ends with the submission steps',
    async (lang) => {
      const dir = await scaffoldToRead(lang);
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      for (const how of [
        '`node <toolkit>/bin/rpe.js check .`',
        '`npm install -g <toolkit>`, then `rpe check .`',
        '`npx -p <toolkit> rpe check .`',
      ])
        expect(readme).toContain(how);
      // `npx rpe ...` asks the npm registry for a package named rpe, which is not this one.
      for (const file of ['README.md', 'PROVENANCE.md'])
        expect(readFileSync(join(dir, file), 'utf8')).not.toMatch(/`npx rpe [a-z]/);
      const last = readme.slice(readme.lastIndexOf('\n## '));
      expect(last).toMatch(/^\n## Submitting\n/);
      for (const step of ['git tag track2-v1', 'rev-parse HEAD', 'djstrong', '`eligible`'])
        expect(last).toContain(step);
      // The first way works as written, with <toolkit> this checkout.
      const version = await execa(process.execPath, [join(ROOT, 'bin', 'rpe.js'), '--version']);
      expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    },
  );

  it('the TypeScript scaffold has typescript and a typecheck script that passes', async () => {
    const dir = await scaffoldToRead('ts');
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.scripts.typecheck).toBe('tsc -p tsconfig.json');
    expect(Object.keys(manifest.dependencies)).toEqual(['reverse-poleval']);
    expect(Object.keys(manifest.devDependencies)).toEqual(
      expect.arrayContaining(['typescript', '@types/node', 'tsx']),
    );
    // The native SQLite build is not needed to type-check; the packages are those of the
    // toolkit's own lock, in npm's cache since its install: no need to ask the registry again.
    const install = await execa(
      'npm',
      ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      {
        cwd: dir,
        reject: false,
      },
    );
    expect(install.exitCode, install.stderr).toBe(0);
    const typecheck = await execa('npm', ['run', '--silent', 'typecheck'], {
      cwd: dir,
      reject: false,
    });
    expect(typecheck.stdout + typecheck.stderr).toBe('');
    expect(typecheck.exitCode).toBe(0);
    // node_modules/ is ignored and the lock was committed by rpe init: the commit stays clean.
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' })).toBe('');
  });

  it('without git the scaffold is made all the same, and says so', async () => {
    const dir = join(work, 'no-git');
    const r = await rpe(['init', dir, '--lang', 'py'], {
      env: {
        PATH: dirname(process.execPath) === '/usr/bin' ? '/nonexistent' : dirname(process.execPath),
      },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^git: git is not installed, so the folder is not a git repository yet/m,
    );
    expect(existsSync(join(dir, 'generate.py'))).toBe(true);
    expect(existsSync(join(dir, '.git'))).toBe(false);
  });
});
