import type { Engine } from './connect-engine.js';
import type { DiagnosisCheck } from './diagnose-environment.js';
import { describeSweep, sweepLeftovers } from './sweep-leftovers.js';

/**
 * Doctor's line on leftovers: the labelled containers and volumes of checks no longer running
 * (a process killed, an engine that died under a batch), named first, then removed.
 */
export async function leftoversCheck(engine: Engine): Promise<DiagnosisCheck> {
  const found = await sweepLeftovers(engine, { dryRun: true });
  const named = describeSweep(found, true);
  if (!named) return { name: 'leftovers', status: 'ok', detail: 'none' };
  const swept = await sweepLeftovers(engine);
  const left =
    found.removedContainers.length -
    swept.removedContainers.length +
    found.removedVolumes.length -
    swept.removedVolumes.length;
  return {
    name: 'leftovers',
    status: 'warning',
    detail: `${named}: ${left > 0 ? `removed all but ${left}` : 'removed'}`,
  };
}

/** The engine network the install step uses by default. */
const DEFAULT_NETWORK = 'bridge';

/**
 * Doctor's line on the install step's network: `bridge` is the default for a tree that pins
 * packages it does not hold; an engine started with --bridge=none has none.
 */
export async function installNetworkCheck(engine: Engine): Promise<DiagnosisCheck> {
  const networks = (await engine.docker.listNetworks()).map((n) => n.Name).sort();
  if (networks.includes(DEFAULT_NETWORK))
    return {
      name: 'install network',
      status: 'ok',
      detail: `${DEFAULT_NETWORK} (the install step fetches pinned packages the tree does not hold; the runs have no network)`,
    };
  return {
    name: 'install network',
    status: 'warning',
    detail: `no network "${DEFAULT_NETWORK}" (the engine runs with --bridge=none?); networks: ${networks.join(', ')}`,
    fix: 'a tree whose pinned packages are not all in vendor/ needs --install-network host (or a network made with `docker network create`); --install-network none installs from vendor/ only',
  };
}
