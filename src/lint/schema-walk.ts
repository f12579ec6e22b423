// Visiting every subschema of a JSON Schema with its path, for rules that look at keywords
// wherever they appear (properties, items, definitions, combinators). The keyword lists are
// shared with diff, which rewrites subschemas in the same places.

import type { JsonSegment } from '../config/jsonc.js';

export type SchemaNode = Record<string, unknown>;

/** Keywords whose value maps names to subschemas. */
export const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords whose value is a list of subschemas. */
export const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value is one subschema (`items` and `additionalItems` also a list in draft-07). */
export const SCHEMA_SINGLES = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];

export function walkSchema(
  schema: unknown,
  at: JsonSegment[],
  visit: (node: SchemaNode, at: JsonSegment[]) => void,
): void {
  walkSubschemas(schema, at, (sub, where) => {
    if (sub !== null && typeof sub === 'object' && !Array.isArray(sub)) visit(sub as SchemaNode, where);
  });
}

/** Every subschema, booleans and non-schemas included, with the keyword that holds it (none at the top). */
export function walkSubschemas(
  schema: unknown,
  at: JsonSegment[],
  visit: (sub: unknown, at: JsonSegment[], keyword?: string) => void,
  keyword?: string,
): void {
  visit(schema, at, keyword);
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as SchemaNode;
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (map && typeof map === 'object' && !Array.isArray(map))
      for (const [name, sub] of Object.entries(map)) walkSubschemas(sub, [...at, key, name], visit, key);
  }
  for (const key of [...SCHEMA_LISTS, ...SCHEMA_SINGLES]) {
    const sub = node[key];
    if (Array.isArray(sub)) sub.forEach((s, i) => walkSubschemas(s, [...at, key, i], visit, key));
    else if (sub !== undefined) walkSubschemas(sub, [...at, key], visit, key);
  }
}
