import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { expectOneLineError, fixture, rpe } from './run-rpe.js';

// Every malformed kind: the fixture (3 lines, checked with --min-items 1) and the line and code it must report.
const MALFORMED: [file: string, line: number, code: string][] = [
  ['invalid-utf8.jsonl', 3, 'invalid_utf8'],
  ['bom.jsonl', 1, 'bom'],
  ['blank-line.jsonl', 2, 'blank_line'],
  ['trailing-empty-line.jsonl', 3, 'blank_line'],
  ['invalid-json.jsonl', 3, 'invalid_json'],
  ['not-an-object.jsonl', 3, 'not_an_object'],
  ['missing-field.jsonl', 3, 'missing_field'],
  ['unknown-field.jsonl', 3, 'unknown_field'],
  ['wrong-type.jsonl', 3, 'wrong_type'],
  ['empty-input.jsonl', 3, 'empty_input'],
  ['input-too-long.jsonl', 3, 'input_too_long'],
  ['duplicate-input.jsonl', 3, 'duplicate_input'],
  ['empty-gold.jsonl', 3, 'empty_gold'],
  ['gold-too-long.jsonl', 3, 'gold_too_long'],
  ['too-many-aliases.jsonl', 3, 'too_many_aliases'],
  ['empty-alias.jsonl', 3, 'empty_alias'],
  ['alias-too-long.jsonl', 3, 'alias_too_long'],
  ['duplicate-alias.jsonl', 3, 'duplicate_alias'],
  ['alias-equals-gold.jsonl', 3, 'alias_equals_gold'],
];

describe('rpe validate', () => {
  it('accepts a valid file: format_ok 1, exit 0, nothing on stderr', () => {
    const r = rpe(['validate', fixture('valid-50-items.jsonl')]);
    expect(r).toEqual({ code: 0, stdout: 'format_ok\t1\n', stderr: '' });
  });

  it('prints one JSON document with --json', () => {
    const r = rpe(['validate', '--json', fixture('valid-50-items.jsonl')]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      format_ok: true,
      n_items: 50,
      errors: [],
      warnings: [],
    });
  });

  it('reads standard input for -', () => {
    const r = rpe(['validate', '-'], { input: readFileSync(fixture('valid-50-items.jsonl')) });
    expect(r.stdout).toBe('format_ok\t1\n');
    expect(r.code).toBe(0);
  });

  it.each(MALFORMED)('rejects %s at line %i with %s', (file, line, code) => {
    const r = rpe(['validate', '--min-items', '1', fixture(file)]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('format_ok\t0');
    expect(lines.slice(1)).toContainEqual(
      expect.stringMatching(new RegExp(`^line ${line}: ${code}: \\S`)),
    );
  });

  it.each(MALFORMED.filter(([file]) => /utf8|bom|duplicate-input/.test(file)))(
    'reports %s as JSON: line %i, %s',
    (file, line, code) => {
      const r = rpe(['validate', '--json', '--min-items', '1', fixture(file)]);
      expect(r.code, r.stderr).toBe(1);
      const json = JSON.parse(r.stdout);
      expect(json.format_ok).toBe(false);
      expect(json.n_items).toBe(3 - (code === 'bom' ? 1 : 0));
      expect(json.errors).toContainEqual(expect.objectContaining({ line, code }));
    },
  );

  it('reports too few and too many items on line 0', () => {
    const few = rpe(['validate', '--min-items', '51', fixture('valid-50-items.jsonl')]);
    expect(few.code).toBe(1);
    expect(few.stdout).toBe(
      'format_ok\t0\nline 0: too_few_items: 50 items; at least 51 are required\n',
    );
    const many = rpe(['validate', '--max-items', '49', fixture('valid-50-items.jsonl')]);
    expect(many.stdout).toMatch(/^line 0: too_many_items: 50 items; at most 49 are allowed$/m);
    expect(rpe(['validate', fixture('bom.jsonl')]).stdout).toMatch(
      /too_few_items: 2 items; at least 50/,
    );
  });

  it('prints warnings after the errors without failing the file', () => {
    const r = rpe(['validate', '--min-items', '1', fixture('warnings.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^format_ok\t1\n/);
    expect(r.stdout).toMatch(/^warning: line 3: role_instruction: /m);
    expect(r.stdout).toMatch(/^warning: line 3: gold_trailing_punctuation: /m);
  });

  it('fails with exit 2 and one line naming an unreadable file', () => {
    const missing = rpe(['validate', fixture('no-such-file.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expectOneLineError(missing, /cannot read .*no-such-file\.jsonl: no such file/);
    const folder = rpe(['validate', fixture()]);
    expect(folder.code).toBe(2);
    expectOneLineError(folder, /it is a folder/);
  });

  // `script` gives the command a terminal as standard input, as a user typing `rpe validate -` would.
  it.skipIf(spawnSync('script', ['--version']).status !== 0)(
    'refuses a terminal as standard input instead of waiting for it',
    () => {
      const r = spawnSync(
        'script',
        [
          '-qec',
          `${JSON.stringify(process.execPath)} ${JSON.stringify(packagePath('bin', 'rpe.js'))} validate -`,
          '/dev/null',
        ],
        { encoding: 'utf8', timeout: 120_000 },
      );
      expect(r.status).toBe(2);
      expect(r.stdout).toMatch(/^rpe: standard input is a terminal: pipe the file in/);
    },
  );

  it('treats a bad --min-items as a usage error', () => {
    const r = rpe(['validate', '--min-items', 'many', fixture('valid-50-items.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/expected an integer/);
  });
});
