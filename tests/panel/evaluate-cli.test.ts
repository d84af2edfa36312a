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
    const r = await rpe(
      [
        'evaluate',
        '--items',
        'items.jsonl',
        '--responses-dir',
        'responses',
        '--output',
        'out/matrix.json',
        '--json',
      ],
      {
        cwd: dir,
      },
    );
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

  it('marks with evaluator.py, reporting an exception as incorrect', async () => {
    setUp(plainItems, { m: ['KOTA', 'wyjątek'] });
    const r = await rpe(
      [
        'evaluate',
        '--items',
        'items.jsonl',
        '--responses-dir',
        'responses',
        '--output',
        'matrix.json',
        '--evaluator',
        panelFixture('evaluators', 'casefold-with-traps', 'evaluator.py'),
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'm item 2: evaluator error: ValueError: nie umiem (marked incorrect)',
    );
    expect(JSON.parse(readFileSync(join(dir, 'matrix.json'), 'utf8')).correct).toEqual([[1], [0]]);
  });

  it('refuses evaluator.py together with aliases (exit 2, saying why)', async () => {
    setUp([{ input: 'P', gold: 'kota', aliases: ['kocura'] }], { m: ['kota'] });
    const r = await rpe(
      [
        'evaluate',
        '--items',
        'items.jsonl',
        '--responses-dir',
        'responses',
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

  it('exits 1 without a matrix when evaluator.py rejects a gold', async () => {
    setUp(plainItems, { m: ['Kota', 'psa'] });
    const r = await rpe(
      [
        'evaluate',
        '--items',
        'items.jsonl',
        '--responses-dir',
        'responses',
        '--output',
        'matrix.json',
        '--evaluator',
        panelFixture('evaluators', 'rejects-everything', 'evaluator.py'),
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('item 1: evaluator rejects its own gold');
    expect(r.stderr).toMatch(/does not accept the gold of 2 item\(s\); no matrix written/);
    expect(existsSync(join(dir, 'matrix.json'))).toBe(false);
  });

  it('names the file, line and rule of a broken items file (exit 2)', async () => {
    setUp(plainItems, { m: ['Kota', 'psa'] });
    writeFileSync(join(dir, 'items.jsonl'), '{"input": "a", "gold": "b"}\n{"input": "c"}\n');
    const r = await rpe(
      [
        'evaluate',
        '--items',
        'items.jsonl',
        '--responses-dir',
        'responses',
        '--output',
        'matrix.json',
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rpe: items\.jsonl line 2: [a-z_]+: [^\n]*\n$/);
  });
});
