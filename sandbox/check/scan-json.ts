/** The deepest nesting of objects and arrays a receipt may have; a real one reaches about 7. */
export const MAX_RECEIPT_DEPTH = 64;

/** What a JSON text holds that `JSON.parse` hides or that a recursive reader cannot take. */
export type JsonShapeProblem =
  { kind: 'duplicate_key'; key: string; path: string } | { kind: 'too_deep'; depth: number };

interface Frame {
  object: boolean;
  keys: Set<string>;
  /** In an object: the next string is a key. */
  awaitingKey: boolean;
  /** The key (object) or index (array) of the value being read. */
  at: string;
  index: number;
  /** How the parent reached this container, for the path of a duplicate key. */
  segment: string;
}

// The end (index of the closing quote) of the string that starts at `start`, in valid JSON.
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 2;
    else if (c === 0x22) return i;
    else i += 1;
  }
}

function pathOf(stack: Frame[]): string {
  return stack
    .slice(1)
    .map((f) => f.segment)
    .join('.');
}

/**
 * The first duplicate key in any object of `text` (compared after decoding escapes, so
 * `"verd\u0069ct"` repeats `"verdict"`), or nesting deeper than `maxDepth`; null when neither.
 * `text` must already be valid JSON (JSON.parse accepted it). Iterative: any depth is scanned
 * without recursion.
 */
export function jsonShapeProblem(
  text: string,
  maxDepth: number = MAX_RECEIPT_DEPTH,
): JsonShapeProblem | null {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (top?.object && top.awaitingKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return { kind: 'duplicate_key', key, path: pathOf(stack) };
        top.keys.add(key);
        top.at = key;
        top.awaitingKey = false;
      }
      i = end;
    } else if (c === '{' || c === '[') {
      if (stack.length >= maxDepth) return { kind: 'too_deep', depth: maxDepth };
      stack.push({
        object: c === '{',
        keys: new Set(),
        awaitingKey: c === '{',
        at: c === '{' ? '' : '0',
        index: 0,
        segment: top?.at ?? '',
      });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',' && top) {
      if (top.object) top.awaitingKey = true;
      else top.at = String((top.index += 1));
    }
  }
  return null;
}

/**
 * The path of the first key of `raw` (parsed JSON) that `read` (what a schema made of it, which
 * drops keys it does not define) does not have, or null. Iterative, like jsonShapeProblem.
 */
export function firstUnknownKey(raw: unknown, read: unknown): string | null {
  const pending: [unknown, unknown, string][] = [[raw, read, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [a, b, path] = next;
    if (Array.isArray(a)) {
      if (!Array.isArray(b)) continue;
      for (let i = a.length - 1; i >= 0; i -= 1) {
        pending.push([a[i], b[i], path ? `${path}.${i}` : String(i)]);
      }
    } else if (a !== null && typeof a === 'object' && b !== null && typeof b === 'object') {
      const entries = Object.entries(a as Record<string, unknown>);
      const unknown = entries.find(([key]) => !Object.hasOwn(b, key));
      if (unknown) return path ? `${path}.${unknown[0]}` : unknown[0];
      for (const [key, value] of entries.reverse()) {
        pending.push([value, (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}
