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
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as SchemaNode;
  visit(node, at);
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (map && typeof map === 'object' && !Array.isArray(map))
      for (const [name, sub] of Object.entries(map)) walkSchema(sub, [...at, key, name], visit);
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walkSchema(sub, [...at, key, i], visit));
  }
  for (const key of SCHEMA_SINGLES) {
    const sub = node[key];
    if (Array.isArray(sub)) sub.forEach((s, i) => walkSchema(s, [...at, key, i], visit));
    else walkSchema(sub, [...at, key], visit);
  }
}
