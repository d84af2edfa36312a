import { readFileSync } from 'node:fs';

/** One affix rule of a Hunspell `.aff` file: strip, then add, where the condition holds. */
interface AffixRule {
  strip: string;
  add: string;
  condition: RegExp;
}

/** The rules of one affix flag. */
interface AffixClass {
  prefix: boolean;
  /** Whether the class combines with the other kind (a prefix with a suffix). */
  cross: boolean;
  rules: AffixRule[];
}

/** A Hunspell dictionary read whole: every entry with the words its affixes make. */
export interface HunspellDictionary {
  /** Calls `onEntry` with each entry's stem and every word it makes (the stem first). */
  forEachEntry(onEntry: (stem: string, words: readonly string[]) => void): void;
}

// The `SET` encoding of an .aff file, as Node's TextDecoder names it.
function encodingOf(aff: Buffer): string {
  const head = aff.subarray(0, 4096).toString('latin1');
  const set = /^SET\s+(\S+)/m.exec(head)?.[1] ?? 'UTF-8';
  return set.toUpperCase().replace(/^ISO(\d)/, 'ISO-$1');
}

// Reads the affix classes: `PFX|SFX flag Y|N count`, then `count` lines `PFX|SFX flag strip
// add condition`. Flags are single characters (no FLAG directive in the files this reads).
function parseAffixes(text: string): Map<string, AffixClass> {
  const classes = new Map<string, AffixClass>();
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    const [kind, flag] = parts;
    if ((kind !== 'PFX' && kind !== 'SFX') || flag === undefined) continue;
    const prefix = kind === 'PFX';
    const known = classes.get(flag);
    if (!known) {
      if (parts[2] !== 'Y' && parts[2] !== 'N') throw new Error(`${line}: not an affix header`);
      classes.set(flag, { prefix, cross: parts[2] === 'Y', rules: [] });
      continue;
    }
    const [strip = '0', add = '0', condition = '.'] = parts.slice(2);
    if (add.includes('/')) throw new Error(`${line}: affixes with continuation flags are not read`);
    const pattern = prefix ? `^${condition}` : `${condition}$`;
    known.rules.push({
      strip: strip === '0' ? '' : strip,
      add: add === '0' ? '' : add,
      condition: new RegExp(pattern, 'u'),
    });
  }
  return classes;
}

// The words an affix class makes from a word (the cheap strip test first: classes have up to a
// thousand rules).
function affixed(word: string, affix: AffixClass, out: string[]): void {
  for (const { strip, add, condition } of affix.rules) {
    if (affix.prefix) {
      if (word.startsWith(strip) && condition.test(word)) out.push(add + word.slice(strip.length));
    } else if (word.endsWith(strip) && condition.test(word)) {
      out.push(word.slice(0, word.length - strip.length) + add);
    }
  }
}

// Reads a Hunspell dictionary (`.dic` and `.aff`, in the encoding the .aff declares) and expands
// each entry as Hunspell does: the stem, each suffix, each prefix, and each prefix on each
// suffixed word when both classes allow the cross product.
export function readHunspell(dicPath: string, affPath: string): HunspellDictionary {
  const affBytes = readFileSync(affPath);
  const decoder = new TextDecoder(encodingOf(affBytes));
  const classes = parseAffixes(decoder.decode(affBytes));
  const dic = decoder.decode(readFileSync(dicPath));
  return {
    forEachEntry(onEntry) {
      const lines = dic.split('\n');
      // The first line is the entry count.
      for (let i = 1; i < lines.length; i++) {
        const line = (lines[i] ?? '').trim();
        if (line === '') continue;
        const slash = line.indexOf('/');
        const stem = slash < 0 ? line : line.slice(0, slash);
        const flags = slash < 0 ? '' : line.slice(slash + 1);
        const words = [stem];
        const suffixed: string[] = [];
        const prefixes: AffixClass[] = [];
        for (const flag of flags) {
          const affix = classes.get(flag);
          if (affix === undefined) continue;
          if (affix.prefix) prefixes.push(affix);
          else affixed(stem, affix, suffixed);
        }
        words.push(...suffixed);
        for (const prefix of prefixes) {
          affixed(stem, prefix, words);
          if (!prefix.cross) continue;
          for (const flag of flags) {
            const affix = classes.get(flag);
            if (affix === undefined || affix.prefix || !affix.cross) continue;
            const made: string[] = [];
            affixed(stem, affix, made);
            for (const word of made) affixed(word, prefix, words);
          }
        }
        onEntry(stem, words);
      }
    },
  };
}
