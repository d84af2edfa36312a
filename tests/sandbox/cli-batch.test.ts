import {
  appendFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { reportSchema } from '../../sandbox/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { testGit as git } from '../test-git.js';
import { fixture } from './fixture-paths.js';
import { rpe } from './run-rpe.js';

const tmp = temporaryFolder('rpe-batch-cli-');

// A repository whose tag v1 is a valid generator (committed with `message`, so two repositories
// of the same tree differ) and whose later commit breaks it.
function repository(path = join(tmp, 'repo'), message = 'valid'): { path: string; tagged: string } {
  cpSync(fixture('good-python'), path, { recursive: true });
  git(path, 'init', '--quiet');
  git(path, 'add', '.');
  git(path, 'commit', '--quiet', '-m', message);
  git(path, 'tag', 'v1');
  const tagged = git(path, 'rev-parse', 'HEAD');
  writeFileSync(join(path, 'generate.py'), 'raise SystemExit(1)\n');
  git(path, 'commit', '--quiet', '-am', 'broken');
  return { path, tagged };
}

// `rpe sandbox batch --local` of a list and a seeds file into `out`, with `more` options.
function batchLocal(list: string, seeds: string, out: string, ...more: string[]) {
  return rpe([
    'sandbox',
    'batch',
    '--submissions',
    list,
    '--seeds-file',
    seeds,
    '--local',
    '--out',
    out,
    ...more,
  ]);
}

describe('rpe sandbox batch --local', { timeout: 600_000 }, () => {
  it('checks folders and a git tag, writes the summary, and resumes without re-running', async () => {
    const subs = join(tmp, 'subs');
    mkdirSync(subs);
    cpSync(fixture('good-typescript'), join(subs, 'team-ts'), { recursive: true });
    cpSync(fixture('static-list'), join(subs, 'team-static'), { recursive: true });
    const repo = repository();
    const list = join(tmp, 'list.txt');
    writeFileSync(
      list,
      `# submissions\n${join(subs, 'team-ts')}\nsubs/team-static\n\n${repo.path}@v1\n${repo.path}@nope\n`,
    );
    const seeds = join(tmp, 'seeds.txt');
    writeFileSync(seeds, '11\n12\n');
    const out = join(tmp, 'out');
    const batch = (...more: string[]) => batchLocal(list, seeds, out, '--jobs', '2', ...more);

    const first = await batch();
    expect(first.code).toBe(2);
    expect(first.stdout).toContain('team-ts\teligible\t\n');
    expect(first.stdout).toMatch(
      /^team-static\tdisqualified\tseed_overlap,required_file_missing\b/m,
    );
    expect(first.stdout).toContain('repo-v1\teligible\t\n');
    expect(first.stdout).toMatch(/repo-nope\terror\t.*has no commit or tag "nope"/);

    const tagged = reportSchema.parse(
      JSON.parse(readFileSync(join(out, 'repo-v1', 'report.json'), 'utf8')),
    );
    expect(tagged.submission.source).toEqual({ url: repo.path, ref: 'v1', commit: repo.tagged });
    expect(tagged.submission).toMatchObject({ selection: 'git', commit: repo.tagged });
    expect(tagged.requested_seeds).toEqual([11, 12]);
    // The sets are kept beside each report.
    expect(readFileSync(join(out, 'repo-v1', 'seed-11.jsonl'), 'utf8').split('\n')).toHaveLength(
      61,
    );
    const csv = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe(
      'name,source,commit,verdict,reasons,warnings,tree_hash,max_seed_seconds,image,image_id,engine,toolkit_version,report,resumed,rerun_because,requeued_from,message,seeds,timeout_seconds,memory_bytes,cpus,executor',
    );
    expect(csv).toHaveLength(5);
    expect(csv[3]).toMatch(
      new RegExp(`^repo-v1,${repo.path}@v1,${repo.tagged},eligible,,0,sha256:`),
    );
    expect(csv[3]).toMatch(/,11 12,120,2147483648,1,local$/);
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toContain('4 submissions: 2 eligible, 0 incomplete, 1 disqualified, 1 not checked.');
    expect(md).toContain('- seeds: 11, 12');
    expect(md).toMatch(/- limits: 120 s, 2048 MiB, 1 CPU/);
    expect(md).toMatch(/- toolkit: \d+\.\d+\.\d+/);

    const again = await batch('--json');
    const result = JSON.parse(again.stdout) as {
      rows: { name: string; resumed: boolean; verdict: string }[];
    };
    expect(result.rows.map((r) => [r.name, r.resumed])).toEqual([
      ['team-ts', true],
      ['team-static', true],
      ['repo-v1', true],
      ['repo-nope', false],
    ]);

    appendFileSync(join(subs, 'team-static', 'generate.py'), '# edited\n');
    const edited = await batch();
    expect(edited.stdout).toContain('team-ts\teligible (resumed)');
    expect(edited.stdout).toMatch(
      /^team-static\tdisqualified\tseed_overlap,.*\t\(rerun: the submission changed\)$/m,
    );

    // Other limits make every report stale; --rerun re-checks even an unchanged one.
    const slower = await batch('--timeout', '60');
    expect(slower.stdout).toContain('team-ts\teligible\t\t(rerun: timeout 120 → 60)\n');
    expect(slower.stdout).not.toContain('(resumed)');
    const forced = await batch('--timeout', '60', '--rerun');
    expect(forced.stdout).toContain('team-ts\teligible\t\t(rerun: asked to rerun)\n');
  });

  it('gives each name the commit of its own URL when two repos named alike swap lines', async () => {
    // Two repositories named `repo` with the same tree, tagged v1 at different commits.
    const commits: Record<string, string> = {};
    for (const team of ['a', 'b']) {
      const { path, tagged } = repository(join(tmp, `swap-${team}`, 'repo'), `team ${team}`);
      commits[path] = tagged;
    }
    const [a, b] = Object.keys(commits) as [string, string];
    const seeds = join(tmp, 'swap-seeds.txt');
    writeFileSync(seeds, '0\n');
    const list = join(tmp, 'swap-list.txt');
    const out = join(tmp, 'swap-out');
    const batch = async (first: string, second: string, ...more: string[]) => {
      writeFileSync(list, `${first}@v1\n${second}@v1\n`);
      const r = await batchLocal(list, seeds, out, ...more);
      expect(r.code, r.stderr).toBe(0);
      for (const [name, url] of [
        ['repo-v1', first],
        ['repo-v1-2', second],
      ] as const) {
        const report = reportSchema.parse(
          JSON.parse(readFileSync(join(out, name, 'report.json'), 'utf8')),
        );
        expect(report.submission.source).toEqual({ url, ref: 'v1', commit: commits[url] });
        expect(report.submission.commit).toBe(commits[url]);
      }
      const csv = readFileSync(join(out, 'summary.csv'), 'utf8');
      expect(csv).toContain(`\nrepo-v1,${first}@v1,${commits[first]},`);
      expect(csv).toContain(`\nrepo-v1-2,${second}@v1,${commits[second]},`);
      return r.stdout;
    };

    await batch(a, b);
    // Same tree, other URL: the earlier report does not stand and the clone is made again.
    const swapped = await batch(b, a);
    expect(swapped).toContain(`repo-v1\teligible\t\t(rerun: source ${a}@v1 → ${b}@v1)\n`);
    expect(swapped).toContain(`repo-v1-2\teligible\t\t(rerun: source ${b}@v1 → ${a}@v1)\n`);
    expect(await batch(b, a)).toContain('repo-v1\teligible (resumed)');
    const forced = await batch(a, b, '--rerun');
    expect(forced).toContain('repo-v1\teligible\t\t(rerun: asked to rerun)\n');
  });

  it('takes a folder of submissions and exits 0 when every one was checked', async () => {
    const subs = join(tmp, 'folder');
    mkdirSync(subs);
    cpSync(fixture('no-entrypoint'), join(subs, 'a'), { recursive: true });
    cpSync(fixture('runtime-error'), join(subs, 'b'), { recursive: true });
    const seeds = join(tmp, 'seeds2.txt');
    writeFileSync(seeds, '1, 2');
    const r = await batchLocal(subs, seeds, join(tmp, 'out2'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^a\tdisqualified\tentrypoint_missing,required_file_missing\t?/m);
    expect(r.stdout).toMatch(/^b\tdisqualified\truntime_error,required_file_missing\b/m);
  });

  it('keeps its own files and its rows whole whatever the names (summary.md, a tab, a CR), and no folder for a row that has no report', async () => {
    cpSync(fixture('no-entrypoint'), join(tmp, 'hostile', 'summary.md'), { recursive: true });
    const list = join(tmp, 'hostile.txt');
    writeFileSync(
      list,
      'hostile/summary.md\n/no\tsuch/repo@v1\n/no\rsuch/repo@v1\nhostile/not-there\n',
    );
    const out = join(tmp, 'out-hostile');
    writeFileSync(join(tmp, 'seed1.txt'), '1\n');
    const r = await batchLocal(list, join(tmp, 'seed1.txt'), out);
    // The two clones and the missing folder fail: error rows, exit 2; the summary is written all
    // the same.
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(
      /hostile\/summary\.md is named summary\.md-2: summary\.md is a file of the batch's own\n/,
    );
    expect(statSync(join(out, 'summary.md')).isFile()).toBe(true);
    expect(statSync(join(out, 'summary.md-2', 'report.json')).isFile()).toBe(true);
    // The rows that could not be checked leave no report folder behind, not even an empty one.
    expect(readdirSync(out).sort()).toEqual(['.work', 'summary.csv', 'summary.md', 'summary.md-2']);
    // A row is one line of at most three fields: the tab and the CR a message quotes are escapes.
    const rows = r.stdout.split('\n').filter((l) => /\t(error|disqualified)\t/.test(l));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.split('\t').length).toBeLessThanOrEqual(3);
    expect(r.stdout).not.toContain('\r');
    const csv = parse(readFileSync(join(out, 'summary.csv')), { relax_column_count: true });
    expect(csv).toHaveLength(5);
    expect(new Set(csv.map((row: string[]) => row.length)).size).toBe(1);
  });
});
