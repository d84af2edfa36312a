import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execa } from 'execa';
import {
  installCommandName,
  installFailureMessage,
  NPM_CI,
  pipInstallArgs,
  planInstall,
} from '../submission/plan-install.js';
import type { Entrypoint } from './executor.js';

/** How the local install step went. */
export interface LocalInstall {
  kind: 'none' | 'pip' | 'npm';
  ok: boolean;
  /** One line for people when the install failed or was refused. */
  message?: string;
  /** Where pip installed the requirements (the runs' PYTHONPATH), or null. */
  pythonPath: string | null;
  /** What the report should say about the step. */
  note: string | null;
}

const TIMEOUT_MS = 600_000;

// npm as the running Node ships it, else whatever `npm` the PATH has.
function npmCommand(): string[] {
  const beside = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin');
  const cli = join(beside, 'npm-cli.js');
  return existsSync(cli) ? [process.execPath, cli] : ['npm'];
}

/**
 * The sandbox's install step, done on this machine before the local runs, with the same plan and
 * the same offline commands: the wheels of requirements.txt from vendor/ with pip (into `work`,
 * outside the tree), or package-lock.json with `npm ci --omit=dev --offline --ignore-scripts`
 * into the tree, which must be a temporary copy. So a dependency that cannot install offline
 * fails here as it does in the sandbox. Where the machine has no pip or npm, the step is skipped
 * and said so: the runs then use what the machine has installed.
 */
export async function installLocally(options: {
  tree: string;
  entrypoint: Entrypoint;
  /** The Python interpreter the runs use. */
  python: () => Promise<string>;
  /** A private folder for the pip target, the npm cache and HOME. */
  work: string;
}): Promise<LocalInstall> {
  const { tree, work } = options;
  const plan = await planInstall(tree, options.entrypoint.kind === 'python' ? 'python' : 'node');
  const none: LocalInstall = { kind: 'none', ok: true, pythonPath: null, note: null };
  if (plan.kind === 'none') return none;
  if (plan.kind === 'refused')
    return { ...none, kind: 'npm', ok: false, message: `install step refused: ${plan.message}` };
  const home = join(work, 'home');
  await mkdir(home, { recursive: true });
  const target = join(work, 'deps');
  const argv =
    plan.kind === 'pip'
      ? [await options.python(), ...pipInstallArgs(tree, target)]
      : [...npmCommand(), ...NPM_CI, '--no-update-notifier'];
  const started = performance.now();
  const result = await execa(argv[0] ?? '', argv.slice(1), {
    cwd: tree,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      npm_config_cache: join(work, 'npm-cache'),
      LANG: 'C.UTF-8',
    },
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    timeout: TIMEOUT_MS,
    maxBuffer: 1024 * 1024,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const output = `${String(result.stderr ?? '')}\n${String(result.stdout ?? '')}`;
  const what = installCommandName(plan.kind);
  const missing =
    result.code === 'ENOENT' || (plan.kind === 'pip' && /No module named pip\b/.test(output));
  if (missing) {
    return {
      ...none,
      kind: plan.kind,
      note: `install step not reproduced: ${plan.kind} is not available on this machine, so the runs used what it has installed (the sandbox runs \`${what}\`)`,
    };
  }
  if (result.exitCode !== 0 || result.timedOut) {
    const how = { timedOut: result.timedOut, exitCode: result.exitCode ?? null };
    return {
      ...none,
      kind: plan.kind,
      ok: false,
      message: installFailureMessage(plan.kind, how, output),
    };
  }
  return {
    kind: plan.kind,
    ok: true,
    pythonPath: plan.kind === 'pip' ? target : null,
    note: `install step as in the sandbox: \`${what}\` in ${seconds} s${plan.kind === 'pip' ? ' (with this machine’s Python)' : ''}`,
  };
}
