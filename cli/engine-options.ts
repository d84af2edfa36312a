import type { Command } from 'commander';

/** The pool options of `rpe sandbox doctor`, `images build` and `batch`. */
export interface EngineFlags {
  engine?: string[];
  enginesFile?: string;
}

// Adds --engine (repeatable) and --engines-file: the Docker engines a command uses.
export function addEngineOptions(command: Command): Command {
  return command
    .option(
      '--engine <url>',
      'a Docker engine: unix:///path.sock, tcp://host:port, ssh://user@host, with #jobs=N or #certs=DIR after it; repeat for a pool (default: RPE_ENGINES, else DOCKER_HOST)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--engines-file <file>', 'engine URLs, one per line (# starts a comment)');
}

// Whether the command was given a pool (options or RPE_ENGINES), rather than DOCKER_HOST's one engine.
export function namesPool(flags: EngineFlags, config: { enginesVariable: string | null }): boolean {
  return (
    (flags.engine?.length ?? 0) > 0 ||
    flags.enginesFile !== undefined ||
    config.enginesVariable !== null
  );
}

// The library's view of the flags.
export function engineListOptions(flags: EngineFlags): {
  engines?: string[];
  enginesFile?: string;
} {
  return {
    ...(flags.engine ? { engines: flags.engine } : {}),
    ...(flags.enginesFile !== undefined ? { enginesFile: flags.enginesFile } : {}),
  };
}
