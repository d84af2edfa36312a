// A newcomer follows docs/teams.md literally in a fresh scaffold: the commands are read from the
// guide itself, and after each step that should leave the repository clean, `git status` says so
// (the scaffold's .gitignore covers what the steps write; the receipt goes outside).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { runnableExamples } from '../docs/runnable-examples.js';
import { temporaryFolder } from '../temporary-folder.js';

const guide = readFileSync(packagePath('docs', 'teams.md'), 'utf8');
const rpe = `node ${JSON.stringify(packagePath('bin', 'rpe.js'))}`;
const root = temporaryFolder('rpe-newcomer-');
const repo = join(root, 'my-generator');

// The one command of the guide that matches `pattern` (its first group), as written there.
function quoted(pattern: RegExp): string {
  const found = pattern.exec(guide);
  if (!found?.[1]) throw new Error(`docs/teams.md no longer shows ${pattern}`);
  return found[1];
}

// Runs a documented command with bash, `npx rpe` / `rpe` being the built binary.
function run(command: string, cwd = repo): { status: number | null; output: string } {
  const line = command.replace(/^(npx )?rpe /, `${rpe} `).replace(/ (npx )?rpe /g, ` ${rpe} `);
  const r = spawnSync('bash', ['-c', line], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 300_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

function gitStatus(): string {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: repo,
    encoding: 'utf8',
  });
}

describe(
  'docs/teams.md, followed literally in a fresh Python scaffold',
  { timeout: 300_000 },
  () => {
    const start = runnableExamples('docs/teams.md', guide).find((e) =>
      e.steps.some((s) => /^npx rpe init my-generator --lang py$/.test(s.command)),
    );

    it('rpe init, then a first run of the generator: nothing to commit', () => {
      expect(start, 'the runnable `rpe init my-generator --lang py` block').toBeDefined();
      for (const step of start!.steps) {
        const r = run(step.command, root);
        expect(r.status, `$ ${step.command}\n${r.output}`).toBe(0);
      }
      expect(existsSync(join(repo, 'items.jsonl'))).toBe(true);
      expect(gitStatus()).toBe('');
    });

    it('rpe generate with --meta, as section 4 shows it, on the scaffold', () => {
      const command = quoted(
        /\$ (npx rpe generate \S+ --seed \d+ --out items\.jsonl --meta meta\.jsonl)\n/,
      ).replace(/generate \S+/, 'generate .');
      const r = run(command);
      expect(r.status, `$ ${command}\n${r.output}`).toBe(0);
      expect(existsSync(join(repo, 'meta.jsonl'))).toBe(true);
      expect(gitStatus()).toBe('');
    });

    it('.env as section 7 shows it, and what rpe trial --out trial writes: nothing to commit', () => {
      const env = quoted(/\$ cat \.env\n((?:[A-Z_]+=.*\n)+)/);
      writeFileSync(join(repo, '.env'), `${env}EVAL_API_KEY=secret\n`);
      expect(quoted(/ (--out trial)\n/)).toBe('--out trial');
      mkdirSync(join(repo, 'trial'));
      writeFileSync(join(repo, 'trial', 'report.html'), '<html></html>\n');
      expect(gitStatus()).toBe('');
    });

    it('section 8: check, tag and push, keep the receipt: nothing to commit after each', () => {
      const check = run('rpe check .');
      // The scaffold's placeholders make it incomplete until the team writes its own families.
      expect(check.output).toMatch(/^verdict\tincomplete$/m);
      expect(gitStatus()).toBe('');

      const origin = join(root, 'origin.git');
      execFileSync('git', ['init', '--bare', '-q', origin]);
      execFileSync('git', ['remote', 'add', 'origin', origin], { cwd: repo });
      const tag = quoted(/`(git tag \S+ && git push [^`]+)`/);
      const tagged = run(tag);
      expect(tagged.status, `$ ${tag}\n${tagged.output}`).toBe(0);
      const name = /git tag (\S+)/.exec(tag)?.[1] ?? '';
      expect(
        execFileSync('git', ['--git-dir', origin, 'rev-parse', `${name}^{commit}`], {
          encoding: 'utf8',
        }),
      ).toBe(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }));
      expect(gitStatus()).toBe('');

      const receipt = quoted(/`(rpe check \. --report-dir [^`]+)`/);
      run(receipt);
      const dir = /--report-dir (\S+)/.exec(receipt)?.[1] ?? '';
      expect(existsSync(join(repo, dir, 'report.json')), `${receipt} wrote no report.json`).toBe(
        true,
      );
      expect(gitStatus()).toBe('');
    });

    it("the scaffold's README gives the guide's tag command", () => {
      const tag = quoted(/`(git tag \S+ && git push [^`]+)`/);
      const readme = readFileSync(join(repo, 'README.md'), 'utf8').replace(/\s+/g, ' ');
      expect(readme).toContain(`\`${tag}\``);
    });
  },
);
