import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarizeError } from './summarize-error.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const work = temporaryFolder('rpe-summarize-');

// The stderr of a script that fails, as the interpreter really prints it.
function stderrOf(file: string, text: string, command: string[]): string {
  const path = join(work, file);
  writeFileSync(path, text);
  try {
    execFileSync(command[0] ?? '', [...command.slice(1), path], { stdio: 'pipe' });
  } catch (error) {
    return String((error as { stderr: Buffer }).stderr);
  }
  throw new Error(`${file} did not fail`);
}

describe('summarizeError', () => {
  it("gives Node's Error: line and the generator's own frame, not `Node.js v20`", () => {
    const stderr = stderrOf(
      'throws.mjs',
      "const x = 1;\nfunction f() { throw new Error('no lemma for kot'); }\nf();\n",
      [process.execPath],
    );
    expect(stderr.trim().split('\n').pop()).toMatch(/^Node\.js v/);
    expect(summarizeError(stderr)).toBe('Error: no lemma for kot (throws.mjs:2)');
  });

  it("names a module Node cannot find, with Node's own code", () => {
    const stderr = stderrOf('imports.mjs', "import x from 'reverse-poleval-nowhere';\n", [
      process.execPath,
    ]);
    expect(summarizeError(stderr)).toMatch(
      /^Error \[ERR_MODULE_NOT_FOUND\]: Cannot find package 'reverse-poleval-nowhere' imported from /,
    );
  });

  it("does not give a package's frame (tsx's loader) as the generator's", () => {
    const stderr = [
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'reverse-poleval' imported from /submission/generate.ts",
      '    at packageResolve (node:internal/modules/esm/resolve:873:9)',
      '    at nextResolve (node:internal/modules/esm/hooks:748:28)',
      '    at resolve (file:///opt/rpe/node_modules/tsx/dist/esm/index.mjs?1:2:1799)',
      '    at resolve (file:///opt/rpe/node_modules/tsx/dist/register-nyXW-TH3.mjs:2:4013)',
      '',
      'Node.js v20.20.2',
    ].join('\n');
    expect(summarizeError(stderr)).toBe(
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'reverse-poleval' imported from /submission/generate.ts",
    );
    const inToolkit = [
      'Error: no lexeme kot',
      '    at answer (file:///s/node_modules/reverse-poleval/dist/index.js:9:3)',
      '    at sample (file:///s/generator.ts:41:12)',
    ].join('\n');
    expect(summarizeError(inToolkit)).toBe('Error: no lexeme kot (generator.ts:41)');
  });

  it("gives Python's exception with the last frame of the traceback", () => {
    const stderr = stderrOf(
      'fails.py',
      [
        'def sample():',
        "    return {'gold': None}['input']",
        'def main():',
        '    sample()',
        'main()',
        '',
      ].join('\n'),
      ['python3'],
    );
    expect(summarizeError(stderr)).toBe("KeyError: 'input' (fails.py line 2, in sample)");
  });

  it('takes the last traceback of chained exceptions, with a message over several lines', () => {
    const stderr = stderrOf(
      'chained.py',
      [
        'try:',
        '    {}["x"]',
        'except KeyError:',
        '    raise ValueError("first line\\nsecond line")',
        '',
      ].join('\n'),
      ['python3'],
    );
    expect(stderr).toContain('During handling of the above exception');
    expect(summarizeError(stderr)).toBe(
      'ValueError: first line second line (chained.py line 4, in <module>)',
    );
  });

  it('says what a write into a read-only tree was', () => {
    const stderr = [
      'Traceback (most recent call last):',
      '  File "/submission/generate.py", line 9, in <module>',
      '    open("debug.log", "w")',
      "OSError: [Errno 30] Read-only file system: 'debug.log'",
    ].join('\n');
    expect(summarizeError(stderr)).toBe(
      "OSError: [Errno 30] Read-only file system: 'debug.log' (generate.py line 9, in <module>)",
    );
  });

  it('falls back to the last meaningful line, skipping the trailers, and cuts long lines', () => {
    expect(summarizeError('generator: family "x" cannot fill its quota\n')).toBe(
      'generator: family "x" cannot fill its quota',
    );
    const thrown = stderrOf('string.mjs', "throw 'a plain string';\n", [process.execPath]);
    expect(summarizeError(thrown)).toBe('a plain string');
    expect(summarizeError('')).toBe('');
    expect(summarizeError(`${'x'.repeat(500)}\n`)).toHaveLength(300);
  });
});
