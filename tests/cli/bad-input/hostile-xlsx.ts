// Workbooks a spreadsheet would never write, built byte by byte: parts that unpack to more than
// they declare, rows numbered in the hundreds of millions, cells of megabytes. Each stays small
// on disk, so a row of the bad-input table can write it in its folder.
import * as zlib from 'node:zlib';

/** One part of the zip: its name, content, and optionally a declared size that lies. */
export interface Part {
  name: string;
  content: Buffer;
  /** Overrides the unpacked size written in the headers. */
  declaredSize?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

// Node's own crc32 (from Node 20.15) takes milliseconds where this loop takes a second on the
// largest parts; the loop stays for older Node 20.
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

function crc32(bytes: Buffer): number {
  if (nativeCrc32) return nativeCrc32(bytes);
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * How parts are deflated unless a workbook asks otherwise: the fastest level, since most rows
 * turn on the sizes a part declares, not on how tightly it is packed.
 */
const FAST: zlib.ZlibOptions = { level: 1 };

// A zip of deflated parts, with a central directory that matches the local headers.
export function zip(parts: readonly Part[], packing: zlib.ZlibOptions = FAST): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const packed = zlib.deflateRawSync(part.content, packing);
    const size = part.declaredSize ?? part.content.length;
    const crc = crc32(part.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${text}`);
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A one-sheet workbook ("pozycje") whose sheetData is `rows` (XML) and whose shared strings are
 * `strings`; `sheet` overrides the worksheet part, and `packing` how every part is deflated.
 */
export function workbook(
  rows: string | Buffer,
  options: { strings?: string[] | Buffer; sheet?: Partial<Part>; packing?: zlib.ZlibOptions } = {},
): Buffer {
  const data = typeof rows === 'string' ? Buffer.from(rows) : rows;
  const sheet = Buffer.concat([
    xml(`<worksheet xmlns="${MAIN}"><sheetData>`),
    data,
    Buffer.from('</sheetData></worksheet>'),
  ]);
  const strings = Array.isArray(options.strings)
    ? xml(
        `<sst xmlns="${MAIN}" count="${options.strings.length}">${options.strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
      )
    : options.strings;
  return zip(
    [
      {
        name: '[Content_Types].xml',
        content: xml(
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>',
        ),
      },
      {
        name: '_rels/.rels',
        content: xml(
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
      },
      {
        name: 'xl/workbook.xml',
        content: xml(
          `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="pozycje" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        content: xml(
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
        ),
      },
      ...(strings ? [{ name: 'xl/sharedStrings.xml', content: strings }] : []),
      { name: 'xl/worksheets/sheet1.xml', content: sheet, ...options.sheet },
    ],
    options.packing,
  );
}

// A row of inline-string cells: `cells[i]` goes in column i + 1 (A, B, ...).
export function row(number: number, cells: string[], firstColumn = 'A'): string {
  const start = firstColumn.charCodeAt(0);
  const cs = cells
    .map(
      (text, i) =>
        `<c r="${String.fromCharCode(start + i)}${number}" t="inlineStr"><is><t>${text}</t></is></c>`,
    )
    .join('');
  return `<row r="${number}">${cs}</row>`;
}
