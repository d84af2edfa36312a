// The doors `npm run build` bundles (scripts/bundle-doors): one file per part, each importing the
// others rather than holding a copy, zod without its other languages, dockerode without what the
// toolkit never uses, exceljs as one file, and the CLI's doors minified with source maps that
// still lead a stack trace to its file.
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

  it("zod is one shared file, English only: no door holds a copy or another language's messages", () => {
    const zod = text(packagePath('dist', 'vendor', 'zod.js'));
    // "erwartet" is in every message of zod's German locale.
    expect(zod.includes('erwartet')).toBe(false);
    expect(zod.includes('Invalid input')).toBe(true);
    const doors = [
      ['framework'],
      ['sandbox'],
      ...['evaluate', 'query', 'sheet', 'tune'].map((p) => ['panel', p]),
    ];
    for (const part of doors) {
      const code = text(door(...part));
      expect(code.includes('Invalid input')).toBe(false);
      expect(/from\s*"(\.\/)?(\.\.\/)+vendor\/zod\.js"/.test(code)).toBe(true);
    }
  });

  it('one process that loads every door has one zod: a schema of one door is a zod type to another', () => {
    const script = `const f = await import(${JSON.stringify(door('framework'))});
      const s = await import(${JSON.stringify(door('sandbox'))});
      const { z } = await import(${JSON.stringify(packagePath('dist', 'vendor', 'zod.js'))});
      console.log(s.reportSchema instanceof z.ZodType, f.matrixSchema instanceof z.ZodType)`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('true true');
  });

  it.each([
    // Text only each package has: the engine's API path of a container's archive; a workbook's part.
    { name: 'dockerode', file: ['sandbox', 'dockerode.js'], door: ['sandbox'], mark: '/archive' },
    {
      name: 'exceljs',
      file: ['panel', 'exceljs.js'],
      door: ['panel', 'sheet'],
      mark: 'xl/workbook.xml',
    },
  ])(
    '$name is one file that its door imports; no door holds a copy',
    ({ file, door: user, mark }) => {
      expect(text(packagePath('dist', ...file)).includes(mark)).toBe(true);
      const own = new RegExp(`import\\("(\\./)?(\\.\\./)*${file[1]?.replace('.', '\\.')}"\\)`);
      expect(own.test(text(door(...user)))).toBe(true);
      const doors = [
        ['framework'],
        ['sandbox'],
        ...['baselines', 'evaluate', 'items', 'query', 'sheet', 'trial', 'tune'].map((p) => [
          'panel',
          p,
        ]),
      ];
      for (const part of doors) {
        expect(text(door(...part)).includes(mark)).toBe(false);
        // Nor does any import the packages themselves, which would load all of them.
        expect(
          /from\s*"(dockerode|exceljs)"|import\("(dockerode|exceljs)"\)/.test(text(door(...part))),
        ).toBe(false);
      }
      // Loading the file loads no package from node_modules.
      const script = `import { createRequire } from 'node:module';
      await import(${JSON.stringify(packagePath('dist', ...file))});
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify(loaded.filter((m) => /node_modules/.test(m))));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      expect(JSON.parse(out)).toEqual([]);
    },
  );

  it('loading dockerode loads neither BuildKit (grpc-js, protobufjs) nor ssh2; reaching them says so', () => {
    const file = JSON.stringify(packagePath('dist', 'sandbox', 'dockerode.js'));
    const script = `import { createRequire } from 'node:module';
      const { default: Docker } = await import(${file});
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify(loaded.filter((m) => /ssh2|grpc|protobufjs/.test(m))));
      const ssh = new Docker({ protocol: 'ssh', host: 'engine.invalid' });
      await ssh.ping().then(() => console.log('answered'), (e) => console.log(e.message));
      try { new Docker({ socketPath: '/nonexistent' }).followProgress() } catch (e) { console.log(e.message) }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    }).split('\n');
    expect(JSON.parse(out[0] ?? '')).toEqual([]);
    expect(out[1]).toMatch(/ssh transport is not part of the toolkit's Docker client/);
    expect(out[2]).toMatch(/BuildKit output is not part of the toolkit's Docker client/);
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
