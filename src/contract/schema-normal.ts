// A JSON Schema rewritten so that two schemas accepting the same values look alike, for diff:
// local $refs replaced by what they point at, allOf merged into one schema, x-* keywords
// dropped, `const` written as a one-value `enum`, `type` as a sorted list, one-member
// anyOf/oneOf unwrapped. Annotations (description, default, …) stay, to be listed, not judged.

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
/** More inlined nodes than this (a web of shared $refs): the rest is left as a $ref, which diff cannot judge. */
const INLINE_BUDGET = 20_000;

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

/** Loads json-schema-merge-allof: only diffs that meet an allOf pay for it (lodash and all). */
export async function loadAllOfMerger(): Promise<AllOfMerger> {
  const { default: merge } = await import('json-schema-merge-allof');
  return (schema) => merge(schema, { ignoreAdditionalProperties: false }) as Schema;
}

interface Inline {
  root: unknown;
  /** The $ref targets being inlined, outermost first (the root document is the first). */
  stack: unknown[];
  budget: { left: number };
  merge?: AllOfMerger;
}

/** `schema` normalised (see the file header); `merge` is needed when it uses allOf. */
export function normaliseSchema(schema: unknown, merge?: AllOfMerger): Schema | undefined {
  if (schema === undefined) return undefined;
  return normal(schema, { root: schema, stack: [schema], budget: { left: INLINE_BUDGET }, merge });
}

function normal(node: unknown, ctx: Inline): Schema {
  if (typeof node === 'boolean') return node;
  // Not a schema at all: kept as it is, so that any change to it is seen and not judged.
  if (!isSchemaObject(node)) return { [INVALID]: node };
  if (--ctx.budget.left < 0) return { ...node };
  if (typeof node.$ref === 'string') return withRef(node, node.$ref, ctx);
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || PLUMBING.has(key)) continue;
    out[key] = subschemas(key, value, ctx);
  }
  return canonical(out, ctx);
}

/** A keyword's value with its subschemas normalised. */
function subschemas(key: string, value: unknown, ctx: Inline): unknown {
  if (SCHEMA_MAPS.includes(key) && isSchemaObject(value))
    return Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, normal(sub, ctx)]));
  if ((SCHEMA_LISTS.includes(key) || SCHEMA_SINGLES.includes(key)) && Array.isArray(value))
    return value.map((sub) => normal(sub, ctx));
  if (SCHEMA_SINGLES.includes(key)) return normal(value, ctx);
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
  if (typeof s.type === 'string' || Array.isArray(s.type)) {
    const list = [...new Set(Array.isArray(s.type) ? s.type.map(String) : [s.type])].sort();
    s.type = list.includes('number') ? list.filter((t) => t !== 'integer') : list;
  }
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

/** allOf merged by the library; what it cannot merge stays an allOf, which diff compares as written. */
function mergeAllOf(s: SchemaObject, ctx: Inline): Schema {
  const members = s.allOf as Schema[];
  const { allOf: _merged, ...rest } = s;
  const parts = Object.keys(rest).length ? [rest, ...members] : members;
  if (parts.length === 1) return parts[0]!;
  if (!ctx.merge) return s;
  try {
    const merged = ctx.merge({ allOf: parts });
    return isSchemaObject(merged) ? canonicalAfterMerge(merged) : merged;
  } catch {
    return s;
  }
}

/** The library writes enum and type its own way; brought back to ours. */
function canonicalAfterMerge(s: SchemaObject): Schema {
  if (typeof s.type === 'string') s.type = [s.type];
  if (Array.isArray(s.type)) s.type = [...s.type].sort();
  return s;
}

/** A schema with its annotations removed at every level, for "accepts the same values" by equality. */
export function assertions(s: unknown): unknown {
  if (!isSchemaObject(s)) return s;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(s)) {
    if (ANNOTATIONS.has(key)) continue;
    if (SCHEMA_MAPS.includes(key) && isSchemaObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([n, sub]) => [n, assertions(sub)]));
    else if ((SCHEMA_LISTS.includes(key) || SCHEMA_SINGLES.includes(key)) && Array.isArray(value))
      out[key] = value.map(assertions);
    else if (SCHEMA_SINGLES.includes(key)) out[key] = assertions(value);
    else out[key] = value;
  }
  return Object.keys(out).length === 0 ? true : out;
}
