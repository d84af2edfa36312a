import { afterEach, describe, expect, it, vi } from 'vitest';
import { withGeneratorGuard } from './generator-guard.js';

afterEach(() => vi.restoreAllMocks());

describe('withGeneratorGuard', () => {
  it('stops endless synchronous work at the deadline', async () => {
    const started = performance.now();
    await expect(
      withGeneratorGuard(0.3, async (guard) =>
        guard.sync('generating', () => {
          for (;;);
        }),
      ),
    ).rejects.toThrow(/did not finish within 0\.3 s \(stopped while generating/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('stops an asynchronous wait at the deadline', async () => {
    const keepAlive = setInterval(() => undefined, 1000);
    try {
      await expect(
        withGeneratorGuard(0.2, (guard) =>
          guard.async('loading its module', () => new Promise(() => undefined)),
        ),
      ).rejects.toThrow(/stopped while loading its module/);
    } finally {
      clearInterval(keepAlive);
    }
  });

  it('sends stdout to stderr, refuses process.exit, and restores both afterwards', async () => {
    const stdoutWrite = process.stdout.write;
    const exit = process.exit;
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await expect(
      withGeneratorGuard(5, async (guard) =>
        guard.sync('generating', () => {
          process.stdout.write('chatter\n');
          try {
            process.exit(0);
          } catch {
            // A generator that swallows the error still fails.
          }
          return 1;
        }),
      ),
    ).rejects.toThrow('the generator called process.exit(0)');
    expect(err).toHaveBeenCalledWith('chatter\n');
    expect(process.stdout.write).toBe(stdoutWrite);
    expect(process.exit).toBe(exit);
  });

  it('returns the work of a generator that behaves', async () => {
    await expect(
      withGeneratorGuard(5, async (guard) => {
        const loaded = await guard.async('loading', async () => 20);
        return guard.sync('generating', () => loaded + 22);
      }),
    ).resolves.toBe(42);
  });
});
