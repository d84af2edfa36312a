import { createHash } from 'node:crypto';
import { constants } from 'node:os';
import { tailText, type ExecResult, type SandboxCollection } from '../engine/index.js';
import { classifyRun } from './classify-run.js';
import { OUTPUT_MESSAGES, type CollectedOutput } from './collect-output.js';
import type { Limits, RunResult } from './executor.js';
import { parseNetworkTrace, type NetworkAttempt } from './parse-network-trace.js';

/** Room in the output folder beyond the cap, so an oversized file shows as such instead of ENOSPC alone. */
export const OUTPUT_SLACK = 1024 * 1024;
// What the output folder held, in the terms the shared classification uses.
function toCollected(
  found: SandboxCollection,
  exitCode: number | null,
  cap: number,
): CollectedOutput {
  const { output } = found;
  const full = found.outputFreeBytes !== null && found.outputFreeBytes < OUTPUT_SLACK / 2;
  if (output.kind === 'too_large' || (exitCode !== 0 && full))
    return { status: 'output_limit', message: OUTPUT_MESSAGES.tooLarge(cap) };
  if (output.kind === 'symlink')
    return { status: 'unsafe_output', message: OUTPUT_MESSAGES.symlink };
  if (output.kind === 'not_regular')
    return { status: 'unsafe_output', message: OUTPUT_MESSAGES.notRegular };
  if (output.kind === 'missing') return { status: 'no_output', message: OUTPUT_MESSAGES.missing };
  const outputSha256 = createHash('sha256').update(output.bytes).digest('hex');
  return { status: 'ok', bytes: output.bytes.length, output: output.bytes, outputSha256 };
}

// A shell's 128+n exit status (what Docker reports for a killed process) as the signal's name.
function signalOf(exitCode: number | null): string | null {
  if (exitCode === null || exitCode <= 128) return null;
  const entry = Object.entries(constants.signals).find(([, n]) => n === exitCode - 128);
  return entry?.[0] ?? null;
}

// Status and message of a finished run in a sandbox: the shared order (timeout, memory, output,
// exit code), then the network trace, which must be whole for the run to count.
export function dockerRunOutcome(
  exec: ExecResult,
  found: SandboxCollection | Error,
  oomKilled: boolean,
  limits: Limits,
): Pick<RunResult, 'status' | 'message' | 'output' | 'outputSha256'> {
  const stderrTail = tailText(exec.stderr);
  const collected: CollectedOutput =
    found instanceof Error
      ? { status: 'no_output', message: `the output could not be read: ${found.message}` }
      : toCollected(found, exec.exitCode, limits.outputBytes);
  const { status, message } = classifyRun({
    timedOut: exec.timedOut,
    oomKilled,
    exitCode: exec.exitCode,
    signal: signalOf(exec.exitCode),
    timeoutSeconds: limits.timeoutSeconds,
    memoryLimited: true,
    stderrTail,
    collected,
  });
  // A clean exit whose output could not even be inspected is the runner's failure to explain.
  if (status === 'no_output' && found instanceof Error)
    return { status: 'runtime_error', message: collected.message };
  // strace ends only once every traced process has; a cut trace means it was stopped early.
  const trace =
    found instanceof Error || found.trace === null ? null : parseNetworkTrace(found.trace);
  const cut = exec.timedOut || trace?.complete ? null : trace ? 'cut short' : 'missing';
  const monitor = cut && `the network monitor's trace is ${cut}: the run cannot be vouched for`;
  if (status !== 'ok') return { status, message: monitor ? `${message}; ${monitor}` : message };
  if (monitor) return { status: 'runtime_error', message: monitor };
  return { status, output: collected.output, outputSha256: collected.outputSha256 };
}

// The network attempts in a collected trace, or null when there is no trace to read.
export function networkAttemptsOf(found: SandboxCollection | Error): NetworkAttempt[] | null {
  if (found instanceof Error || found.trace === null) return null;
  return parseNetworkTrace(found.trace).attempts;
}
