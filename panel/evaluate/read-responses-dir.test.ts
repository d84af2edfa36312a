import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readResponsesDir } from './read-responses-dir.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-responses-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const items = [
  { input: 'Pierwsze  pytanie' },
  { input: 'Drugie pytanie' },
  { input: 'Trzecie pytanie' },
];
const jsonl = (rows: unknown[]) =>
  rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

describe('readResponsesDir', () => {
  it('matches lines by normalised input, the later line winning, and names the model from its lines', () => {
    writeFileSync(
      join(dir, 'org__a.jsonl'),
      jsonl([
        { model: 'org/a', input: 'Drugie pytanie', response: 'stare' },
        { model: 'org/a', input: 'Pierwsze pytanie', response: 'jeden' },
        { model: 'org/a', input: 'Drugie pytanie', response: 'dwa' },
        { model: 'org/a', input: 'Nie ma takiego', response: 'x' },
        '{"cut',
      ]),
    );
    const [a] = readResponsesDir(dir, items);
    expect(a?.model).toBe('org/a');
    expect(a?.predictions).toEqual(['jeden', 'dwa', null]);
    expect(a?.skippedLines).toEqual([
      { line: 4, reason: 'matches no item of the items file' },
      { line: 5, reason: 'not a JSON object' },
    ]);
  });

  it('reads other answer fields by item number or line order, naming the model after the file', () => {
    writeFileSync(
      join(dir, 'b.jsonl'),
      jsonl([
        { item: 3, prediction: 'trzy' },
        { item: 1, output: 'jeden' },
      ]),
    );
    writeFileSync(
      join(dir, 'a.jsonl'),
      jsonl([{ answer: 'jeden' }, { content: 'dwa' }, { note: 'none' }]),
    );
    const [a, b] = readResponsesDir(dir, items);
    expect(a).toMatchObject({ model: 'a', predictions: ['jeden', 'dwa', null] });
    expect(a?.skippedLines[0]?.reason).toMatch(/no text answer/);
    expect(b).toMatchObject({ model: 'b', predictions: ['jeden', null, 'trzy'] });
  });

  it.each([['"2"'], ['1.5'], ['null'], ['0'], ['-1']])(
    'refuses an item of %s naming the file and line, rather than using the line order',
    (item) => {
      writeFileSync(
        join(dir, 'm.jsonl'),
        jsonl([
          { item: 1, response: 'jeden' },
          `{"item":${item},"response":"dwa"}`,
          { item: 3, response: 'trzy' },
        ]),
      );
      expect(() => readResponsesDir(dir, items)).toThrow(
        expect.objectContaining({
          code: 'responses_invalid',
          message: expect.stringMatching(
            new RegExp(`m\\.jsonl line 2: item is .*, not a positive integer`),
          ) as string,
        }),
      );
    },
  );

  it('follows a models list, a model without a file having no answers', () => {
    writeFileSync(join(dir, 'org__a.jsonl'), jsonl([{ response: 'x' }]));
    const rows = readResponsesDir(dir, items, { models: ['missing/model', 'org/a'] });
    expect(rows.map((r) => [r.model, r.file === null, r.predictions[0]])).toEqual([
      ['missing/model', true, null],
      ['org/a', false, 'x'],
    ]);
  });

  it('refuses a folder without responses files', () => {
    expect(() => readResponsesDir(dir, items)).toThrow(/no \*\.jsonl responses files/);
    expect(() => readResponsesDir(join(dir, 'nope'), items)).toThrow(/cannot read/);
  });
});
