// Read-only navigation of a tool's JSON Schema: local $ref resolution, the JSON types a schema
// admits, its declared properties and item schemas. Coercion, validation messages and display share it.

import { isRecord } from '../is-record.js';
import { patternTest } from './linear-regexp.js';
import { unescapeToken } from './pointer.js';

/** A JSON Schema: an object of keywords, or a boolean schema (`true` accepts anything). */
export type JsonSchema = boolean | JsonSchemaObject;

export interface JsonSchemaObject {
  [keyword: string]: unknown;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']);

/** Deep enough for any sane schema; stops reference cycles (`$ref` to itself) from looping. */
const MAX_DEPTH = 32;

export function isSchemaObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON type of a value as JSON Schema names it (integers are `number` here). */
export function jsonTypeOf(value: unknown): JsonType | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      return 'undefined';
  }
}

/** Follows a local `#/…` JSON pointer inside the root document; anything else is unknown. */
function lookupRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = unescapeToken(decodeURIComponent(raw));
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = node[key];
    else return undefined;
  }
  return typeof node === 'boolean' || isSchemaObject(node) ? node : undefined;
}

/**
 * The schema with local `$ref`s followed. Keywords beside a `$ref` apply too (2019-09 and
 * later say so, and older tools emit them), so they are laid over the target.
 */
export function resolveSchema(root: JsonSchema, schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
  if (schema === undefined || typeof schema === 'boolean') return schema;
  const ref = schema.$ref;
  if (typeof ref !== 'string' || depth > MAX_DEPTH) return schema;
  const target = resolveSchema(root, lookupRef(root, ref), depth + 1);
  const { $ref: _ignored, ...siblings } = schema;
  if (target === undefined || typeof target === 'boolean') {
    return Object.keys(siblings).length > 0 ? siblings : target;
  }
  return { ...target, ...siblings };
}

/** The `anyOf`/`oneOf` branches of a schema, each resolved. */
export function alternativesOf(root: JsonSchema, schema: JsonSchemaObject): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    for (const branch of list) {
      const resolved = resolveSchema(root, branch as JsonSchema);
      if (resolved !== undefined) out.push(resolved);
    }
  }
  return out;
}

function allOfParts(root: JsonSchema, schema: JsonSchemaObject): JsonSchema[] {
  const list = schema.allOf;
  if (!Array.isArray(list)) return [];
  const out: JsonSchema[] = [];
  for (const part of list) {
    const resolved = resolveSchema(root, part as JsonSchema);
    if (resolved !== undefined) out.push(resolved);
  }
  return out;
}

/** The literal values a schema allows through `enum`/`const`, or undefined when it has none. */
export function literalsOf(root: JsonSchema, schema: JsonSchema | undefined, depth = 0): unknown[] | undefined {
  const s = resolveSchema(root, schema);
  if (!isSchemaObject(s) || depth > MAX_DEPTH) return undefined;
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return [...s.enum];
  const branches = alternativesOf(root, s);
  if (branches.length === 0) return undefined;
  const values: unknown[] = [];
  for (const branch of branches) {
    const more = literalsOf(root, branch, depth + 1);
    // One open branch (say `{type: "string"}`) means the values are not a closed list.
    if (more === undefined) return undefined;
    values.push(...more);
  }
  return values;
}

/**
 * The JSON types a schema admits, from `type`, `enum`/`const` values and `anyOf`/`oneOf`
 * branches; undefined when it says nothing about types (anything goes).
 */
export function typesOf(root: JsonSchema, schema: JsonSchema | undefined, depth = 0): Set<JsonType> | undefined {
  const s = resolveSchema(root, schema);
  if (!isSchemaObject(s) || depth > MAX_DEPTH) return undefined;
  const declared = s.type;
  if (typeof declared === 'string' && JSON_TYPES.has(declared)) return new Set([declared as JsonType]);
  if (Array.isArray(declared)) {
    const set = new Set(declared.filter((t): t is JsonType => typeof t === 'string' && JSON_TYPES.has(t)));
    if (set.size > 0) return set;
  }
  const literals = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : undefined;
  if (literals !== undefined) {
    const set = new Set<JsonType>();
    for (const value of literals) {
      const t = jsonTypeOf(value);
      if (t !== 'undefined') set.add(t === 'number' && Number.isInteger(value) ? 'integer' : t);
    }
    return set;
  }
  const branches = alternativesOf(root, s);
  if (branches.length > 0) {
    const set = new Set<JsonType>();
    for (const branch of branches) {
      const more = typesOf(root, branch, depth + 1);
      if (more === undefined) return undefined;
      for (const t of more) set.add(t);
    }
    return set;
  }
  for (const part of allOfParts(root, s)) {
    const more = typesOf(root, part, depth + 1);
    if (more !== undefined) return more;
  }
  // Keywords that only make sense for one type say which type is meant.
  if (isSchemaObject(s.properties) || s.additionalProperties !== undefined || Array.isArray(s.required)) {
    return new Set(['object']);
  }
  if (s.items !== undefined || Array.isArray(s.prefixItems)) return new Set(['array']);
  return undefined;
}

/** Every schema that contributes property declarations: itself, `allOf` parts, `anyOf`/`oneOf` branches. */
function propertySources(root: JsonSchema, schema: JsonSchema | undefined, depth = 0): JsonSchemaObject[] {
  const s = resolveSchema(root, schema);
  if (!isSchemaObject(s) || depth > MAX_DEPTH) return [];
  const out = [s];
  for (const part of [...allOfParts(root, s), ...alternativesOf(root, s)]) {
    out.push(...propertySources(root, part, depth + 1));
  }
  return out;
}

/** Property names declared anywhere in the schema, in declaration order, without duplicates. */
export function declaredProperties(root: JsonSchema, schema: JsonSchema | undefined): string[] {
  const names = new Set<string>();
  for (const source of propertySources(root, schema)) {
    if (isSchemaObject(source.properties)) for (const name of Object.keys(source.properties)) names.add(name);
  }
  return [...names];
}

/** Names listed in `required` of the schema and its `allOf` parts. */
export function requiredProperties(root: JsonSchema, schema: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  const s = resolveSchema(root, schema);
  if (!isSchemaObject(s)) return out;
  for (const source of [s, ...allOfParts(root, s)]) {
    if (!isSchemaObject(source)) continue;
    if (Array.isArray(source.required)) for (const name of source.required) if (typeof name === 'string') out.add(name);
  }
  return out;
}

/** A server's pattern runs on the linear engine; one it cannot run claims no name. */
function patternMatches(pattern: string, name: string): boolean {
  return patternTest(pattern, name);
}

/**
 * The schema for property `name` of an object schema: declared `properties` first, then a
 * matching `patternProperties`, then an `additionalProperties` schema. Undefined when unknown.
 */
export function propertySchema(root: JsonSchema, schema: JsonSchema | undefined, name: string): JsonSchema | undefined {
  const sources = propertySources(root, schema);
  for (const source of sources) {
    const props = source.properties;
    if (isSchemaObject(props) && Object.hasOwn(props, name)) return resolveSchema(root, props[name] as JsonSchema);
  }
  for (const source of sources) {
    const patterns = source.patternProperties;
    if (!isSchemaObject(patterns)) continue;
    for (const [pattern, sub] of Object.entries(patterns)) {
      if (patternMatches(pattern, name)) return resolveSchema(root, sub as JsonSchema);
    }
  }
  for (const source of sources) {
    if (isSchemaObject(source.additionalProperties)) return resolveSchema(root, source.additionalProperties);
  }
  return undefined;
}

/** True when `name` is declared in `properties` or matches a `patternProperties` pattern. */
export function isDeclaredName(root: JsonSchema, schema: JsonSchema | undefined, name: string): boolean {
  for (const source of propertySources(root, schema)) {
    if (isSchemaObject(source.properties) && Object.hasOwn(source.properties, name)) return true;
    if (isSchemaObject(source.patternProperties)) {
      for (const pattern of Object.keys(source.patternProperties)) if (patternMatches(pattern, name)) return true;
    }
  }
  return false;
}

/**
 * How an object schema treats names it does not declare: `closed` (additionalProperties or
 * unevaluatedProperties false), `schema` (an additionalProperties schema admits them), `open`.
 */
export function extraPropertiesPolicy(root: JsonSchema, schema: JsonSchema | undefined): 'closed' | 'schema' | 'open' {
  const s = resolveSchema(root, schema);
  if (!isSchemaObject(s)) return 'open';
  if (s.additionalProperties === false || s.unevaluatedProperties === false) return 'closed';
  if (isSchemaObject(s.additionalProperties)) return 'schema';
  return 'open';
}

/** The schema of the array element at `index` (`prefixItems`, tuple `items`, then `items`). */
export function itemSchema(root: JsonSchema, schema: JsonSchema | undefined, index: number): JsonSchema | undefined {
  const s = resolveSchema(root, schema);
  if (!isSchemaObject(s)) return undefined;
  const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
  if (tuple !== undefined && index < tuple.length) return resolveSchema(root, tuple[index] as JsonSchema);
  if (Array.isArray(s.prefixItems) && s.items !== undefined && !Array.isArray(s.items)) {
    return resolveSchema(root, s.items as JsonSchema);
  }
  if (tuple !== undefined) {
    return s.additionalItems !== undefined ? resolveSchema(root, s.additionalItems as JsonSchema) : undefined;
  }
  if (s.items !== undefined) return resolveSchema(root, s.items as JsonSchema);
  // An array union spelled with anyOf: the first array branch says what the items are.
  for (const branch of alternativesOf(root, s)) {
    if (typesOf(root, branch)?.has('array')) return itemSchema(root, branch, index);
  }
  return undefined;
}
