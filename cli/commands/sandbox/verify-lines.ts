import type { ExecutorSide, VerifyResult } from '../../../sandbox/index.js';

// Parses --expect-sha256: 64 hex digits, with or without `sha256:`.
export async function parseSha256(text: string): Promise<string> {
  const hex = text.replace(/^sha256:/, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    const { RpeError } = await import('../../../framework/index.js');
    throw new RpeError(
      'bad_sha256',
      `--expect-sha256 must be a sha256 (64 hex digits), got "${text}"`,
    );
  }
  return hex;
}

function executorText(e: ExecutorSide): string {
  const how = [
    e.isolated ? 'isolated' : 'not isolated',
    e.network_traced ? 'network traced' : 'network not traced',
  ].join(', ');
  return `${e.kind} (${how}; ${e.image.name})`;
}

const mark = (same: boolean) => (same ? 'same' : 'DIFFERENT');
const hashText = (sha: string | null) => (sha ? `sha256:${sha}` : 'none');

/**
 * The result of verify for people: the receipt's value beside the re-run's on every line, then
 * the notes, one line per difference, and `same` or `different`.
 */
export function verifyLines(result: VerifyResult): string[] {
  const lines: string[] = [];
  if (result.schema !== 'rpe-report/2')
    lines.push(`receipt\t${result.schema}, read as rpe-report/2`);
  const sha = result.receipt_sha256;
  const pinned = sha.expected ? '\t(the expected one)' : '';
  lines.push(`receipt sha256\t${sha.computed}${pinned}`);
  if (result.commit) {
    lines.push(
      `commit\t${result.commit}${result.from === 'clone' ? '\t(cloned again: the folder is gone)' : ''}`,
    );
  }
  const { receipt, rerun } = result.executor;
  lines.push(`executor\treceipt ${executorText(receipt)}\tre-run ${executorText(rerun)}`);
  const t = result.tree_hash;
  lines.push(`tree hash\t${mark(t.same)}\treceipt ${t.expected}\tre-run ${t.actual}`);
  const v = result.verdict;
  lines.push(`verdict\t${mark(v.same)}\treceipt ${v.expected}\tre-run ${v.actual}`);
  const r = result.reasons;
  const reasons = (list: string[]) => (list.length > 0 ? list.join(', ') : 'none');
  lines.push(
    `reasons\t${mark(r.same)}\treceipt ${reasons(r.expected)}\tre-run ${reasons(r.actual)}`,
  );
  for (const s of result.seeds) {
    const rerunHash = s.actual ? `sha256:${s.actual}` : (s.status ?? 'not run');
    const kept =
      s.kept === null
        ? ''
        : s.kept === 'different' && s.difference
          ? `\tkept set DIFFERENT at line ${s.difference.line}`
          : `\tkept set ${s.kept === 'same' ? 'same' : s.kept.toUpperCase()}`;
    lines.push(
      `seed ${s.seed}\t${mark(s.same)}\treceipt ${hashText(s.expected)}\tre-run ${rerunHash}${kept}`,
    );
  }
  if (result.skipped.length > 0) {
    lines.push(`not re-run\t${result.skipped.join(', ')} (the re-run ran no seed)`);
  }
  for (const note of result.notes) lines.push(`note\t${note}`);
  for (const difference of result.differences) lines.push(`difference\t${difference}`);
  lines.push(result.same ? 'same' : 'different');
  return lines;
}
