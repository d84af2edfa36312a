import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLexicon, type BuildLexiconResult } from '../../framework/lexicon/index.js';
import { type Versions, expectedVersions, versionChanges } from './expected-versions.js';
import { fetchMorfologik } from './fetch-morfologik.js';
import { SJP_PACKAGE, fetchSjp } from './fetch-sjp.js';
import { readHunspell } from './read-hunspell.js';
import { type SjpAttestation, sjpAttestation } from './sjp-attestation.js';
import { FREQUENCY_PACKAGE, loadFrequencyLists, rankLookup } from './load-frequency-lists.js';
import { keptRows, selectLemmas } from './select-lemmas.js';

export interface BuildMorphologyOptions {
  out: string;
  /** data/SOURCES.md: the versions the committed snapshot was built from. */
  sourcesMd: string;
  allowVersionChange?: boolean;
  /** Use an already decompiled polish.tsv instead of downloading (versions then come from SOURCES.md). */
  tsv?: string;
  /**
   * With `tsv`: the SJP.pl Hunspell dictionary to use instead of downloading it; without either,
   * a `tsv` build has no second authority and the frequency list decides between variants alone.
   */
  hunspell?: { dic: string; aff: string };
  log?: (line: string) => void;
  /** Lines of the dictionary read so far, in each of the two passes. */
  onLines?: (stage: string, lines: number) => void;
}

export interface BuildMorphologyResult extends BuildLexiconResult {
  lemmas: number;
  versions: Versions;
}

// Builds data/morphology.sqlite from Debian's Morfologik and @zxcvbn-ts/language-pl.
export async function buildMorphology(
  options: BuildMorphologyOptions,
): Promise<BuildMorphologyResult> {
  const log = options.log ?? (() => undefined);
  const expected = expectedVersions(options.sourcesMd);
  const workDir = mkdtempSync(join(tmpdir(), 'rpe-morphology-'));
  try {
    const lists = await loadFrequencyLists();
    let tsv = options.tsv;
    let hunspell = options.hunspell;
    let versions: Versions = { [FREQUENCY_PACKAGE]: lists.version };
    if (tsv === undefined) {
      const fetched = await fetchMorfologik(workDir, log);
      const sjp = await fetchSjp(workDir, log);
      tsv = fetched.tsv;
      hunspell = sjp;
      versions = { ...fetched.versions, ...sjp.versions, ...versions };
    } else {
      for (const [name, version] of Object.entries(expected)) versions[name] ??= version;
    }
    const changes = versionChanges(expected, versions);
    if (changes.length > 0 && !options.allowVersionChange) {
      throw new Error(
        `source versions differ from ${options.sourcesMd} (${changes.join('; ')}); the snapshot would change: ` +
          'rerun with --allow-version-change and update SOURCES.md',
      );
    }
    log('selecting lemmas');
    // Read once: both passes and the search for SJP.pl's candidates go over the same bytes.
    const dictionary = readFileSync(tsv);
    const lemmas = selectLemmas(dictionary, { rankedForms: lists.ranks, names: lists.names }, (n) =>
      options.onLines?.('selecting lemmas', n),
    );
    if (lemmas.size === 0) {
      // Not a snapshot without words: the source is not the dictionary it should be.
      throw new Error(`no lemma of ${tsv} is kept; is it the decompiled Morfologik dictionary?`);
    }
    log(`reading the rows of ${lemmas.size} lemmas`);
    const rows = keptRows(dictionary, lemmas, (n) => options.onLines?.('reading rows', n));
    let sjp: SjpAttestation | undefined;
    if (hunspell !== undefined) {
      log('expanding the SJP.pl dictionary');
      sjp = await sjpAttestation(readHunspell(hunspell.dic, hunspell.aff), rows, dictionary);
      rows.push(...sjp.added);
      log(`SJP.pl has ${sjp.attested.size} of the forms and adds ${sjp.added.length} readings`);
    }
    log(`writing ${options.out}`);
    const second = sjp
      ? `, variants checked against SJP.pl (Debian ${SJP_PACKAGE} ${versions[SJP_PACKAGE] ?? '?'})`
      : '';
    const source = `Morfologik 2.1 PoliMorf (Debian libmorfologik-stemming2-java ${versions['libmorfologik-stemming2-java'] ?? '?'}), ranks and names from ${FREQUENCY_PACKAGE} ${lists.version}${second}`;
    const meta = Object.fromEntries(
      Object.entries(versions).map(([name, version]) => [`version:${name}`, version]),
    );
    const result = buildLexicon({
      rows,
      out: options.out,
      rankOf: rankLookup(lists.ranks),
      sjp: sjp && { attested: sjp.attested, added: new Set(sjp.added.map((r) => r.form)) },
      source,
      meta,
    });
    return { ...result, lemmas: lemmas.size, versions };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
