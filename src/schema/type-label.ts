// Short human names for what a schema accepts: `string`, `integer|null`, `string[]`,
// `"fast"|"slow"`, used by argument listings and by validation messages.

import { alternativesOf, isSchemaObject, itemSchema, resolveSchema, typesOf, type JsonSchema } from './navigate.js';

const MAX_DEPTH = 8;

function literal(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The alternatives a schema accepts, each as a short label (`["integer", "\"auto\""]`). */
export function typeAlternatives(root: JsonSchema, schema: JsonSchema | undefined, depth = 0): string[] {
  const s = resolveSchema(root, schema);
  if (s === undefined || s === true) return ['any'];
  if (s === false) return ['nothing'];
  if (depth > MAX_DEPTH) return ['any'];
  if ('const' in s) return [literal(s.const)];
  if (Array.isArray(s.enum)) return s.enum.map(literal);
  const branches = alternativesOf(root, s);
  if (branches.length > 0 && s.type === undefined) {
    return [...new Set(branches.flatMap((b) => typeAlternatives(root, b, depth + 1)))];
  }
  const types = typesOf(root, s);
  if (types === undefined) return ['any'];
  const labels: string[] = [];
  for (const t of types) {
    if (t === 'array') {
      const items = itemSchema(root, s, 0);
      const hasItems = isSchemaObject(s) && (s.items !== undefined || s.prefixItems !== undefined);
      if (!hasItems) {
        labels.push('array');
        continue;
      }
      const inner = typeAlternatives(root, items, depth + 1);
      const joined = inner.join('|');
      labels.push(inner.length > 1 ? `(${joined})[]` : `${joined}[]`);
    } else if (t !== 'integer' || !types.has('number')) {
      // An integer among numbers says nothing more: only `number` is shown.
      labels.push(t);
    }
  }
  return labels;
}

/** One label for the whole schema: alternatives joined by `|`. */
export function typeLabel(root: JsonSchema, schema: JsonSchema | undefined): string {
  return typeAlternatives(root, schema).join('|');
}
