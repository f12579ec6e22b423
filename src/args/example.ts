// A call a person can paste: the required arguments of an inputSchema, each with a value the
// schema accepts (its example, default, const or first enum value; else one built from its
// type, format and bounds), written as `key=value` or, for JSON values, `key:=<json>`.

import {
  declaredProperties,
  isSchemaObject,
  itemSchema,
  propertySchema,
  requiredProperties,
  resolveSchema,
  typesOf,
  type JsonSchema,
} from '../schema/navigate.js';
import { isRecord } from '../is-record.js';

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2025-01-01T12:00:00Z',
  date: '2025-01-01',
  time: '12:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
};

const MAX_DEPTH = 8;

/**
 * Words for the required arguments, in declaration order, in the notation the one-tool view
 * shows: an object's required fields as `user.name=value`, an array of objects as one element
 * `rows[].id=value`, a list of plain values as one item `tags=value`; what that notation
 * cannot say (a list of lists, an empty object) as `key:=<json>`.
 */
export function exampleArguments(schema: JsonSchema | undefined): string[] {
  if (schema === undefined) return [];
  return requiredWords(schema, schema, '', 0);
}

function requiredWords(root: JsonSchema, object: JsonSchema | undefined, prefix: string, depth: number): string[] {
  const required = requiredProperties(root, object);
  return declaredProperties(root, object)
    .filter((name) => required.has(name))
    .flatMap((name) => valueWords(root, propertySchema(root, object, name), `${prefix}${name}`, depth));
}

function valueWords(root: JsonSchema, schema: JsonSchema | undefined, path: string, depth: number): string[] {
  const value = exampleValue(root, schema, depth);
  const s = resolveSchema(root, schema);
  if (isSchemaObject(s) && depth < MAX_DEPTH && isRecord(value) && Object.keys(value).length > 0) {
    const inner = requiredWords(root, s, `${path}.`, depth + 1);
    if (inner.length > 0) return inner;
  }
  if (Array.isArray(value) && value.length === 1) {
    const item = itemSchema(root, s, 0);
    if (isRecord(value[0]) && Object.keys(value[0]).length > 0) {
      const inner = requiredWords(root, item, `${path}[].`, depth + 1);
      if (inner.length > 0) return inner;
    }
    if (typeof value[0] === 'string') return [`${path}=${value[0]}`];
  }
  return [typeof value === 'string' ? `${path}=${value}` : `${path}:=${JSON.stringify(value)}`];
}

function exampleValue(root: JsonSchema, schema: JsonSchema | undefined, depth: number): unknown {
  const s = resolveSchema(root, schema);
  if (!isSchemaObject(s) || depth > MAX_DEPTH) return 'value';
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('default' in s) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const types = typesOf(root, s);
  const type = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'].find((t) =>
    types === undefined ? t === 'string' : types.has(t as never),
  );
  const num = (key: string) => (typeof s[key] === 'number' ? (s[key] as number) : undefined);
  switch (type) {
    case 'integer':
    case 'number': {
      const low = num('minimum') ?? (num('exclusiveMinimum') !== undefined ? num('exclusiveMinimum')! + 1 : undefined);
      const high = num('maximum') ?? (num('exclusiveMaximum') !== undefined ? num('exclusiveMaximum')! - 1 : undefined);
      const value = low ?? (high !== undefined && high < 1 ? high : 1);
      return type === 'integer' ? Math.ceil(value) : value;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(1, num('minItems') ?? 1);
      return Array.from({ length: count }, (_, i) => exampleValue(root, itemSchema(root, s, i), depth + 1));
    }
    case 'object': {
      const required = requiredProperties(root, s);
      return Object.fromEntries(
        declaredProperties(root, s)
          .filter((n) => required.has(n))
          .map((n) => [n, exampleValue(root, propertySchema(root, s, n), depth + 1)]),
      );
    }
    default: {
      const format = typeof s.format === 'string' ? FORMAT_EXAMPLES[s.format] : undefined;
      if (format) return format;
      const min = num('minLength') ?? 0;
      const max = num('maxLength');
      const text = 'text'.padEnd(min, 'x');
      return max !== undefined ? text.slice(0, max) : text;
    }
  }
}
