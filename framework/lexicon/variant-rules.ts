// The curated part of the variant rules: a few inflection patterns where Morfologik lists a
// substandard, rare or dated variant beside the norm of a paradigm cell, with the norm taken from
// the normative dictionaries (Wielki słownik ortograficzny PWN, Nowy słownik poprawnej polszczyzny).
// Everything else comes from the data (see classify-variants.ts). Changing a rule changes the
// snapshot: bump VARIANT_RULES_VERSION, rebuild, and update the data hash.

/** Stored in the snapshot's meta table as `variant_rules`. */
export const VARIANT_RULES_VERSION = '3';

/** Why a reading is never a gold nor an alias; code = position + 2 (0 and 1 mean gold and alias). */
export const VARIANT_NOTES = [
  'emphatic imperative with -że/-ż; the plain imperative is the form of this cell',
  'genitive plural in -ów after a soft or hardened consonant, where -y/-i is the norm (lekarzy, talerzy, hoteli)',
  'genitive plural in -y after c/dz, where -ów is the norm (koców, pajaców)',
  'genitive plural in -y/-i of a noun whose norm is -ów (bólów)',
  'bare or -en genitive plural of a feminine noun in -nia/-cia/-sia/-zia/-dzia, where -i is the norm (kuchni, babci)',
  'adjectival plural ending in a noun cell that has the nominal one (karom, karami; not karym, karymi)',
  "a colloquial or archaic form, or another word's, in this cell (CURATED_FORMS of framework/lexicon/variant-rules.ts)",
  'not in the frequency list, while another form of this cell is',
  'a form of the other number too: its frequency says nothing about this cell, which has a form of its own',
  'imperative in -ń after ł, ś, ź or ż, where -nij is the norm (wypełnij, drażnij)',
  'literary vocative in -cze of a noun in -ec, where -cu is the norm (mieszkańcu, naukowcu)',
  'not in the SJP.pl dictionary, while another form of this cell is',
] as const;

export type VariantNote =
  | 'emphatic'
  | 'softOw'
  | 'hardY'
  | 'owNorm'
  | 'softZero'
  | 'adjectival'
  | 'curated'
  | 'unattested'
  | 'otherNumber'
  | 'softImperative'
  | 'literaryVocative'
  | 'notInSjp';

const NOTE_ORDER: readonly VariantNote[] = [
  'emphatic',
  'softOw',
  'hardY',
  'owNorm',
  'softZero',
  'adjectival',
  'curated',
  'unattested',
  'otherNumber',
  'softImperative',
  'literaryVocative',
  'notInSjp',
];

/** The variant code a note is stored under. */
export const noteCode = (note: VariantNote): number => NOTE_ORDER.indexOf(note) + 2;

/**
 * Single variants of frequent words that the patterns above do not reach: [lemma, form, the
 * query values of the cells where it is not standard]. Such a form is never a gold, even when it
 * is the only form of its cell, so that a query matching several cells gets the standard one.
 */
export const CURATED_FORMS: readonly (readonly [string, string, string])[] = [
  ['co', 'co', 'gen'], // colloquial "co" for "czego"
  ['coś', 'coś', 'gen'],
  ['cokolwiek', 'cokolwiek', 'gen'],
  ['ty', 'te', 'voc'], // not a vocative of "ty"
  ['który', 'któren', 'acc'], // archaic
  ['niektóry', 'niektóren', 'acc'],
  ['sędzia', 'sędzim', 'loc'], // archaic; "o sędzi"
  ['procent', 'procenta', 'gen'], // colloquial; "procentu"
  // The feminine-pattern forms of hrabia are archaic: hrabiego, hrabiemu, hrabią, o hrabi.
  ['hrabia', 'hrabi', 'gen'],
  ['hrabia', 'hrabi', 'dat'],
  ['hrabia', 'hrabię', 'acc'],
  ['hrabia', 'hrabim', 'inst'],
  ['hrabia', 'hrabim', 'loc'],
  ['czoło', 'czele', 'loc'], // only in "na czele"; the forehead is "na czole"
  ['rok', 'laty', 'inst'], // archaic, "przed laty"; "latami"
  ['ręka', 'ręku', 'pl:loc'], // an old dual; the plural is "w rękach"
  ['lud', 'ludzie', 'voc'], // the plural of człowiek; "ludu!"
  ['kara', 'karą', 'acc'], // the adjective "kara" (a black mare); "karę"
  ['akt', 'akta', 'pl'], // the noun "akta" (files); acts are "akty"
  ['pakt', 'pakta', 'pl'], // archaic; "pakty"
  ['grunt', 'grunta', 'pl'], // archaic; "grunty"
  // "pewien" (a certain) and "pewny" (sure, reliable) are two words; Morfologik mixes them.
  ['pewny', 'pewien', 'adj'],
  ['pewien', 'pewny', 'adj'],
  // The genitive of the hundreds is dwustu, trzystu, czterystu; the -set forms built on the
  // genitive of the unit are a common error, dwomaset an archaic instrumental (dwustoma).
  ['dwieście', 'dwuset', 'num'],
  ['dwieście', 'dwóchset', 'num'],
  ['dwieście', 'dwomaset', 'num'],
  ['trzysta', 'trzechset', 'num'],
  ['czterysta', 'czterechset', 'num'],
  ['kilkadziesiąt', 'kilkudziesiąt', 'num'], // kilkudziesięciu
  // Colloquial, archaic or erroneous forms that SJP.pl lists (WSO PWN gives the other form).
  ['uczeń', 'uczni', 'pl'], // uczniów
  ['frytki', 'frytków', 'gen'], // frytek
  ['ktoś', 'ktosiowi', 'dat'], // komuś
  ['proszek', 'proszka', 'gen'], // proszku
  ['sędzia', 'sędzię', 'acc'], // sędziego
  ['ulec', 'ulegnąć', 'inf'], // ulec
  ['biec', 'biegnąć', 'inf'], // biec
  ['oko', 'ócz', 'gen'], // oczu
  ['tyle', 'tylą', 'inst'], // tyloma
  ['gorzeć', 'gorzeje', 'fin'], // gore
  ['Czech', 'Czechowie', 'pl'], // archaic; Czesi
  ['człowiek', 'człowiecze', 'voc'], // elevated; człowieku
  ['ktoś', 'ktosia', 'gen'], // colloquial noun; kogoś
  ['ktoś', 'ktosia', 'acc'],
  ['ktoś', 'ktosiem', 'inst'],
  ['ktoś', 'ktosiu', 'loc'],
  ['raz', 'razów', 'pl:gen'], // "blows"; kilka razy
  ['spojrzeć', 'spojrzyj', 'impt'], // spójrz
  ['spojrzeć', 'spojrzyjmy', 'impt'],
  ['spojrzeć', 'spojrzyjcie', 'impt'],
  ['bóg', 'bogowi', 'dat'], // of pagan gods only; Bogu
  ['rodzaj', 'rodzai', 'pl:gen'], // rodzajów
  ['przypadek', 'przypadka', 'gen'], // przypadku
  ['bar', 'bara', 'gen'], // the unit of pressure; baru
  ['bohater', 'bohaterzy', 'pl'], // bohaterowie
  ['prysznic', 'prysznicu', 'gen'], // prysznica
  ['sędzia', 'sędzi', 'gen'], // sędziego
  ['sędzia', 'sędzi', 'dat'], // sędziemu
  ['sędzia', 'sędzim', 'inst'], // sędzią
  ['tyle', 'tyla', 'num'], // tylu
  ['cud', 'cudy', 'pl'], // cuda
  ['ucho', 'uszów', 'gen'], // uszu
  ['oficer', 'oficerzy', 'pl'], // oficerowie
  ['bal', 'bala', 'gen'], // of a log; balu
  ['pas', 'pasu', 'gen'], // pasa
  ['śmiać', 'śmieli', 'praet'], // śmiali
  ['kara', 'karej', 'sg'], // the adjective kary; karze
  ['kara', 'karych', 'pl'], // kar
  ['zapobiec', 'zapobiegnąć', 'inf'], // zapobiec
  ['więzień', 'więźnie', 'pl'], // więźniowie
  ['koszt', 'koszta', 'pl'], // colloquial; koszty
  ['sport', 'sporta', 'gen'], // sportu
  ['dwór', 'dwora', 'gen'], // archaic; dworu
  // The perfective -umieć verbs: zrozum, zrozummy, zrozumcie (but rozumieć: rozumiej).
  ['zrozumieć', 'zrozumiej', 'impt'],
  ['zrozumieć', 'zrozumiejmy', 'impt'],
  ['zrozumieć', 'zrozumiejcie', 'impt'],
  ['porozumieć', 'porozumiej', 'impt'],
  ['porozumieć', 'porozumiejmy', 'impt'],
  ['porozumieć', 'porozumiejcie', 'impt'],
];

/** Masculine nouns whose genitive plural norm is -ów although the stem ends in a soft consonant. */
const OW_NORM = new Set(['ból', 'bal']);

// Stems after which a masculine genitive plural takes -y/-i: rz, ż, sz, dż, l, the agentive
// -acz/-icz, and soft consonants spelled with i (ogni-, koni-). Not j (krajów), c/dz (koców),
// other cz (meczów a. meczy, kluczy a. kluczów) or szcz (deszczów a. deszczy), where both occur.
const SOFT_STEM = /(rz|ż|(?<!c)sz|dż|l|[ai]cz|i)$/;

/** The context of one paradigm cell that the curated rules look at. */
export interface CellContext {
  lemma: string;
  gender: string | null;
  /** The cell's tag: part of speech, verb form class, number. */
  pos: string;
  flex: string | null;
  plural: boolean;
  /** Every form of the cell. */
  forms: ReadonlySet<string>;
  /** The values of the cell's tag. */
  values: readonly string[];
}

// The curated note of one form of a cell, or null when no pattern applies.
export function curatedNote(form: string, cell: CellContext): VariantNote | null {
  const { forms } = cell;
  for (const [lemma, variant, values] of CURATED_FORMS) {
    if (
      lemma === cell.lemma &&
      variant === form &&
      values.split(':').every((v) => cell.values.includes(v))
    )
      return 'curated';
  }
  if (cell.pos === 'verb' && cell.flex === 'impt') {
    if (
      (form.endsWith('że') && forms.has(form.slice(0, -2))) ||
      (form.endsWith('ż') && forms.has(form.slice(0, -1)))
    )
      return 'emphatic';
    // wypełń beside wypełnij, drażń beside drażnij (not zmień, broń: a vowel before -ń).
    const soft = /^(.*[łśźż])ń(cie|my)?$/.exec(form);
    if (soft && forms.has(`${soft[1] ?? ''}nij${soft[2] ?? ''}`)) return 'softImperative';
    return null;
  }
  // The short form of an adjective in -ny (mocen, niewinien) is predicative and dated; WSO PWN
  // gives the long form for the other uses.
  if (
    cell.pos === 'adj' &&
    cell.lemma.endsWith('ny') &&
    form === `${cell.lemma.slice(0, -2)}en` &&
    forms.has(cell.lemma)
  )
    return 'curated';
  if (
    cell.pos === 'subst' &&
    cell.values.includes('voc') &&
    cell.lemma.endsWith('ec') &&
    form.endsWith('cze') &&
    forms.has(`${form.slice(0, -3)}cu`)
  )
    return 'literaryVocative';
  if (cell.pos !== 'subst' || !cell.plural) return null;
  const masculine = cell.gender === 'm1' || cell.gender === 'm2' || cell.gender === 'm3';
  if (masculine && form.endsWith('ów')) {
    const stem = form.slice(0, -2);
    const soft = [`${stem}y`, `${stem}i`, stem].some((f) => f !== form && forms.has(f));
    if (soft && SOFT_STEM.test(stem) && !OW_NORM.has(cell.lemma)) return 'softOw';
  }
  if (masculine && /(c|dz)y$/.test(form) && forms.has(`${form.slice(0, -1)}ów`)) return 'hardY';
  if (masculine && OW_NORM.has(cell.lemma) && /[yi]$/.test(form)) {
    if ([...forms].some((f) => f.endsWith('ów'))) return 'owNorm';
  }
  const adjectival = /(ym|im|ymi|imi|ych|ich)$/;
  if (
    cell.lemma === cell.lemma.toLowerCase() &&
    adjectival.test(form) &&
    [...forms].some((f) => /(om|mi|ach)$/.test(f) && !adjectival.test(f))
  )
    return 'adjectival';
  if (cell.gender === 'f' && /(n|c|s|z|dz)ia$/.test(cell.lemma)) {
    const norm = cell.lemma.slice(0, -1);
    if (form !== norm && forms.has(norm) && !/[yi]$/.test(form)) return 'softZero';
  }
  return null;
}
