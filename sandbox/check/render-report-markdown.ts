import { REASONS } from './reasons.js';
import type { Report, Warning } from './report-schema.js';

const WARNINGS_SHOWN = 10;

// The install step: where from, then one line per package with the sha256 an auditor checks.
function installLines(install: Report['install']): string[] {
  if (!install || install.installer === 'none') return [];
  const from =
    install.network === 'none'
      ? 'from the repository only, no network'
      : `over the network \`${install.network}\`${install.index ? ` from ${install.index}` : ''}; the runs had none`;
  return [
    `- install: ${install.installer}, ${from}`,
    ...install.packages.map(
      (p) =>
        `  - ${p.name} ${p.version}: \`${p.file}\`${p.sha256 ? ` sha256 ${p.sha256}` : ''}${p.integrity ? ` ${p.integrity}` : ''}`,
    ),
  ];
}

function mib(bytes: number | null): string {
  return bytes === null ? '–' : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

function cell(text: string | number | null): string {
  return text === null ? '–' : String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

function overlapMatrix(report: Report): string[] {
  const seeds = report.seeds.map((s) => s.seed);
  if (report.overlap.length === 0) return ['No pair of seeds to compare.'];
  const value = (a: number, b: number): string => {
    if (a === b) return '–';
    const pair = report.overlap.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
    return pair ? pair.jaccard.toFixed(3) : 'n/a';
  };
  return [
    `| seed | ${seeds.join(' | ')} |`,
    `| --- |${seeds.map(() => ' ---: |').join('')}`,
    ...seeds.map((a) => `| ${a} | ${seeds.map((b) => value(a, b)).join(' | ')} |`),
  ];
}

// The submission's line: which tree was checked.
function checked(report: Report): string {
  const s = report.submission;
  if (s.selection === 'git')
    return `Submission \`${s.path}\`, commit \`${s.commit}\` (${s.ref}), tree \`${s.tree_hash}\`.`;
  const how = s.selection === 'folder' ? 'its files' : 'in place';
  return `Submission \`${s.path}\` (${how}), tree \`${s.tree_hash}\`.`;
}

// Warnings grouped by code, the first few of each with their seed and line.
function warningLines(warnings: readonly Warning[]): string[] {
  if (warnings.length === 0) return ['None.'];
  const byCode = new Map<string, Warning[]>();
  for (const w of warnings) byCode.set(w.code, [...(byCode.get(w.code) ?? []), w]);
  return [...byCode].flatMap(([code, list]) => [
    `- \`${code}\` (${list.length}):`,
    ...list.slice(0, WARNINGS_SHOWN).map((w) => {
      const where = [
        w.seed === null ? null : `seed ${w.seed}`,
        w.line === null ? null : `line ${w.line}`,
      ]
        .filter(Boolean)
        .join(', ');
      return `  - ${where ? `${where}: ` : ''}${w.message}`;
    }),
    ...(list.length > WARNINGS_SHOWN ? [`  - and ${list.length - WARNINGS_SHOWN} more`] : []),
  ]);
}

/**
 * report.md: the same report for people. The verdict and reasons first, then a table per seed,
 * the overlap matrix, the data hash, the receipt (image, tree hash, limits) and the log tails of
 * every run that did not succeed.
 */
export function renderReportMarkdown(report: Report): string {
  const out: string[] = [];
  out.push(`# Track 2 check: ${report.verdict.toUpperCase()}`, '');
  out.push(checked(report));
  if (report.submission.source) {
    const s = report.submission.source;
    out.push(`Source ${s.url} at \`${s.ref}\` (commit \`${s.commit}\`).`);
  }
  out.push('', '## Reasons', '');
  if (report.reasons.length === 0) out.push('None: every check passed.');
  for (const r of report.reasons) {
    out.push(`- **${r.class}** \`${r.code}\`: ${r.message}`, `  (fix: ${REASONS[r.code].fix})`);
  }
  out.push('', '## Warnings', '');
  out.push(...warningLines(report.warnings));
  out.push('', '## Seeds', '');
  // No entrypoint or a failed install step: nothing ran, which an empty table would hide.
  if (report.seeds.length === 0)
    out.push(`No seed ran (asked for: ${report.requested_seeds.join(', ')}).`);
  else
    out.push(
      '| seed | status | items | format | deterministic | wall time | peak memory | sha256 | set |',
      '| ---: | --- | ---: | --- | --- | ---: | ---: | --- | --- |',
    );
  for (const s of report.seeds) {
    const format = s.format_ok === null ? null : s.format_ok ? 'ok' : `${s.errors.length} errors`;
    const det = s.deterministic === null ? null : s.deterministic ? 'yes' : 'no';
    const wall = s.wall_ms === null ? null : `${(s.wall_ms / 1000).toFixed(2)} s`;
    const sha = s.output_sha256 ? `\`${s.output_sha256.slice(0, 16)}…\`` : null;
    out.push(
      `| ${s.seed} | ${s.status} | ${cell(s.n_items)} | ${cell(format)} | ${cell(det)} | ${cell(wall)} | ${mib(s.peak_memory_bytes)} | ${cell(sha)} | ${s.set ? `[${s.set.file}](${s.set.file})` : '–'} |`,
    );
  }
  for (const s of report.seeds.filter((s) => s.cause)) {
    out.push('', `Seed ${s.seed}: first difference at line ${s.difference?.line}; ${s.cause}.`);
  }
  out.push('', `## Overlap (Jaccard of normalised inputs, at most ${report.overlap_max})`, '');
  out.push(...overlapMatrix(report));
  const d = report.data_hash;
  out.push('', '## Data hash', '');
  out.push(`- declared: ${d.declared ? `\`${d.declared}\`` : 'none'}`);
  out.push(`- actual: ${d.actual ? `\`${d.actual}\`` : 'no data/'}`);
  out.push(`- ${d.ok ? `ok (${d.recipe} recipe${d.source ? `, ${d.source}` : ''})` : 'NOT ok'}`);
  const l = report.limits;
  out.push('', '## Receipt', '');
  out.push(
    `- executor: ${report.executor.kind}${report.executor.isolated ? ' (isolated)' : ' (NOT isolated)'}`,
  );
  out.push(`- image: ${report.image.name}${report.image.id ? ` \`${report.image.id}\`` : ''}`);
  if (report.engine) {
    const e = report.engine;
    out.push(`- engine: \`${e.url}\` (${e.name}, Docker ${e.version})`);
  }
  for (const r of report.requeued)
    out.push(`- requeued: the engine \`${r.engine}\` failed during an earlier check (${r.reason})`);
  out.push(
    report.executor.network_traced
      ? '- network: every run traced (system calls of the generator and every process it started)'
      : '- network: NOT checked (network calls are only detected by `rpe sandbox run`)',
  );
  if (report.generator_toolkit) {
    const t = report.generator_toolkit;
    out.push(`- generator's toolkit: ${t.version}${t.resolved ? ` from \`${t.resolved}\`` : ''}`);
  }
  out.push(
    `- entrypoint: ${report.entrypoint ? `${report.entrypoint.file} (${report.entrypoint.kind})` : 'none'}`,
  );
  if (report.runner) out.push(`- runner: ${report.runner}`);
  out.push(...installLines(report.install));
  out.push(`- seeds: ${report.requested_seeds.join(', ')}`);
  out.push(
    `- limits: ${l.timeout_seconds} s, ${mib(l.memory_bytes)}, ${l.cpus} CPU, ${l.pids} processes, output ${mib(l.output_bytes)}`,
  );
  out.push(
    `- toolkit ${report.toolkit_version}, ${report.created_at}, ${(report.wall_ms / 1000).toFixed(1)} s`,
  );
  if (report.receipt_sha256) {
    out.push(
      `- receipt sha256: \`${report.receipt_sha256}\` (of report.json: publish it; \`rpe sandbox verify --expect-sha256\` pins it)`,
    );
  }
  for (const note of report.notes) out.push(`- note: ${note}`);
  const attempts = report.seeds.flatMap((s) =>
    s.runs.flatMap((r) => (r.network_attempts ?? []).map((a) => ({ seed: s.seed, run: r, a }))),
  );
  if (attempts.length > 0) {
    out.push('', '## Network attempts', '');
    out.push('| seed | run | program | call | address | looked up | result |');
    out.push('| ---: | --- | --- | --- | --- | --- | --- |');
    for (const { seed, run, a } of attempts.slice(0, 20)) {
      const address = a.address === null ? `new ${a.family} socket` : `${a.address}:${a.port}`;
      out.push(
        `| ${seed} | ${run.variation} | ${cell(a.program)} | ${a.call} | ${cell(address)} | ${cell(a.lookup)} | ${cell(a.result)} |`,
      );
    }
    if (attempts.length > 20) out.push('', `… and ${attempts.length - 20} more in report.json.`);
  }
  const failed = report.seeds.flatMap((s) =>
    s.runs.filter((r) => r.status !== 'ok').map((r) => ({ seed: s.seed, r })),
  );
  if (failed.length > 0) out.push('', '## Logs of failed runs');
  for (const { seed, r } of failed) {
    out.push('', `### Seed ${seed}, run ${r.variation}: ${r.status}`, '');
    if (r.message) out.push(r.message, '');
    out.push('stderr (tail):', '', fence(r.stderr_tail || '(empty)'));
  }
  return `${out.join('\n')}\n`;
}
