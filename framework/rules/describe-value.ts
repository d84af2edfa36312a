// How a parsed JSON value is named in messages: "null", "an array", "a number", ...
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
