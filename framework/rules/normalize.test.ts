import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { codePointLength, isPythonSpace, normalize, PYTHON_WHITESPACE } from './normalize.js';

// The organisers' scripts are Python: the reference is python3 itself, run on the same strings.
function python(script: string, input: unknown): unknown {
  const out = execFileSync('python3', ['-c', script], {
    input: JSON.stringify(input),
    encoding: 'utf8',
  });
  return JSON.parse(out) as unknown;
}

const TRICKY = [
  '',
  ' ',
  'Ala ma kota',
  '  Ala \t\n ma\r\nkota  ',
  '\u001cx\u001dy\u001ez\u001f',
  '\u0085zdanie\u0085',
  '\ufeffBOM stays\ufeff',
  'a\u00a0b\u2007c\u202fd\u3000e\u2028f\u2029g\u1680h\u205fi',
  '\u200bzero width is not space\u200b',
  'ﬁlm ﬂaga',
  '①②③ Ⅻ ㎏',
  '\uff21\uff22\uff23 pełna szerokość',
  'e\u0301 versus é',
  'ｚａżółć\u3000gęślą',
  'emoji 😀 and 𝔸𝕓𝕔',
  '\u000b\u000c vertical tab and form feed \u000b',
  'Łódź  \t  Kraków',
  '\u180e mongolian vowel separator',
  'ﷺ expands',
  '\u00adsoft hyphen',
];

describe('normalize', () => {
  it('lists exactly the characters Python treats as whitespace', () => {
    const fromPython = python(
      'import sys, json; print(json.dumps([c for c in range(sys.maxunicode + 1) if chr(c).isspace()]))',
      null,
    );
    expect(PYTHON_WHITESPACE).toEqual(fromPython);
    expect(isPythonSpace(0x1c)).toBe(true);
    expect(isPythonSpace(0x85)).toBe(true);
    expect(isPythonSpace(0xfeff)).toBe(false);
  });

  it('matches Python NFKC + split/join on tricky strings', () => {
    const expected = python(
      'import sys, json, unicodedata\n' +
        'xs = json.load(sys.stdin)\n' +
        'print(json.dumps([" ".join(unicodedata.normalize("NFKC", x).split()) for x in xs]))',
      TRICKY,
    );
    expect(TRICKY.map(normalize)).toEqual(expected);
  });

  it('applies NFKC before stripping, so compatibility spaces are stripped too', () => {
    expect(normalize('\u2003ﬁ\u2003')).toBe('fi');
    expect(normalize('\u001fa\u0085\u0085b\u001c')).toBe('a b');
  });

  it('keeps U+FEFF, which JavaScript trim() would remove', () => {
    expect(normalize('\ufeffx')).toBe('\ufeffx');
    expect('\ufeffx'.trim()).toBe('x');
  });

  it('keeps case', () => {
    expect(normalize('Kraków')).not.toBe(normalize('kraków'));
  });
});

describe('codePointLength', () => {
  it('counts code points as Python len() does', () => {
    const strings = ['', 'abc', 'żółć', '😀', 'a😀b𝔸', 'e\u0301', '\ud800'];
    const expected = python(
      'import sys, json\nprint(json.dumps([len(x) for x in json.load(sys.stdin)]))',
      strings,
    );
    expect(strings.map(codePointLength)).toEqual(expected);
    expect(codePointLength('😀')).toBe(1);
    expect('😀'.length).toBe(2);
  });
});
