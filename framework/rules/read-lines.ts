import { isPythonSpace } from './normalize.js';
import { issue, type ValidationIssue } from './validation-issue.js';

/** One physical line of a JSONL file: its 1-based number and text, or null when it is not UTF-8. */
export interface SourceLine {
  line: number;
  text: string | null;
  blank: boolean;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function isBlank(text: string): boolean {
  for (const ch of text) if (!isPythonSpace(ch.codePointAt(0) ?? 0)) return false;
  return true;
}

function splitBytes(bytes: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      parts.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/**
 * Splits a JSONL file into lines the way the official reader sees them: on LF, a CR before it
 * dropped, one final newline allowed (so "a\n" is one line but "a\n\n" has a blank second line).
 * Bytes are decoded line by line so an invalid UTF-8 sequence is reported on its own line; a
 * leading byte order mark is reported and then ignored so the rest of the file is still checked.
 */
export function readLines(input: string | Uint8Array | readonly string[]): {
  lines: SourceLine[];
  issues: ValidationIssue[];
} {
  const issues: ValidationIssue[] = [];
  let raw: (string | Uint8Array)[];
  if (typeof input === 'string') {
    raw = input === '' ? [] : input.split('\n');
    if (input.endsWith('\n')) raw.pop();
  } else if (input instanceof Uint8Array) {
    raw = input.length === 0 ? [] : splitBytes(input);
    if (input[input.length - 1] === 0x0a) raw.pop();
  } else {
    raw = [...input];
  }
  const lines = raw.map((part, index): SourceLine => {
    const line = index + 1;
    let text: string;
    if (typeof part === 'string') text = part;
    else {
      try {
        text = decoder.decode(part);
      } catch {
        issues.push(issue(line, 'invalid_utf8', 'the line is not valid UTF-8'));
        return { line, text: null, blank: false };
      }
    }
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (line === 1 && text.startsWith('\ufeff')) {
      issues.push(
        issue(
          1,
          'bom',
          'the file starts with a byte order mark (U+FEFF); save it as UTF-8 without BOM',
        ),
      );
      text = text.slice(1);
    }
    return { line, text, blank: isBlank(text) };
  });
  return { lines, issues };
}
