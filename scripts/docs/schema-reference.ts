// A Markdown table of every field of a zod schema (path, type, meaning), from its JSON Schema, so a
// documented field cannot outlive the code. Meanings come from the schema's `.describe()` texts.
import { z } from 'zod';

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' \\| ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (Array.isArray(schema.type)) return schema.type.join(' \\| ');
  return schema.type ?? 'any';
}

// The object schema inside a field, looking through arrays and nullables.
function objectOf(schema: JsonSchema): JsonSchema | null {
  if (schema.properties) return schema;
  if (schema.items) return objectOf(schema.items);
  for (const option of schema.anyOf ?? []) {
    const found = objectOf(option);
    if (found) return found;
  }
  return null;
}

function rows(schema: JsonSchema, prefix: string): string[] {
  const out: string[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const isArray = field.type === 'array' || field.anyOf?.some((o) => o.type === 'array');
    const path = `${prefix}${name}${isArray ? '[]' : ''}`;
    const inner = objectOf(field);
    const type = inner ? (isArray ? 'array of objects' : 'object') : typeOf(field);
    const nullable = field.anyOf?.some((o) => o.type === 'null') && inner ? ' \\| null' : '';
    const meaning = (field.description ?? inner?.description ?? '').replace(/\n/g, ' ');
    out.push(`| \`${path}\` | ${type}${nullable} | ${meaning} |`);
    if (inner) out.push(...rows(inner, `${path}.`));
  }
  return out;
}

// The field table of a zod object schema.
export function schemaTable(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as JsonSchema;
  return ['| field | type | meaning |', '| --- | --- | --- |', ...rows(json, '')].join('\n');
}
