import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { RUNNER_IMAGES } from '../../sandbox/index.js';
import { startPythonEvaluator } from '../../panel/evaluate/index.js';
import { engine, ensureImages } from '../sandbox-docker/docker-engine.js';
import { temporaryFolder } from '../temporary-folder.js';
import { panelFixture, rpe } from './run-rpe.js';

const dir = temporaryFolder('rpe-evaluate-docker-');

// Without an engine (and CI unset) docker-engine.ts has already said loudly why this is skipped.
describe.skipIf(!engine)('evaluator.py in the network-less runner image', () => {
  beforeAll(async () => {
    await ensureImages();
  });

  it('marks through the container, which has no network and runs as nobody', async () => {
    const probe = join(dir, 'probe');
    mkdirSync(probe);
    writeFileSync(
      join(probe, 'evaluator.py'),
      [
        'import os, socket',
        'def accept(prediction, gold):',
        '    if prediction == "uid":',
        '        return os.getuid() == 65534',
        '    if prediction == "net":',
        '        try:',
        '            socket.create_connection(("1.1.1.1", 53), timeout=2)',
        '            return True',
        '        except OSError:',
        '            return False',
        '    if prediction == "write":',
        '        try:',
        '            open("/evaluator/x", "w")',
        '            return True',
        '        except OSError:',
        '            return False',
        '    return prediction == gold',
        '',
      ].join('\n'),
    );
    const evaluator = await startPythonEvaluator({
      path: join(probe, 'evaluator.py'),
      sandbox: 'docker',
      image: RUNNER_IMAGES.python,
    });
    try {
      expect(await evaluator.accept('kota', 'kota')).toEqual({ status: 'accepted' });
      expect(await evaluator.accept('uid', 'x')).toEqual({ status: 'accepted' });
      expect(await evaluator.accept('net', 'x')).toEqual({ status: 'rejected' });
      expect(await evaluator.accept('write', 'x')).toEqual({ status: 'rejected' });
    } finally {
      await evaluator.close();
    }
  });

  it('kills the container of a call that overruns the limit and leaves none behind', async () => {
    const evaluator = await startPythonEvaluator({
      path: panelFixture('evaluators', 'casefold-with-traps', 'evaluator.py'),
      sandbox: 'docker',
      image: RUNNER_IMAGES.python,
      // Generous for a call that answers at once, even on a loaded machine: 'wolno' sleeps 60 s.
      callTimeoutMs: 10_000,
    });
    try {
      expect(await evaluator.accept('wolno', 'kota')).toMatchObject({ status: 'timeout' });
      expect(await evaluator.accept('KOTA', 'kota')).toEqual({ status: 'accepted' });
      expect(evaluator.starts).toBe(2);
    } finally {
      await evaluator.close();
    }
    const left = await execa('docker', [
      'ps',
      '-aq',
      '--filter',
      'label=org.reverse-poleval.role=evaluator',
      '--filter',
      `label=org.reverse-poleval.pid=${process.pid}`,
    ]);
    expect(left.stdout.trim()).toBe('');
  });

  it('says how to build a missing runner image instead of pulling one', async () => {
    await expect(
      startPythonEvaluator({
        path: panelFixture('evaluators', 'casefold-with-traps', 'evaluator.py'),
        sandbox: 'docker',
        image: 'rpe-runner-python:never-built',
      }),
    ).rejects.toThrow(
      'the runner image rpe-runner-python:never-built is not built: run `rpe sandbox images build`',
    );
  });

  it('rpe evaluate --sandbox docker writes the same matrix as the local run', async () => {
    writeFileSync(
      join(dir, 'items.jsonl'),
      '{"input": "P1", "gold": "Kota"}\n{"input": "P2", "gold": "psa"}\n',
    );
    mkdirSync(join(dir, 'responses'), { recursive: true });
    writeFileSync(
      join(dir, 'responses', 'm.jsonl'),
      '{"input": "P1", "response": "kota"}\n{"input": "P2", "response": "kot"}\n',
    );
    const evaluator = panelFixture('evaluators', 'casefold-with-traps', 'evaluator.py');
    const base = [
      'evaluate',
      '--items',
      'items.jsonl',
      '--responses-dir',
      'responses',
      '--evaluator',
      evaluator,
    ];
    const local = await rpe([...base, '--output', 'local.json'], { cwd: dir });
    const docker = await rpe([...base, '--output', 'docker.json', '--sandbox', 'docker'], {
      cwd: dir,
    });
    expect([local.code, docker.code]).toEqual([0, 0]);
    expect(readFileSync(join(dir, 'docker.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'local.json'), 'utf8'),
    );
    expect(JSON.parse(readFileSync(join(dir, 'docker.json'), 'utf8')).correct).toEqual([[1], [0]]);
  });
});
