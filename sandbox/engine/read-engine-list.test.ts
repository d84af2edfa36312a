import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEngineConfig } from './engine-config.js';
import { readEngineList } from './read-engine-list.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const dir = temporaryFolder('rpe-engine-list-');
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const urls = (list: Awaited<ReturnType<typeof readEngineList>>) =>
  list.entries.map((e) => `${e.endpoint.url}${e.endpoint.jobs ? ` jobs=${e.endpoint.jobs}` : ''}`);

describe('readEngineList', () => {
  it('defaults to the one engine of DOCKER_HOST', async () => {
    const list = await readEngineList(readEngineConfig({ DOCKER_HOST: 'tcp://a:2375' }));
    expect(list.source).toBe('DOCKER_HOST');
    expect(urls(list)).toEqual(['tcp://a:2375']);
  });

  it('takes RPE_ENGINES, separated by commas or white space, over DOCKER_HOST', async () => {
    const config = readEngineConfig({
      DOCKER_HOST: 'tcp://a:2375',
      RPE_ENGINES: 'unix:///one.sock,tcp://b:2375#jobs=4\n ssh://me@c',
    });
    const list = await readEngineList(config);
    expect(list.source).toBe('RPE_ENGINES');
    expect(urls(list)).toEqual(['unix:///one.sock', 'tcp://b:2375 jobs=4', 'ssh://me@c']);
  });

  it('takes --engine then the engines file over RPE_ENGINES; # comments, but not #settings', async () => {
    const config = readEngineConfig({ RPE_ENGINES: 'tcp://ignored:2375' });
    const pool = file(
      'pool.txt',
      '# the pool\n\ntcp://b:2375#jobs=2   # the big one\n  unix:///two.sock\n#tcp://off:2375\n',
    );
    const list = await readEngineList(config, { engines: ['unix:///one.sock'], enginesFile: pool });
    expect(list.source).toBe('options');
    expect(urls(list)).toEqual(['unix:///one.sock', 'tcp://b:2375 jobs=2', 'unix:///two.sock']);
    expect(list.entries[1]?.origin).toBe(`${pool} line 3: `);
  });

  it('names the file and line of a bad URL, and refuses two URLs on one line', async () => {
    const config = readEngineConfig({});
    const bad = file('bad.txt', 'unix:///ok.sock\ntcp://h#jobs=x\n');
    await expect(readEngineList(config, { enginesFile: bad })).rejects.toThrow(
      `${bad} line 2: tcp://h#jobs=x: jobs must be a number`,
    );
    const two = file('two.txt', 'unix:///a.sock unix:///b.sock\n');
    await expect(readEngineList(config, { enginesFile: two })).rejects.toThrow(
      /two\.txt line 1: one engine URL per line/,
    );
  });

  it('refuses a missing or empty engines file, and an engine listed twice', async () => {
    const config = readEngineConfig({});
    await expect(readEngineList(config, { enginesFile: join(dir, 'none.txt') })).rejects.toThrow(
      /^engines file .*none\.txt: no such file$/,
    );
    const empty = file('empty.txt', '# nothing yet\n');
    await expect(readEngineList(config, { enginesFile: empty })).rejects.toThrow(
      /empty\.txt names no engine/,
    );
    const twice = file('twice.txt', 'tcp://h:2375#jobs=1\n');
    await expect(
      readEngineList(config, { engines: ['tcp://h:2375'], enginesFile: twice }),
    ).rejects.toThrow(/twice\.txt line 1: tcp:\/\/h:2375 is listed twice \(first by --engine\)/);
  });
});
