// A tool's inputSchema as the fields a person reads in `tools SERVER TOOL`: one entry per
// property, nested objects and array items included (`user.address.zip`, `rows[].id`), each
// with its type label, whether it is required, its default, and its constraints.

import {
  alternativesOf,
  declaredProperties,
  isSchemaObject,
  itemSchema,
  propertySchema,
  requiredProperties,
  resolveSchema,
  typesOf,
  type JsonSchema,
  type JsonSchemaObject,
} from '../schema/navigate.js';
import { typeLabel } from '../schema/type-label.js';

export interface Field {
  /** `path`, `user.name` for a nested property, `tags[]` for the items of an array. */
  name: string;
  /** How deep it is nested: 0 for a top-level argument. */
  depth: number;
  /** `string`, `integer`, `string[]`, `object`, `"a"|"b"` (an enum), `number|null`, `any`. */
  type: string;
  /** Required within its object; undefined for array items. */
  required?: boolean;
  default?: unknown;
  /** `min 1`, `max length 80`, `pattern ^a`, `format uri`, `1–5 items`, … */
  constraints: string[];
  description?: string;
}

/** Nesting shown at most this deep; deeper structure is still in `--json`. */
const MAX_DEPTH = 5;

export function schemaFields(schema: JsonSchema | undefined): Field[] {
  if (schema === undefined) return [];
  const root = schema;
  const out: Field[] = [];
  const properties = (object: JsonSchema | undefined, prefix: string, depth: number) => {
    const required = requiredProperties(root, object);
    const alternatives = objectAlternatives(root, object);
    for (const name of declaredProperties(root, object)) {
      const sub = propertySchema(root, object, name);
      const path = prefix ? `${prefix}.${name}` : name;
      const entry = field(root, path, depth, sub, required.has(name));
      if (alternatives.length > 0) placeInAlternatives(entry, name, alternatives);
      out.push(entry);
      inside(sub, path, depth);
    }
  };
  const inside = (sub: JsonSchema | undefined, path: string, depth: number) => {
    if (depth + 1 >= MAX_DEPTH) return;
    const types = typesOf(root, sub);
    if (types?.has('object')) properties(sub, path, depth + 1);
    const s = resolveSchema(root, sub);
    if (types?.has('array') && isSchemaObject(s) && isSchemaObject(s.items)) {
      const items = itemSchema(root, s, 0);
      const item = field(root, `${path}[]`, depth + 1, items, undefined);
      // Items of a plain type say nothing the array's own label (`string[]`) did not.
      if (item.constraints.length || item.description || typesOf(root, items)?.has('object')) out.push(item);
      inside(items, `${path}[]`, depth + 1);
    }
  };
  properties(root, '', 0);
  return out;
}

/** The `anyOf`/`oneOf` branches of an object schema that declare properties of their own. */
function objectAlternatives(
  root: JsonSchema,
  schema: JsonSchema | undefined,
): { names: string[]; required: Set<string> }[] {
  const s = resolveSchema(root, schema);
  if (!isSchemaObject(s)) return [];
  const branches = alternativesOf(root, s).filter((b) => isSchemaObject(b) && isSchemaObject(b.properties));
  if (branches.length < 2) return [];
  return branches.map((b) => ({ names: declaredProperties(root, b), required: requiredProperties(root, b) }));
}

/**
 * A field of an object whose alternatives declare different fields: required when every
 * alternative that has it requires it, and marked with the alternatives it belongs to when not
 * all have it, so `line` or `position` reads as a choice rather than two optional fields.
 */
function placeInAlternatives(entry: Field, name: string, alternatives: { names: string[]; required: Set<string> }[]) {
  const having = alternatives.flatMap((a, i) => (a.names.includes(name) ? [i + 1] : []));
  if (having.length === 0) return;
  if (alternatives.every((a, i) => !having.includes(i + 1) || a.required.has(name))) entry.required = true;
  if (having.length < alternatives.length)
    entry.constraints.unshift(
      `alternative${having.length > 1 ? 's' : ''} ${having.join(', ')} of ${alternatives.length}`,
    );
}

function field(
  root: JsonSchema,
  name: string,
  depth: number,
  schema: JsonSchema | undefined,
  required: boolean | undefined,
): Field {
  const s = resolveSchema(root, schema);
  const entry: Field = {
    name,
    depth,
    type: typeLabel(root, s),
    ...(required === undefined ? {} : { required }),
    constraints: isSchemaObject(s) ? constraintsOf(s) : [],
  };
  if (isSchemaObject(s)) {
    if ('default' in s) entry.default = s.default;
    const text = typeof s.description === 'string' ? s.description : typeof s.title === 'string' ? s.title : undefined;
    if (text !== undefined) entry.description = text;
  }
  return entry;
}

function constraintsOf(s: JsonSchemaObject): string[] {
  const n = (key: string) => (typeof s[key] === 'number' ? (s[key] as number) : undefined);
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, what: string) => {
    if (min !== undefined && max !== undefined) out.push(`${what}${min}–${max}`);
    else if (min !== undefined) out.push(`min ${what}${min}`);
    else if (max !== undefined) out.push(`max ${what}${max}`);
  };
  range(n('minimum'), n('maximum'), '');
  if (n('exclusiveMinimum') !== undefined) out.push(`> ${n('exclusiveMinimum')}`);
  if (n('exclusiveMaximum') !== undefined) out.push(`< ${n('exclusiveMaximum')}`);
  if (n('multipleOf') !== undefined) out.push(`multiple of ${n('multipleOf')}`);
  range(n('minLength'), n('maxLength'), 'length ');
  if (typeof s.pattern === 'string') out.push(`pattern ${s.pattern}`);
  if (typeof s.format === 'string') out.push(`format ${s.format}`);
  const items = [n('minItems'), n('maxItems')];
  if (items[0] !== undefined && items[1] !== undefined) out.push(`${items[0]}–${items[1]} items`);
  else if (items[0] !== undefined) out.push(`at least ${items[0]} items`);
  else if (items[1] !== undefined) out.push(`at most ${items[1]} items`);
  if (s.uniqueItems === true) out.push('unique items');
  return out;
}
