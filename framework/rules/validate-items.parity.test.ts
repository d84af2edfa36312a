import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { validateItems } from './validate-items.js';

/**
 * The per-line rules written a second time, in Python, the organisers' language: json.loads,
 * str.split(), unicodedata and len() decide. Any disagreement on a line shows a place where
 * JavaScript's JSON, whitespace or length semantics differ from Python's.
 */
const PYTHON_RULES = `
import json, sys, unicodedata
N = lambda s: " ".join(unicodedata.normalize("NFKC", s).split())
def too_long(s, limit): return max(len(s), len(N(s))) > limit
def ok(line):
    if line.endswith("\\r"): line = line[:-1]
    if line.strip() == "": return False
    try: v = json.loads(line)
    except ValueError: return False
    if not isinstance(v, dict) or set(v) - {"input", "gold", "aliases"}: return False
    inp, gold = v.get("input"), v.get("gold")
    if not isinstance(inp, str) or not isinstance(gold, str): return False
    if N(inp) == "" or too_long(inp, 2000) or N(gold) == "" or too_long(gold, 80): return False
    if "aliases" not in v: return True
    al = v["aliases"]
    if not isinstance(al, list) or len(al) > 5 or not all(isinstance(a, str) for a in al): return False
    keys = [N(a) for a in al]
    if any(k == "" for k in keys) or any(too_long(a, 80) for a in al): return False
    return len(set(keys)) == len(keys) and N(gold) not in keys
print(json.dumps([ok(l) for l in json.load(sys.stdin)]))
`;

const PIECES = [
  'x',
  ' ',
  '\u0085',
  '\u001c',
  '\ufeff',
  '\u00a0',
  '\u3000',
  'ﬁ',
  'fi',
  'Ｘ',
  '😀',
  'e\u0301',
  'é',
  '\u2028',
  '\t',
];

function tricky(): string[] {
  const lines: string[] = [];
  for (const a of PIECES) {
    for (const b of PIECES) {
      lines.push(JSON.stringify({ input: `${a}${b}`, gold: `${b}${a}` }));
      lines.push(JSON.stringify({ input: `q${a}`, gold: `g${a}`, aliases: [`g${b}`] }));
      lines.push(JSON.stringify({ input: `q${a}`, gold: 'g', aliases: [a, b] }));
    }
  }
  lines.push(
    '{"input": "x", "gold": NaN}',
    '{"input": "x", "gold": "y",}',
    "{'input': 'x', 'gold': 'y'}",
    '{"input": "x", "gold": "y"} ',
    '\t{"input": "x", "gold": "y"}',
    '{"input": "x", "gold": "y"}\f',
    '\u00a0{"input": "x", "gold": "y"}',
    '{"input": "x", "gold": "y"}{"a": 1}',
    '{"input": "\\ud800", "gold": "y"}',
    '{"input": "\\u0000x", "gold": "y"}',
    '{"input": "x\ty", "gold": "y"}',
    '{"input": "x\u007fy", "gold": "y"}',
    '{"input": "x", "input": "z", "gold": "y"}',
    '{"input": "x", "gold": "y", "aliases": null}',
    '{"input": "x", "gold": "y", "aliases": []}',
    '{"input": "x", "gold": "y", "__proto__": {}}',
    '{"input": "x", "gold": 1e400}',
    '{"input": "x", "gold": "y"}\r',
    '[]',
    '"x"',
    '\u001c',
    '',
    JSON.stringify({ input: '𝔸'.repeat(2000), gold: 'y' }),
    JSON.stringify({ input: 'ﷺ'.repeat(112), gold: 'y' }),
    JSON.stringify({ input: 'x', gold: '㍿'.repeat(40) }),
    JSON.stringify({ input: 'x', gold: 'y', aliases: ['a', 'b', 'c', 'd', 'e', 'f'] }),
  );
  return lines;
}

describe('validateItems agrees with the rules run by Python', () => {
  it('accepts and rejects the same lines', () => {
    const lines = tricky();
    const python = JSON.parse(
      execFileSync('python3', ['-c', PYTHON_RULES], {
        input: JSON.stringify(lines),
        encoding: 'utf8',
      }),
    ) as boolean[];
    const ours = lines.map(
      (line) => validateItems([line], { minItems: 0, maxItems: 1 }).errors.length === 0,
    );
    const disagreements = lines.filter((_, i) => ours[i] !== python[i]);
    expect(disagreements).toEqual([]);
    expect(ours.filter(Boolean).length).toBeGreaterThan(100);
    expect(ours.filter((x) => !x).length).toBeGreaterThan(100);
  });
});
