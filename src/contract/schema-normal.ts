// A JSON Schema rewritten so that two schemas accepting the same values look alike, for diff:
// local $refs replaced by what they point at, allOf merged into one schema, x-* keywords
// dropped, `const` written as a one-value `enum`, `type` and `required` as sorted lists, oneOf's
// branches in one order, one-member anyOf/oneOf unwrapped. Annotations (description, default, …) stay, to be listed, not judged.

import { isDeepStrictEqual } from 'node:util';
import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLES } from '../lint/schema-walk.js';

export type Schema = boolean | { [key: string]: unknown };
export type SchemaObject = { [key: string]: unknown };

/** Keywords that describe and never refuse a value. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
]);
/** Keywords that only name or hold things for $ref: gone once every $ref is replaced. */
const PLUMBING: ReadonlySet<string> = new Set(['$defs', 'definitions', '$id', 'id', '$anchor', '$schema']);

/** A recursion met while inlining: `$recursive: n` points at the nth enclosing $ref target (0: the nearest). */
export const RECURSIVE = '$recursive';
/** Stands for a value where a schema belongs that is none (a string, a number): compared as written. */
export const INVALID = '$invalid';
/**
 * More inlined nodes than this (a web of shared $refs) and the schema is not inlined at all: a
 * part left as written would compare equal while the definitions it points at differ.
 */
const INLINE_BUDGET = 20_000;
/** Beside `$ref: '#'`, the whole schema as written, where it was too large to inline. */
const AS_WRITTEN = '$asWritten';

/** Merges `{allOf: [...]}` into one schema; throws when the members cannot be merged. */
export type AllOfMerger = (schema: SchemaObject) => Schema;

export function isSchemaObject(s: unknown): s is SchemaObject {
  return s !== null && typeof s === 'object' && !Array.isArray(s);
}

/**
 * Whether normalising may have to merge schemas, so that the merging library is worth loading:
 * an allOf, a $ref beside other keywords, one-member anyOf/oneOf, anyOf beside other keywords.
 */
export function mayMerge(schema: unknown): boolean {
  const text = JSON.stringify(schema ?? null);
  return ['"allOf"', '"$ref"', '"anyOf"', '"oneOf"'].some((keyword) => text.includes(keyword));
}

/**
 * Loads json-schema-merge-allof: only diffs that meet an allOf pay for it (lodash and all). The
 * library intersects type lists as plain sets, so every `number` is given its `integer` first
 * (`[integer, string]` and `[number, string]` have integers in common); what it writes is brought
 * back to our spelling of `type` at every level.
 */
export async function loadAllOfMerger(): Promise<AllOfMerger> {
  const { default: merge } = await import('json-schema-merge-allof');
  return (schema) => {
    // The library's default (ignoreAdditionalProperties false) keeps a member's
    // additionalProperties refusing the properties another member declares.
    const merged = merge(retype(schema, withIntegers) as SchemaObject);
    return retype(merged, typeList) as Schema;
  };
}

interface Inline {
  root: unknown;
  /** The $ref targets being inlined, outermost first (the root document is the first). */
  stack: unknown[];
  budget: { left: number };
  merge?: AllOfMerger;
}

/** Thrown when inlining has made more nodes than INLINE_BUDGET. */
class OverBudget extends Error {}

/** `schema` normalised (see the file header); `merge` is needed when it uses allOf. */
export function normaliseSchema(schema: unknown, merge?: AllOfMerger): Schema | undefined {
  if (schema === undefined) return undefined;
  try {
    return normal(schema, { root: schema, stack: [schema], budget: { left: INLINE_BUDGET }, merge });
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
    // A $ref to the document, which diff compares as written: any change in it cannot be judged.
    return { $ref: '#', [AS_WRITTEN]: schema };
  }
}

function normal(node: unknown, ctx: Inline): Schema {
  if (typeof node === 'boolean') return node;
  // Not a schema at all: kept as it is, so that any change to it is seen and not judged.
  if (!isSchemaObject(node)) return { [INVALID]: node };
  if (--ctx.budget.left < 0) throw new OverBudget();
  if (typeof node.$ref === 'string') return withRef(node, node.$ref, ctx);
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || PLUMBING.has(key)) continue;
    out[key] = subschemas(key, value, (sub) => normal(sub, ctx));
  }
  return canonical(out, ctx);
}

/** A keyword's value with each of its subschemas replaced by `each` of it. */
function subschemas(key: string, value: unknown, each: (sub: unknown) => unknown): unknown {
  if (SCHEMA_MAPS.includes(key) && isSchemaObject(value))
    return Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, each(sub)]));
  if ((SCHEMA_LISTS.includes(key) || SCHEMA_SINGLES.includes(key)) && Array.isArray(value)) return value.map(each);
  if (SCHEMA_SINGLES.includes(key)) return each(value);
  return value;
}

/** A `$ref` to a place in the same document, replaced by that place (its siblings merged in). */
function withRef(node: SchemaObject, ref: string, ctx: Inline): Schema {
  const target = ref.startsWith('#') ? pointer(ctx.root, ref) : undefined;
  // Not local, or pointing nowhere: left for diff to compare as written.
  if (target === undefined) return { ...node };
  const { $ref: _replaced, ...siblings } = node;
  const depth = ctx.stack.indexOf(target);
  let resolved: Schema;
  if (depth >= 0) resolved = { [RECURSIVE]: ctx.stack.length - 1 - depth };
  else {
    ctx.stack.push(target);
    resolved = normal(target, ctx);
    ctx.stack.pop();
  }
  if (Object.keys(siblings).length === 0) return resolved;
  // Siblings first, so that their description wins over the target's when merged.
  return normal({ allOf: [siblings, resolved] }, ctx);
}

/** The value at a JSON Pointer fragment (`#/$defs/a~1b`), or undefined. */
function pointer(root: unknown, ref: string): unknown {
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined; // an anchor name: not followed
  let here: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** One spelling for what can be said several ways. */
function canonical(s: SchemaObject, ctx: Inline): Schema {
  if (s.const !== undefined) {
    const { const: value, ...rest } = s;
    const inEnum = !Array.isArray(rest.enum) || rest.enum.some((v) => isDeepStrictEqual(v, value));
    return canonical({ ...rest, enum: inEnum ? [value] : [] }, ctx);
  }
  if (typeof s.type === 'string' || Array.isArray(s.type)) s.type = typeList(s.type);
  if (Array.isArray(s.required)) s.required = [...new Set(s.required.map(asText))].sort();
  // Diff compares a oneOf whole (it does not judge one), and the order of its branches means nothing.
  if (Array.isArray(s.oneOf)) s.oneOf = inOneOrder(s.oneOf);
  for (const key of ['anyOf', 'oneOf'])
    if (Array.isArray(s[key]) && (s[key] as unknown[]).length === 1) {
      const {
        [key]: [only],
        ...rest
      } = s as { [k: string]: unknown[] };
      return normal({ allOf: [rest, only] }, ctx);
    }
  if (Array.isArray(s.allOf)) return mergeAllOf(s, ctx);
  return s;
}

/** Schemas sorted by what each asserts, as JSON with its keys sorted: annotations do not move them. */
function inOneOrder(schemas: unknown[]): unknown[] {
  const text = (schema: unknown) =>
    JSON.stringify(assertions(schema), (_key, value: unknown) =>
      isSchemaObject(value) ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1))) : value,
    );
  return schemas
    .map((schema) => ({ schema, key: text(schema) }))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
    .map(({ schema }) => schema);
}

/** allOf merged by the library; what it cannot merge stays an allOf, which diff compares as written. */
function mergeAllOf(s: SchemaObject, ctx: Inline): Schema {
  const members = s.allOf as Schema[];
  const { allOf: _merged, ...rest } = s;
  const parts = Object.keys(rest).length ? [rest, ...members] : members;
  if (parts.length === 1) return parts[0]!;
  if (!ctx.merge) return s;
  let merged: Schema;
  try {
    merged = ctx.merge({ allOf: parts });
  } catch {
    return s;
  }
  // Normalised again: the library writes some things its own way (two nots as the not of an anyOf,
  // which may have one member).
  return normal(merged, ctx);
}

/** `type` (a name or a list of them) as a list: each type once, sorted, no `integer` beside `number`, which holds it. */
/**
 * A name of a list a schema gives (a type, a required property) as text; a name that is no
 * string, which only a broken or hostile schema has, as its JSON (String() throws on some).
 */
function asText(name: unknown): string {
  return typeof name === 'string' ? name : (JSON.stringify(name) ?? String(name));
}

function typeList(type: string | unknown[]): string[] {
  const list = [...new Set(Array.isArray(type) ? type.map(asText) : [type])].sort();
  return list.includes('number') ? list.filter((t) => t !== 'integer') : list;
}

/** `type` as a list that names `integer` wherever it names `number`, for a merger that intersects sets. */
function withIntegers(type: string | unknown[]): string[] {
  const list = typeList(type);
  return list.includes('number') ? [...list, 'integer'] : list;
}

/** `schema` with `type` rewritten at every level where it is a name or a list. */
function retype(schema: unknown, rewrite: (type: string | unknown[]) => string[]): unknown {
  if (!isSchemaObject(schema)) return schema;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) out[key] = subschemas(key, value, (sub) => retype(sub, rewrite));
  if (typeof out.type === 'string' || Array.isArray(out.type)) out.type = rewrite(out.type);
  return out;
}

/** A schema with its annotations removed at every level, for "accepts the same values" by equality. */
export function assertions(s: unknown): unknown {
  if (!isSchemaObject(s)) return s;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(s))
    if (!ANNOTATIONS.has(key)) out[key] = subschemas(key, value, assertions);
  return Object.keys(out).length === 0 ? true : out;
}
