import { inflateRawSync } from 'node:zlib';
import { RpeError } from '../../framework/index.js';
import { SHEET_CAPS, capExceeded } from './sheet-caps.js';

/** What the workbook's zip holds that the streaming reader does not report. */
export interface XlsxZipFacts {
  /** The merged ranges (`D2:E2`) of each worksheet part, by part path (`xl/worksheets/sheet1.xml`). */
  merges: Map<string, string[]>;
  /** Where the last part ends and the zip directory begins. */
  partsEnd: number;
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  packed: number;
  size: number;
  offset: number;
}

const MIB = 1024 * 1024;

function unreadable(source: string, why: string): RpeError {
  return new RpeError('sheet_unreadable', `${source}: not a readable XLSX workbook (${why})`);
}

// The central directory: where the zip says its parts are, and how large each is.
function centralDirectory(bytes: Buffer, source: string): Entry[] {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable(source, 'no zip directory');
  const count = bytes.readUInt16LE(end + 10);
  const start = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || start === 0xffffffff) throw unreadable(source, 'a ZIP64 archive');
  if (count > SHEET_CAPS.parts) {
    throw capExceeded(source, {}, `${count} parts, above the cap of ${SHEET_CAPS.parts}`);
  }
  const entries: Entry[] = [];
  let at = start;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) {
      throw unreadable(source, 'a damaged zip directory');
    }
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      packed: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Checks a workbook's zip before the streaming reader opens it: every part lies where the
 * directory says, one after another as a streaming reader meets them (no hidden part between),
 * and unpacks to exactly its declared size, within the caps on one part, on all of them and on
 * the packing ratio; each part is unpacked with a bound, so a zip bomb stops at the cap. Also
 * collects the merged ranges of each worksheet, which the streaming reader skips. Throws
 * RpeError `sheet_too_large` at a cap, `sheet_unreadable` for a damaged zip (both exit 2).
 */
export function inspectXlsxZip(data: Uint8Array, source: string): XlsxZipFacts {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries = centralDirectory(bytes, source).sort((a, b) => a.offset - b.offset);
  const merges = new Map<string, string[]>();
  let total = 0;
  let next = 0;
  // The highest shared-string reference of the worksheets, checked against the strings at the end
  // (the parts may come in either order).
  let widest: { index: number; cell: string; part: string } | undefined;
  let sharedStrings = 0;
  for (const entry of entries) {
    const part = entry.name;
    const over = (what: string) => capExceeded(source, { part }, what);
    if (entry.offset !== next || bytes.readUInt32LE(entry.offset) !== 0x04034b50) {
      throw unreadable(source, `${part} is not where the zip directory says`);
    }
    const dataStart =
      entry.offset +
      30 +
      bytes.readUInt16LE(entry.offset + 26) +
      bytes.readUInt16LE(entry.offset + 28);
    const packed = bytes.subarray(dataStart, dataStart + entry.packed);
    if (entry.size > SHEET_CAPS.partBytes) {
      throw over(`unpacks to ${entry.size} bytes, above the cap of ${SHEET_CAPS.partBytes}`);
    }
    if (entry.size > MIB && entry.size > SHEET_CAPS.partRatio * Math.max(1, entry.packed)) {
      throw over(
        `unpacks ${Math.round(entry.size / Math.max(1, entry.packed))} times its size, above the cap of ${SHEET_CAPS.partRatio}`,
      );
    }
    total += entry.size;
    if (total > SHEET_CAPS.workbookBytes) {
      throw over(`the parts unpack to more than the cap of ${SHEET_CAPS.workbookBytes} bytes`);
    }
    let content: Buffer;
    if (entry.method === 0) content = packed;
    else if (entry.method === 8) {
      try {
        content = inflateRawSync(packed, { maxOutputLength: entry.size + 1 });
      } catch (cause) {
        if ((cause as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw over(`unpacks to more than the ${entry.size} bytes it declares`);
        }
        throw unreadable(source, `${part} does not unpack`);
      }
    } else throw unreadable(source, `${part} is packed with method ${entry.method}`);
    if (content.length !== entry.size) {
      throw over(`unpacks to ${content.length} bytes, not the ${entry.size} it declares`);
    }
    const root = ROOTS.find(([pattern]) => pattern.test(part))?.[1];
    if (root !== undefined && !closes(content, root)) {
      throw unreadable(source, `${part} is cut short: its XML does not end with </${root}>`);
    }
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(part)) merges.set(part, mergedRanges(content));
    if (root === 'worksheet') {
      const ref = sharedStringRefs(content);
      if (ref.bad) throw unreadable(source, `${part}: ${ref.bad}`);
      if (ref.max && (!widest || ref.max.index > widest.index)) widest = { ...ref.max, part };
    }
    if (root === 'sst') sharedStrings = countStrings(content);
    // A data descriptor (flag bit 3) follows the data: 12 bytes, or 16 with its signature.
    next = dataStart + entry.packed;
    if (entry.flags & 8) next += bytes.readUInt32LE(next) === 0x08074b50 ? 16 : 12;
  }
  // exceljs reads a reference past the shared strings as an empty cell: it is a damaged file.
  if (widest && widest.index >= sharedStrings) {
    throw unreadable(
      source,
      `${widest.part}: cell ${widest.cell} refers to shared string ${widest.index}, and the workbook has ${sharedStrings === 0 ? 'none' : `only ${sharedStrings} (0 to ${sharedStrings - 1})`}`,
    );
  }
  return { merges, partsEnd: next };
}

/**
 * The parts whose text the import reads, with their root element. exceljs's streaming reader
 * stops quietly where such a part's XML stops, so a part cut short (in a repaired zip, an
 * interrupted copy) would import as a partial sheet: its XML must end by closing its root.
 */
const ROOTS: [RegExp, string][] = [
  [/^xl\/worksheets\/[^/]+\.xml$/, 'worksheet'],
  [/^xl\/sharedStrings\.xml$/, 'sst'],
];

// Whether the XML ends (trailing white space aside) with </root>, a namespace prefix allowed.
function closes(xml: Buffer, root: string): boolean {
  const tail = xml.toString('utf8', Math.max(0, xml.length - 256));
  return new RegExp(`</(?:[A-Za-z_][\\w.-]*:)?${root}\\s*>\\s*$`).test(tail);
}

const CELL = /<(?:[A-Za-z_][\w.-]*:)?c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?c>)/g;
const SHARED = /\st\s*=\s*["']s["']/;
const CELL_REF = /\sr\s*=\s*["']([^"']*)["']/;
const VALUE = /<(?:[A-Za-z_][\w.-]*:)?v(?:\s[^>]*)?>([^<]*)</;

/**
 * The shared-string references (`t="s"` cells) of a worksheet part: the highest, or the first
 * that is no string number at all (exceljs reads `1.5` as string 1 and `x` as an empty cell).
 */
function sharedStringRefs(xml: Buffer): {
  max?: { index: number; cell: string };
  bad?: string;
} {
  const text = xml.toString('utf8');
  let max: { index: number; cell: string } | undefined;
  for (const match of text.matchAll(CELL)) {
    const attributes = ` ${match[1] ?? ''}`;
    if (!SHARED.test(attributes)) continue;
    const cell = CELL_REF.exec(attributes)?.[1] ?? '?';
    const value = VALUE.exec(match[2] ?? '')?.[1];
    if (value === undefined) continue; // no <v>: an empty cell, as exceljs reads it
    const trimmed = value.trim();
    if (!/^\d{1,9}$/.test(trimmed)) {
      return {
        bad: `cell ${cell} refers to shared string "${trimmed.slice(0, 20)}", which is not a string number`,
      };
    }
    const index = Number(trimmed);
    if (!max || index > max.index) max = { index, cell };
  }
  return max ? { max } : {};
}

// How many strings (<si> elements) the shared strings part holds.
function countStrings(xml: Buffer): number {
  return xml.toString('utf8').match(/<(?:[A-Za-z_][\w.-]*:)?si[\s>/]/g)?.length ?? 0;
}

// The ref of every <mergeCell ref="..."/> of a worksheet part, found by a linear scan.
function mergedRanges(xml: Buffer): string[] {
  const refs: string[] = [];
  for (let at = xml.indexOf('<mergeCell '); at >= 0; at = xml.indexOf('<mergeCell ', at + 1)) {
    // A tag is short: a part without its closing '>' must not be copied whole at every match.
    const tag = xml.toString('utf8', at, Math.min(xml.length, at + 200));
    const ref = / ref="([A-Z]{1,3}[0-9]{1,7}:[A-Z]{1,3}[0-9]{1,7})"/.exec(tag)?.[1];
    if (ref) refs.push(ref);
  }
  return refs;
}
