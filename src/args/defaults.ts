// Fills a property that is both `required` and has a `default` with that default when the call
// does not give it: mcp-framework lists every `.default()` field as required, and its tools
// expect the default then, as a person reading the schema would.

import {
  isSchemaObject,
  propertySchema,
  requiredProperties,
  resolveSchema,
  type JsonSchema,
} from '../schema/navigate.js';
import { isRecord } from '../is-record.js';

export interface FilledDefault {
  /** The argument's name as typed on the command line (`a.b` for a nested one). */
  name: string;
  value: unknown;
}

const MAX_NESTING = 16;

/** Returns the arguments with those defaults filled in, and which were filled. */
export function fillRequiredDefaults(
  args: Record<string, unknown>,
  schema: JsonSchema | undefined,
): { args: Record<string, unknown>; filled: FilledDefault[] } {
  const filled: FilledDefault[] = [];
  if (schema === undefined) return { args, filled };
  return { args: fillObject(schema, schema, args, '', filled, 0), filled };
}

function fillObject(
  root: JsonSchema,
  schema: JsonSchema | undefined,
  value: Record<string, unknown>,
  prefix: string,
  filled: FilledDefault[],
  depth: number,
): Record<string, unknown> {
  if (depth > MAX_NESTING) return value;
  const s = resolveSchema(root, schema);
  let out = value;
  for (const name of requiredProperties(root, s)) {
    const property = resolveSchema(root, propertySchema(root, s, name));
    if (Object.hasOwn(out, name) || !isSchemaObject(property) || !('default' in property)) continue;
    out = withOwn(out, name, structuredClone(property.default));
    filled.push({ name: prefix + name, value: property.default });
  }
  for (const [name, child] of Object.entries(out)) {
    if (!isRecord(child)) continue;
    const next = fillObject(root, propertySchema(root, s, name), child, `${prefix}${name}.`, filled, depth + 1);
    if (next !== child) out = withOwn(out, name, next);
  }
  return out;
}

// Names come from a server's schema: `__proto__` must stay a plain own property.
function withOwn(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
