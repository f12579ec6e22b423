// A tool's inputSchema as a readable list of arguments, for `tools SERVER TOOL` and completions:
// one entry per property, and one more per property of a nested object (dotted, one level deep),
// since that is what `user.name=x` can set.

import {
  declaredProperties,
  isSchemaObject,
  propertySchema,
  requiredProperties,
  resolveSchema,
  typesOf,
  type JsonSchema,
} from './schema.js';
import { typeLabel } from './type-label.js';

export interface ArgumentInfo {
  /** The name as typed on the command line: `path`, or `user.name` for a nested property. */
  name: string;
  /** `string`, `integer`, `string[]`, `object`, `"a"|"b"`, `number|null`, `any`. */
  type: string;
  /** Required within its object (for a dotted name: when its parent object is given). */
  required: boolean;
  default?: unknown;
  description?: string;
  /** The string `format` (`date-time`, `uri`, …) when declared. */
  format?: string;
}

function info(root: JsonSchema, name: string, schema: JsonSchema | undefined, required: boolean): ArgumentInfo {
  const s = resolveSchema(root, schema);
  const entry: ArgumentInfo = { name, type: typeLabel(root, s), required };
  if (isSchemaObject(s)) {
    if ('default' in s) entry.default = s.default;
    const text = typeof s.description === 'string' ? s.description : typeof s.title === 'string' ? s.title : undefined;
    if (text !== undefined) entry.description = text;
    if (typeof s.format === 'string') entry.format = s.format;
  }
  return entry;
}

/** The arguments `schema` declares, in declaration order; empty for no schema. */
export function describeArguments(schema: JsonSchema | undefined): ArgumentInfo[] {
  if (schema === undefined) return [];
  const out: ArgumentInfo[] = [];
  const required = requiredProperties(schema, schema);
  for (const name of declaredProperties(schema, schema)) {
    const sub = propertySchema(schema, schema, name);
    out.push(info(schema, name, sub, required.has(name)));
    const types = typesOf(schema, sub);
    if (types?.size !== 1 || !types.has('object')) continue;
    const innerRequired = requiredProperties(schema, sub);
    for (const inner of declaredProperties(schema, sub)) {
      out.push(info(schema, `${name}.${inner}`, propertySchema(schema, sub, inner), innerRequired.has(inner)));
    }
  }
  return out;
}
