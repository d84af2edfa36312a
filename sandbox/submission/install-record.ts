import { DEFAULT_INSTALL, type InstallSource } from './install-source.js';
import type { InstallOutcome } from './plan-install.js';

/** The install step as a report records it (the report schema's `install`). */
export interface InstallRecord {
  installer: 'none' | 'pip' | 'npm';
  network: string;
  /** The --install-network the check was given (`network` is what the step used). */
  requested_network: string;
  index: string | null;
  packages: {
    name: string;
    version: string;
    file: string;
    sha256: string | null;
    integrity?: string;
  }[];
}

// The report's record of an install step's outcome; null when no install step was made.
export function installRecord(
  outcome: InstallOutcome | null,
  source: InstallSource = DEFAULT_INSTALL,
): InstallRecord | null {
  if (!outcome) return null;
  return {
    installer: outcome.kind,
    network: outcome.network,
    requested_network: source.network,
    index: outcome.index,
    packages: outcome.packages,
  };
}
