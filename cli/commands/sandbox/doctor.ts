import type { Command } from 'commander';
import type { DiagnosisCheck, PoolDiagnosis } from '../../../sandbox/index.js';
import {
  addEngineOptions,
  engineListOptions,
  namesPool,
  type EngineFlags,
} from '../../engine-options.js';
import { printJson, printLine } from '../../output.js';

function printChecks(checks: DiagnosisCheck[], width: number): void {
  for (const check of checks) {
    printLine(`${check.status.padEnd(8)} ${check.name.padEnd(width)}  ${check.detail}`);
    if (check.fix) printLine(`${''.padEnd(8)} ${''.padEnd(width)}  fix: ${check.fix}`);
  }
}

// One block per engine, then the client side, then the verdict with the pool's capacity.
function printPool(diagnosis: PoolDiagnosis): void {
  const all = [...diagnosis.checks, ...diagnosis.engines.flatMap((e) => e.checks)];
  const width = Math.max(...all.map((c) => c.name.length));
  const [client, ...local] = diagnosis.checks;
  if (client) printChecks([client], width);
  for (const engine of diagnosis.engines) {
    const state = engine.status === 'duplicate' ? 'duplicate' : engine.ok ? 'ready' : 'not ready';
    printLine(`\nengine ${engine.url}: ${state}`);
    printChecks(engine.checks, width);
  }
  printLine();
  printChecks(local, width);
  if (diagnosis.install.length > 0)
    printLine(`\ninstall: apt-get install ${diagnosis.install.join(' ')}`);
  const counted = diagnosis.engines.filter((e) => e.status !== 'duplicate');
  const ready = counted.filter((e) => e.ok).length;
  printLine(
    `\n${ready} of ${counted.length} engine${counted.length === 1 ? '' : 's'} ready, ${diagnosis.capacity} jobs at once; ` +
      (diagnosis.ok ? 'the Docker sandbox is ready' : 'the Docker sandbox is not ready'),
  );
}

// `rpe sandbox doctor`: what the Docker sandbox needs, what is missing, and how to fix it.
export function register(sandbox: Command): void {
  addEngineOptions(
    sandbox
      .command('doctor')
      .description(
        'check the Docker engine(s), the runner images, a test container and debootstrap; say how to fix what is missing',
      ),
  )
    .option('--json', 'print one JSON document')
    .action(async (options: EngineFlags & { json?: boolean }) => {
      const { readEngineConfig, diagnoseEnvironment, diagnosePool } =
        await import('../../../sandbox/engine/index.js');
      const config = readEngineConfig();
      if (namesPool(options, config)) {
        const diagnosis = await diagnosePool(config, engineListOptions(options));
        process.exitCode = diagnosis.ok ? 0 : 1;
        if (options.json) printJson(diagnosis);
        else printPool(diagnosis);
        return;
      }
      const diagnosis = await diagnoseEnvironment(config);
      process.exitCode = diagnosis.ok ? 0 : 1;
      if (options.json) {
        printJson(diagnosis);
        return;
      }
      printChecks(diagnosis.checks, Math.max(...diagnosis.checks.map((c) => c.name.length)));
      if (diagnosis.install.length > 0)
        printLine(`\ninstall: apt-get install ${diagnosis.install.join(' ')}`);
      printLine(
        diagnosis.ok ? '\nthe Docker sandbox is ready' : '\nthe Docker sandbox is not ready',
      );
    });
}
