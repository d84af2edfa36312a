import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { panelFixture, rpe } from './run-rpe.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-evaluate-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const jsonl = (rows: object[]) => rows.map((r) => `${JSON.stringify(r)}\n`).join('');

// Writes an items file and one responses file per model (answers in item order).
function setUp(items: object[], answers: Record<string, (string | null)[]>): void {
  writeFileSync(join(dir, 'items.jsonl'), jsonl(items));
  mkdirSync(join(dir, 'responses'));
  for (const [model, list] of Object.entries(answers)) {
    const rows = list.flatMap((response, i) =>
      response === null
        ? []
        : [{ model, item: i + 1, input: (items[i] as { input: string }).input, response }],
    );
    writeFileSync(join(dir, 'responses', `${model.replace('/', '__')}.jsonl`), jsonl(rows));
  }
}

// rpe evaluate of the items and responses setUp() writes.
const EVALUATE = ['evaluate', '--items', 'items.jsonl', '--responses-dir', 'responses'];

const plainItems = [
  { input: 'Pytanie pierwsze', gold: 'Kota' },
  { input: 'Pytanie drugie', gold: 'psa' },
];

describe('rpe evaluate', () => {
  it('writes the matrix with the aliases evaluator and reports a missing answer', async () => {
    setUp(
      [{ input: 'Pytanie pierwsze', gold: 'kota', aliases: ['kocura'] }, plainItems[1] as object],
      { 'org/a': [' kocura', 'psa'], b: ['kota', null] },
    );
    const r = await rpe([...EVALUATE, '--output', 'out/matrix.json', '--json'], {
      cwd: dir,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'matrix.json'), 'utf8'))).toEqual({
      models: ['b', 'org/a'],
      correct: [
        [1, 1],
        [0, 1],
      ],
    });
    const report = JSON.parse(r.stdout) as { missing: unknown[]; evaluator: { kind: string } };
    expect(report.missing).toEqual([{ model: 'b', item: 2 }]);
    expect(report.evaluator).toEqual({ kind: 'aliases' });
    expect(r.stderr).toBe('rpe: 1 answer missing, marked incorrect\n');
  });

  it('replaces an evaluator.py that raises by exact match, loudly, and counts it', async () => {
    setUp(plainItems, { m: ['KOTA', 'wyjątek'], n: ['Kota', 'PSA'] });
    const args = [
      ...EVALUATE,
      '--output',
      'matrix.json',
      '--evaluator',
      panelFixture('evaluators', 'casefold-with-traps', 'evaluator.py'),
    ];
    const r = await rpe(args, { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^rpe: \S+evaluator\.py is broken \(m item 2: error: ValueError: nie umiem\): as the task does with a broken checker, every answer was marked by exact match instead\n$/,
    );
    expect(r.stdout).toContain('m: 0/2 correct');
    expect(r.stdout).toContain('n: 1/2 correct');
    expect(JSON.parse(readFileSync(join(dir, 'matrix.json'), 'utf8')).correct).toEqual([
      [0, 1],
      [0, 0],
    ]);
    const json = await rpe([...args, '--json'], { cwd: dir });
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: 'ok',
      fallback: { to: 'exact_match', reason: 'm item 2: error: ValueError: nie umiem', answers: 4 },
      evaluator_problems: [{ model: 'm', item: 2, status: 'error' }],
    });
  });

  it('exits 1 without a matrix when no model answered any item, removing an older matrix', async () => {
    setUp(plainItems, {});
    writeFileSync(join(dir, 'models.txt'), 'a\nb\n');
    writeFileSync(join(dir, 'matrix.json'), '{"models": ["old"], "correct": [[1], [1]]}\n');
    const r = await rpe([...EVALUATE, '--models-file', 'models.txt', '--output', 'matrix.json'], {
      cwd: dir,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('a: no answer (no responses file)\nb: no answer (no responses file)\n');
    expect(r.stderr).toBe(
      'rpe: no answer in responses for any of the 2 items from any of the 2 model(s); no matrix written; the older matrix.json was removed\n',
    );
    expect(existsSync(join(dir, 'matrix.json'))).toBe(false);
  });

  it('refuses evaluator.py together with aliases (exit 2, saying why)', async () => {
    setUp([{ input: 'P', gold: 'kota', aliases: ['kocura'] }], { m: ['kota'] });
    const r = await rpe(
      [
        ...EVALUATE,
        '--output',
        'matrix.json',
        '--evaluator',
        panelFixture('evaluators', 'casefold-with-traps', 'evaluator.py'),
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^rpe: item 1 has aliases: the task forbids a custom evaluator together with non-empty aliases[^\n]*\n$/,
    );
    expect(existsSync(join(dir, 'matrix.json'))).toBe(false);
  });

  it('exits 1 without a matrix when evaluator.py rejects a gold, removing an older matrix', async () => {
    setUp(plainItems, { m: ['Kota', 'psa'] });
    writeFileSync(join(dir, 'matrix.json'), '{"models": ["m"], "correct": [[1], [1]]}\n');
    const r = await rpe(
      [
        ...EVALUATE,
        '--output',
        'matrix.json',
        '--evaluator',
        panelFixture('evaluators', 'rejects-everything', 'evaluator.py'),
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(1);
    // Nothing was marked: no per-model line may claim a count.
    expect(r.stdout).toBe(
      'item 1: evaluator rejects its own gold\nitem 2: evaluator rejects its own gold\n',
    );
    expect(r.stderr).toMatch(
      /does not accept the gold of 2 item\(s\); no matrix written; the older matrix.json was removed\n$/,
    );
    expect(existsSync(join(dir, 'matrix.json'))).toBe(false);
  });

  it('names the file, line and rule of a broken items file (exit 2)', async () => {
    setUp(plainItems, { m: ['Kota', 'psa'] });
    writeFileSync(join(dir, 'items.jsonl'), '{"input": "a", "gold": "b"}\n{"input": "c"}\n');
    const r = await rpe([...EVALUATE, '--output', 'matrix.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rpe: items\.jsonl line 2: [a-z_]+: [^\n]*\n$/);
  });
});
