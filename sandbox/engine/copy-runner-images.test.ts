import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { Engine } from './connect-engine.js';
import { copyRunnerImages } from './copy-runner-images.js';

// An engine's image store as far as the copy uses it: names pointing at image IDs, `docker save`
// and `docker load` of names, and removal with the engine's rules (an ID still named twice is
// refused; an ID named once loses its name and goes).
function fakeEngine(names: Record<string, string>) {
  const tags = new Map(Object.entries(names));
  const images = new Set(tags.values());
  const idOf = (name: string) => tags.get(name) ?? (images.has(name) ? name : undefined);
  const docker = {
    getImage: (name: string) => ({
      inspect: async () => {
        const id = idOf(name);
        if (id === undefined) throw Object.assign(new Error('no such image'), { statusCode: 404 });
        return { Id: id, Config: { Labels: {} }, Size: 1 };
      },
      remove: async () => {
        const id = idOf(name);
        if (id === undefined) throw Object.assign(new Error('no such image'), { statusCode: 404 });
        const named = [...tags].filter(([, target]) => target === id).map(([tag]) => tag);
        if (!tags.has(name) && named.length > 1)
          throw Object.assign(new Error('referenced in multiple repositories'), {
            statusCode: 409,
          });
        for (const tag of tags.has(name) ? [name] : named) tags.delete(tag);
        if (![...tags.values()].includes(id)) images.delete(id);
      },
    }),
    getImages: async ({ names: wanted }: { names: string[] }) =>
      Readable.from([JSON.stringify(wanted.map((name) => [name, tags.get(name)]))]),
    loadImage: async (archive: NodeJS.ReadableStream) => {
      for (const [name, id] of JSON.parse(await text(archive)) as [string, string][]) {
        tags.set(name, id);
        images.add(id);
      }
      return Readable.from([]);
    },
    modem: {
      followProgress: (stream: Readable, done: (error: null, events: unknown[]) => void) => {
        stream.resume();
        stream.on('end', () => done(null, []));
      },
    },
  };
  return { engine: { docker } as unknown as Engine, tags, images };
}

const PYTHON = 'rpe-runner-python:r2-x';
const NODE = 'rpe-runner-node:r2-x';

describe('copyRunnerImages', () => {
  it('sends what differs, checks the IDs, and removes the image a name pointed at before', async () => {
    const from = fakeEngine({ [PYTHON]: 'sha256:p', [NODE]: 'sha256:n' });
    const to = fakeEngine({ [PYTHON]: 'sha256:old-p', [NODE]: 'sha256:n' });
    const copied = await copyRunnerImages(from.engine, to.engine, [
      { ref: PYTHON, id: 'sha256:p' },
      { ref: NODE, id: 'sha256:n' },
    ]);
    expect(copied.map((c) => c.how)).toEqual(['imported', 'current']);
    expect(Object.fromEntries(to.tags)).toEqual({ [PYTHON]: 'sha256:p', [NODE]: 'sha256:n' });
    expect(to.images.has('sha256:old-p')).toBe(false);
  });

  it('never removes an image it has just placed under another name', async () => {
    // The python name pointed at what is the node image: replacing it must not remove that image.
    const from = fakeEngine({ [PYTHON]: 'sha256:p', [NODE]: 'sha256:n' });
    const to = fakeEngine({ [PYTHON]: 'sha256:n', [NODE]: 'sha256:n' });
    await copyRunnerImages(from.engine, to.engine, [
      { ref: PYTHON, id: 'sha256:p' },
      { ref: NODE, id: 'sha256:n' },
    ]);
    expect(Object.fromEntries(to.tags)).toEqual({ [PYTHON]: 'sha256:p', [NODE]: 'sha256:n' });
    expect(to.images.has('sha256:n')).toBe(true);
  });
});
