import { z } from 'zod';
import { RpeError } from '../../framework/errors.js';

/**
 * Where the install step may fetch what a tree pins but does not hold. The task allows
 * dependencies "installable from the checked-out repository before the network is cut": the
 * install step may use a network, the runs never do.
 */
export interface InstallSource {
  /**
   * The engine network the install container joins when the tree pins packages it does not
   * hold (`bridge`, `host`, or a network made with `docker network create`); `none` installs from
   * the tree only (vendor/, file: tarballs). A local check reads `none` as offline and anything
   * else as this machine's network.
   */
  network: string;
  /** pip's --index-url; null for pip's own default (PyPI). */
  indexUrl: string | null;
  /** npm's --registry; null for npm's own default. */
  npmRegistry: string | null;
}

/** The engine's default network, as `docker run` without --network uses it. */
export const DEFAULT_INSTALL_NETWORK = 'bridge';

/** The offline mode: only what the tree holds is installed. */
export const OFFLINE_INSTALL: InstallSource = {
  network: 'none',
  indexUrl: null,
  npmRegistry: null,
};

/** The default: the engine's default network, pip's and npm's own default indexes. */
export const DEFAULT_INSTALL: InstallSource = {
  network: DEFAULT_INSTALL_NETWORK,
  indexUrl: null,
  npmRegistry: null,
};

// Docker's own rule for network names.
const NETWORK_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
const httpUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//i.test(url), 'must be an http:// or https:// URL');

export interface InstallFlags {
  installNetwork?: string;
  indexUrl?: string;
  npmRegistry?: string;
}

// One line naming the option or variable and why its value is refused.
function checkedUrl(value: string | undefined, what: string): string | null {
  if (value === undefined || value.trim() === '') return null;
  const parsed = httpUrl.safeParse(value.trim());
  if (!parsed.success)
    throw new RpeError(
      'bad_index_url',
      `${what} must be an http:// or https:// URL, got "${value}"`,
    );
  return parsed.data;
}

/**
 * The install source the options ask for: --install-network (default `bridge`), --index-url
 * (else PIP_INDEX_URL) and --npm-registry (else npm_config_registry), each checked.
 */
export function resolveInstallSource(
  flags: InstallFlags,
  env: NodeJS.ProcessEnv = process.env,
): InstallSource {
  const network = flags.installNetwork ?? DEFAULT_INSTALL_NETWORK;
  if (!NETWORK_NAME.test(network))
    throw new RpeError(
      'bad_install_network',
      `--install-network must name a Docker network (bridge, host, none, or one made with docker network create), got "${network}"`,
    );
  const indexUrl =
    flags.indexUrl !== undefined
      ? checkedUrl(flags.indexUrl, '--index-url')
      : checkedUrl(env.PIP_INDEX_URL, 'PIP_INDEX_URL');
  const npmRegistry =
    flags.npmRegistry !== undefined
      ? checkedUrl(flags.npmRegistry, '--npm-registry')
      : checkedUrl(env.npm_config_registry ?? env.NPM_CONFIG_REGISTRY, 'npm_config_registry');
  return { network, indexUrl, npmRegistry };
}
