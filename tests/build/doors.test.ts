// The doors `npm run build` bundles (scripts/bundle-doors): one file per part, each importing the
// others rather than holding a copy, zod without its other languages, and the CLI's doors minified
// with source maps that still lead a stack trace to its file.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/index.js';

const door = (...parts: string[]) => packagePath('dist', ...parts, 'index.js');
const text = (file: string) => readFileSync(file, 'utf8');
const built = existsSync(door('sandbox'));

describe.skipIf(!built)('the bundled doors', () => {
  it('the sandbox imports the framework door instead of bundling a second copy', () => {
    // Plain booleans: a failed match on a whole bundle would print megabytes.
    const sandbox = text(door('sandbox'));
    expect(/from\s*"(\.\/)?\.\.\/framework\/index\.js"/.test(sandbox)).toBe(true);
    // A function only the framework defines would be here twice if it were copied in.
    expect(/function scaffoldRepository\(/.test(text(door('framework')))).toBe(true);
    expect(/function scaffoldRepository\(/.test(sandbox)).toBe(false);
  });

  it("zod keeps English only: another language's messages are not in any door", () => {
    for (const part of [['framework'], ['sandbox'], ['panel', 'tune']]) {
      // "erwartet" is in every message of zod's German locale.
      expect(text(door(...part)).includes('erwartet')).toBe(false);
      expect(text(door(...part)).includes('Invalid input')).toBe(true);
    }
  });

  it('the CLI doors are minified with source maps; the framework, which generators import, is not', () => {
    expect(text(door('sandbox')).trimEnd().endsWith('//# sourceMappingURL=index.js.map')).toBe(
      true,
    );
    expect(existsSync(`${door('sandbox')}.map`)).toBe(true);
    expect(text(door('framework')).includes('sourceMappingURL')).toBe(false);
    expect(text(door('framework')).split('\n').length).toBeGreaterThan(1000);
  });

  it('with source maps on (as --debug turns them on), a stack trace names the part, not the bundle', () => {
    const script = `const m = await import(${JSON.stringify(door('sandbox'))});
      try { m.verdictOf(undefined) } catch (e) { console.log(e.stack.split('\\n')[1]) }`;
    const frame = (flags: string[]) =>
      execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
    expect(frame([])).toMatch(/dist\/sandbox\/index\.js:\d+:\d+/);
    expect(frame(['--enable-source-maps'])).toMatch(/dist\/sandbox\/check\/reasons\.js:\d+:\d+/);
  });
});
