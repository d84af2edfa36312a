// A TypeScript repository answers the task's command, `python generate.py --seed N --out FILE`:
// the scaffold's generate.py runs the committed bundle with Node and the toolkit its lock
// installs. Under rpe check and in the image with both Python and Node it runs; in the
// Python-only image every seed fails with one line saying Node is needed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportSchema, type Report } from '../../sandbox/index.js';
import { engine, ensureImages, IMAGE_BUILD_TIMEOUT_MS } from '../sandbox-docker/docker-engine.js';
import { temporaryFolder } from '../temporary-folder.js';
import { ROOT, rpe } from './run-rpe.js';
import { checkOfScaffold, copyOfScaffold, type CliOutcome } from './shared-scaffold.js';

const work = temporaryFolder('rpe-ts-generate-py-');
const hasData = existsSync(join(ROOT, 'data', 'morphology.sqlite'));
const dir = join(work, 'ts');

function reportOf(r: CliOutcome): Report {
  expect(r.stdout, r.stderr).not.toBe('');
  return reportSchema.parse(JSON.parse(r.stdout)) as Report;
}

async function checkWith(command: string[], extra: string[] = []): Promise<Report> {
  return reportOf(await rpe([...command, dir, '--seeds', '0,1', '--json', ...extra]));
}

describe.skipIf(!hasData)(
  'the TypeScript scaffold answers python generate.py',
  { timeout: 900_000 },
  () => {
    let local: Report;

    beforeAll(() => copyOfScaffold('ts', dir), 300_000);

    it('ships generate.py and the bundle, and says what is missing in a fresh clone', async () => {
      expect(existsSync(join(dir, 'generate.py'))).toBe(true);
      expect(readFileSync(join(dir, 'generate.bundle.mjs'), 'utf8')).toMatch(
        /from "reverse-poleval"/,
      );
      const bare = await execa('python3', ['generate.py', '--seed', '1', '--out', 'x.jsonl'], {
        cwd: dir,
        reject: false,
      });
      expect(bare.exitCode).toBe(1);
      expect(bare.stderr).toBe(
        'generate.py: node_modules/reverse-poleval is missing: install package-lock.json first with `npm ci --omit=dev --offline --ignore-scripts`',
      );
    });

    it('rpe check installs the lock, runs generate.py with Node and names the runner it assumed', async () => {
      // `rpe check --seeds 0,1 --json` of an untouched copy of the run's scaffold, run once per
      // test run (shared-scaffold.ts): the same commit as dir's, and the same tarball hashed below.
      local = reportOf(await checkOfScaffold('ts'));
      expect(local.entrypoint).toEqual({ file: 'generate.py', kind: 'python' });
      expect(local.runner).toBe('python+node');
      expect(local.reasons.map((r) => r.code)).toEqual(['placeholder_left']);
      expect(local.warnings.map((w) => w.code)).not.toContain('entrypoint_not_python');
      expect(local.seeds.map((s) => [s.status, s.n_items])).toEqual([
        ['ok', 100],
        ['ok', 100],
      ]);
      const version = local.toolkit_version;
      const tarball = `vendor/reverse-poleval-${version}.tgz`;
      const sha256 = createHash('sha256')
        .update(readFileSync(join(dir, tarball)))
        .digest('hex');
      expect(local.install?.installer).toBe('npm');
      expect(local.install?.packages).toContainEqual(
        expect.objectContaining({ name: 'reverse-poleval', version, file: tarball, sha256 }),
      );
      expect(local.generator_toolkit).toEqual({ version, resolved: `file:${tarball}` });
      const rpeCheck = await rpe(['check', dir, '--seeds', '0']);
      expect(rpeCheck.stdout).toMatch(/^runner\tpython\+node: `python generate\.py` starts Node/m);
    });

    describe.skipIf(!engine)('in the sandbox', () => {
      beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

      it('runs in the image with Python and Node, the same bytes as rpe check', async () => {
        const docker = await checkWith(['sandbox', 'run']);
        expect(docker.runner).toBe('python+node');
        expect(docker.image.name).toMatch(/^rpe-runner-node:/);
        expect(docker.reasons.map((r) => r.code)).toEqual(['placeholder_left']);
        expect(docker.seeds.map((s) => s.output_sha256)).toEqual(
          local.seeds.map((s) => s.output_sha256),
        );
      });

      it('fails every seed in the Python-only image with one clear reason: Node is needed', async () => {
        const python = await checkWith(['sandbox', 'run'], ['--runner', 'python']);
        expect(python.image.name).toMatch(/^rpe-runner-python:/);
        expect(python.runner).toBe('python');
        expect(python.verdict).toBe('disqualified');
        const failed = python.reasons.filter((r) => r.class === 'disqualified');
        expect(failed.map((r) => r.code)).toEqual(['runtime_error', 'runtime_error']);
        for (const reason of failed)
          expect(reason.message).toMatch(
            /generate\.py: this generator is written in TypeScript and needs Node\.js \(20 or later\) to run, and there is no `node` on PATH/,
          );
      });
    });
  },
);
