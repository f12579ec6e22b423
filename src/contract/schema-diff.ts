// Compares two normalised schemas by the values they accept. Every difference found is a
// narrowing (fewer values accepted), a widening (more), or one mcpctl cannot judge; the direction
// decides what breaks: for an input (what a client sends) a narrowing breaks callers, for an
// output (what a client receives) a widening does. What cannot be judged breaks either way.

import { isDeepStrictEqual } from 'node:util';
import type { JsonSegment } from '../config/jsonc.js';
import {
  ANNOTATIONS,
  type AllOfMerger,
  assertions,
  INVALID,
  isSchemaObject,
  RECURSIVE,
  type Schema,
} from './schema-normal.js';

export type Direction = 'input' | 'output';
export type Effect = 'narrows' | 'widens' | 'unknown' | 'describes';
export type Note = (effect: Effect, at: JsonSegment[], message: string) => void;

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
/** Keywords the rules below judge; a change to any other (not an annotation) cannot be judged. */
const JUDGED = new Set([
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  'type',
  'enum',
  'multipleOf',
  'pattern',
  'format',
  'uniqueItems',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'anyOf',
]);

export interface Comparison {
  direction: Direction;
  note: Note;
  merge?: AllOfMerger;
}

const UNJUDGED = 'mcpctl cannot tell whether that changes the values accepted, so it counts as breaking';

/** Differences between `old` and `now` (both normalised; undefined: no schema, anything goes). */
export function compareSchemas(old: Schema, now: Schema, at: JsonSegment[], cmp: Comparison): void {
  const a = asObject(old);
  const b = asObject(now);
  if (a === false || b === false) {
    if (a === b) return;
    if (b === false) cmp.note('narrows', at, 'no value is accepted any more (the schema is false)');
    else cmp.note('widens', at, 'values are accepted where none were (the schema was false)');
    return;
  }
  listAnnotations(a, b, at, cmp);
  const aTrue = assertions(a) === true;
  const bTrue = assertions(b) === true;
  if (aTrue || bTrue) {
    if (aTrue && !bTrue) cmp.note('narrows', at, 'a schema now restricts values that were all accepted');
    else if (bTrue && !aTrue) cmp.note('widens', at, 'the schema no longer restricts values');
    return;
  }
  if (INVALID in a || INVALID in b) {
    if (!isDeepStrictEqual(a, b))
      cmp.note('unknown', at, `a value that is no JSON Schema (not an object or a boolean) changed: ${UNJUDGED}`);
    return;
  }
  if (RECURSIVE in a || RECURSIVE in b || typeof a.$ref === 'string' || typeof b.$ref === 'string') {
    if (!isDeepStrictEqual(assertions(a), assertions(b)))
      cmp.note('unknown', at, `a $ref that mcpctl could not resolve, or a recursion, changed: ${UNJUDGED}`);
    return;
  }
  if (Array.isArray(a.anyOf) || Array.isArray(b.anyOf)) {
    compareAlternatives(a, b, at, cmp);
    return;
  }
  compareType(a, b, at, cmp);
  compareEnum(a, b, at, cmp);
  compareValues(a, b, at, cmp);
  if (a.uniqueItems !== b.uniqueItems && (a.uniqueItems === true || b.uniqueItems === true))
    cmp.note(
      b.uniqueItems === true ? 'narrows' : 'widens',
      [...at, 'uniqueItems'],
      `uniqueItems ${b.uniqueItems === true ? 'added' : 'removed'}`,
    );
  compareObject(a, b, at, cmp);
  compareArray(a, b, at, cmp);
  const others = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    // Each keyword read as a keyword: its value is a schema only where the keyword takes one.
    (k) =>
      !JUDGED.has(k) && !ANNOTATIONS.has(k) && !isDeepStrictEqual(assertions({ [k]: a[k] }), assertions({ [k]: b[k] })),
  );
  for (const key of others) cmp.note('unknown', [...at, key], `${key} changed: ${UNJUDGED}`);
}

/** Whether every value `a` accepts, `b` accepts too, as far as mcpctl can show. */
export function accepts(b: Schema, a: Schema, merge?: AllOfMerger): boolean {
  let contained = true;
  compareSchemas(a, b, [], {
    direction: 'input',
    merge,
    note: (effect) => {
      if (effect === 'narrows' || effect === 'unknown') contained = false;
    },
  });
  return contained;
}

/** `{}` and annotation-only schemas are `true`: false stays false. */
function asObject(s: Schema): false | Record<string, unknown> {
  if (s === false) return false;
  return s === true ? {} : s;
}

function listAnnotations(a: Record<string, unknown>, b: Record<string, unknown>, at: JsonSegment[], cmp: Comparison) {
  const changed = [...ANNOTATIONS].filter((k) => !isDeepStrictEqual(a[k], b[k]));
  if (changed.length) cmp.note('describes', at, `${changed.join(', ')} changed`);
}

function shown(v: unknown): string {
  return JSON.stringify(v);
}

function compareType(a: Record<string, unknown>, b: Record<string, unknown>, at: JsonSegment[], cmp: Comparison) {
  if (isDeepStrictEqual(a.type, b.type)) return;
  const where = [...at, 'type'];
  // Normalised, a type is a list of names; anything else (a number, null) is no type to compare.
  if (!isTypeList(a.type) || !isTypeList(b.type))
    return cmp.note('unknown', where, `type changed from ${shown(a.type)} to ${shown(b.type)}: ${UNJUDGED}`);
  const before = a.type;
  const after = b.type;
  const covers = (set: string[] | undefined, t: string) =>
    set === undefined || set.includes(t) || (t === 'integer' && set.includes('number'));
  const list = (s: string[] | undefined) => (s === undefined ? 'any type' : s.join('|'));
  const lost = before === undefined ? after !== undefined : before.some((t) => !covers(after, t));
  const gained = after === undefined ? before !== undefined : after.some((t) => !covers(before, t));
  if (lost && gained)
    cmp.note(
      'unknown',
      where,
      `type changed from ${list(before)} to ${list(after)}: values of the old type are refused and the reverse`,
    );
  else if (lost) cmp.note('narrows', where, `type narrowed from ${list(before)} to ${list(after)}`);
  else if (gained) cmp.note('widens', where, `type widened from ${list(before)} to ${list(after)}`);
}

function isTypeList(t: unknown): t is string[] | undefined {
  return t === undefined || Array.isArray(t);
}

function compareEnum(a: Record<string, unknown>, b: Record<string, unknown>, at: JsonSegment[], cmp: Comparison) {
  const before = Array.isArray(a.enum) ? a.enum : undefined;
  const after = Array.isArray(b.enum) ? b.enum : undefined;
  const where = [...at, 'enum'];
  if (before === undefined && after === undefined) return;
  if (before === undefined) return cmp.note('narrows', where, `values restricted to ${shown(after)}`);
  if (after === undefined) return cmp.note('widens', where, `the list of values ${shown(before)} removed`);
  const missing = (xs: unknown[], ys: unknown[]) => xs.filter((x) => !ys.some((y) => isDeepStrictEqual(x, y)));
  const removed = missing(before, after);
  const added = missing(after, before);
  const values = (vs: unknown[]) => `value${vs.length > 1 ? 's' : ''} ${vs.map(shown).join(', ')}`;
  if (removed.length) cmp.note('narrows', where, `${values(removed)} no longer accepted`);
  if (added.length) cmp.note('widens', where, `${values(added)} now accepted`);
}

/** A restricting keyword that appeared (narrows) or went (widens); false when it is on both sides. */
function appearedOrWent(x: unknown, y: unknown, key: string, where: JsonSegment[], cmp: Comparison): boolean {
  if (y === undefined) cmp.note('widens', where, `${key} ${shown(x)} removed`);
  else if (x === undefined) cmp.note('narrows', where, `${key} ${shown(y)} added`);
  else return false;
  return true;
}

/** How one value keyword changed, when it is on both sides with different values. */
type ValueRule = (key: string, x: unknown, y: unknown, where: JsonSegment[], cmp: Comparison) => void;

const bound =
  (side: 'lower' | 'upper'): ValueRule =>
  (key, x, y, where, cmp) => {
    if (typeof x !== 'number' || typeof y !== 'number')
      return cmp.note('unknown', where, `${key} changed from ${shown(x)} to ${shown(y)}: ${UNJUDGED}`);
    const tighter = side === 'lower' ? y > x : y < x;
    const verb = side === 'lower' ? (tighter ? 'raised' : 'lowered') : tighter ? 'lowered' : 'raised';
    cmp.note(tighter ? 'narrows' : 'widens', where, `${key} ${verb} from ${x} to ${y}`);
  };

const multiple: ValueRule = (key, x, y, where, cmp) => {
  const divides = (d: unknown, n: unknown) =>
    typeof d === 'number' && typeof n === 'number' && d > 0 && Number.isInteger(n / d);
  if (divides(x, y)) return cmp.note('narrows', where, `${key} changed from ${x} to ${y} (fewer values)`);
  if (divides(y, x)) return cmp.note('widens', where, `${key} changed from ${x} to ${y} (more values)`);
  cmp.note(
    'unknown',
    where,
    `${key} changed from ${shown(x)} to ${shown(y)}: values valid under one are refused by the other`,
  );
};

/** Values mcpctl cannot compare with each other (regular expressions, formats). */
const opaque: ValueRule = (key, x, y, where, cmp) =>
  cmp.note('unknown', where, `${key} changed from ${shown(x)} to ${shown(y)}: ${UNJUDGED}`);

const VALUE_RULES: Record<string, ValueRule> = {
  ...Object.fromEntries(LOWER_BOUNDS.map((k) => [k, bound('lower')])),
  ...Object.fromEntries(UPPER_BOUNDS.map((k) => [k, bound('upper')])),
  multipleOf: multiple,
  pattern: opaque,
  format: opaque,
};

/** The keywords holding one restricting value: added narrows, removed widens, changed by its rule. */
function compareValues(a: Record<string, unknown>, b: Record<string, unknown>, at: JsonSegment[], cmp: Comparison) {
  for (const [key, rule] of Object.entries(VALUE_RULES)) {
    const x = a[key];
    const y = b[key];
    if (isDeepStrictEqual(x, y)) continue;
    const where = [...at, key];
    if (!appearedOrWent(x, y, key, where, cmp)) rule(key, x, y, where, cmp);
  }
}

const noun = (cmp: Comparison) => (cmp.direction === 'input' ? 'input property' : 'output property');

function compareObject(a: Record<string, unknown>, b: Record<string, unknown>, at: JsonSegment[], cmp: Comparison) {
  const extraBefore = (a.additionalProperties ?? true) as Schema;
  const extraAfter = (b.additionalProperties ?? true) as Schema;
  compareExtra(extraBefore, extraAfter, [...at, 'additionalProperties'], cmp);
  const propsA = (isSchemaObject(a.properties) ? a.properties : {}) as Record<string, Schema>;
  const propsB = (isSchemaObject(b.properties) ? b.properties : {}) as Record<string, Schema>;
  const reqA = new Set(Array.isArray(a.required) ? a.required.map(String) : []);
  const reqB = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
  const what = noun(cmp);
  for (const name of Object.keys(propsA)) {
    const here = [...at, 'properties', name];
    if (Object.hasOwn(propsB, name)) compareSchemas(propsA[name]!, propsB[name]!, here, cmp);
    // An input the server no longer declares is ignored or refused; an output no longer described.
    else cmp.note(cmp.direction === 'input' ? 'narrows' : 'widens', here, `${what} "${name}" removed`);
  }
  for (const name of Object.keys(propsB)) {
    if (Object.hasOwn(propsA, name)) continue;
    const here = [...at, 'properties', name];
    // A name required before without a schema of its own is one every client sends: its values
    // were those extra properties could take, and the schema it is given now is judged against them.
    if (reqA.has(name)) {
      cmp.note('describes', here, `${what} "${name}" declared (required before, with no schema of its own)`);
      compareSchemas(extraBefore, propsB[name]!, here, cmp);
      continue;
    }
    const required = reqB.has(name);
    // Declaring a property where any value was allowed narrows only in principle: no client sent
    // one it did not know of. So an optional one is compatible; a required one is judged below.
    cmp.note(
      required ? 'narrows' : cmp.direction === 'input' ? 'widens' : 'narrows',
      here,
      `${required ? 'required' : 'optional'} ${what} "${name}" added`,
    );
    // Where extra properties had to match a schema, a value under this name did too: compared.
    if (isSchemaObject(extraBefore) && assertions(extraBefore) !== true)
      compareSchemas(extraBefore, propsB[name]!, here, cmp);
  }
  for (const name of reqB) {
    if (reqA.has(name) || (Object.hasOwn(propsB, name) && !Object.hasOwn(propsA, name))) continue;
    const declared = Object.hasOwn(propsB, name) ? '' : ' (not declared in properties)';
    cmp.note('narrows', [...at, 'required'], `${what} "${name}" became required${declared}`);
  }
  for (const name of reqA) {
    if (reqB.has(name) || (!Object.hasOwn(propsB, name) && Object.hasOwn(propsA, name))) continue;
    cmp.note(
      'widens',
      [...at, 'required'],
      cmp.direction === 'input' ? `${what} "${name}" became optional` : `${what} "${name}" is no longer always present`,
    );
  }
}

function compareExtra(before: Schema, after: Schema, at: JsonSegment[], cmp: Comparison) {
  const free = (s: Schema) => s === true || assertions(s) === true;
  if (free(before) && free(after)) return;
  if (after === false && before !== false) return cmp.note('narrows', at, 'extra properties are no longer accepted');
  if (before === false && after !== false) return cmp.note('widens', at, 'extra properties are now accepted');
  if (free(before)) return cmp.note('narrows', at, 'extra properties must now match a schema');
  if (free(after)) return cmp.note('widens', at, 'extra properties no longer have to match a schema');
  compareSchemas(before, after, at, cmp);
}

/** The schema for each position of an array: a tuple's members, then what applies after them. */
function arrayParts(s: Record<string, unknown>): { tuple: Schema[]; rest: Schema; form?: 'items' | 'prefixItems' } {
  if (Array.isArray(s.prefixItems))
    return { tuple: s.prefixItems as Schema[], rest: (s.items ?? true) as Schema, form: 'prefixItems' };
  if (Array.isArray(s.items))
    return { tuple: s.items as Schema[], rest: (s.additionalItems ?? true) as Schema, form: 'items' };
  return { tuple: [], rest: (s.items ?? true) as Schema };
}

function compareArray(a: Record<string, unknown>, b: Record<string, unknown>, at: JsonSegment[], cmp: Comparison) {
  const x = arrayParts(a);
  const y = arrayParts(b);
  // What follows the tuple: additionalItems in draft-07's form, items otherwise.
  const restKey = (p: { form?: string }) => (p.form === 'items' ? 'additionalItems' : 'items');
  // No tuple on either side (an empty one is none): only what follows.
  if (x.tuple.length === 0 && y.tuple.length === 0) return compareSchemas(x.rest, y.rest, [...at, restKey(y)], cmp);
  if (x.form !== y.form && y.form !== undefined)
    cmp.note('describes', [...at, y.form], `the array became a tuple (${y.form}: [${y.tuple.length} schemas])`);
  const positions = Math.max(x.tuple.length, y.tuple.length);
  for (let i = 0; i < positions; i++)
    compareSchemas(x.tuple[i] ?? x.rest, y.tuple[i] ?? y.rest, [...at, y.form ?? x.form ?? 'items', i], cmp);
  compareSchemas(x.rest, y.rest, [...at, restKey(y)], cmp);
}

/** anyOf on either side: each side a list of alternatives, compared by containment. */
function compareAlternatives(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  at: JsonSegment[],
  cmp: Comparison,
) {
  if (isDeepStrictEqual(assertions(a), assertions(b))) return;
  const before = alternatives(a, cmp.merge);
  const after = alternatives(b, cmp.merge);
  const where = [...at, 'anyOf'];
  if (!before || !after)
    return cmp.note(
      'unknown',
      where,
      `anyOf changed, beside other keywords mcpctl could not merge into it: ${UNJUDGED}`,
    );
  const within = (xs: Schema[], ys: Schema[]) => xs.every((x) => ys.some((y) => accepts(y, x, cmp.merge)));
  const oldInNew = within(before, after);
  const newInOld = within(after, before);
  if (oldInNew && newInOld) return;
  const count = `${plural(before.length, 'alternative')} before, ${after.length} now`;
  // Containment is shown alternative by alternative: what it shows is so, what it fails to show
  // may still be so, and the messages say no more than that.
  if (oldInNew) return cmp.note('widens', where, `anyOf changed: every value accepted before still is (${count})`);
  if (newInOld)
    return cmp.note(
      'narrows',
      where,
      `anyOf changed: every value accepted now was accepted before, and mcpctl cannot show the reverse (${count})`,
    );
  cmp.note(
    'unknown',
    where,
    `anyOf changed: mcpctl cannot show that the new alternatives accept what the old ones did, or the reverse, so it counts as breaking (${count})`,
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A schema of several types as one alternative per type: `{type: [string, null]}` is string or null. */
function byType(s: Schema): Schema[] {
  if (!isSchemaObject(s) || s.type === undefined) return [s];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.map((t) => ({ ...s, type: [t] }));
}

/** A schema as a list of alternatives (its other keywords merged into each), or undefined when they do not merge. */
function alternatives(s: Record<string, unknown>, merge?: AllOfMerger): Schema[] | undefined {
  if (!Array.isArray(s.anyOf)) return byType(s);
  const { anyOf, ...rest } = s;
  const branches = anyOf as Schema[];
  if (assertions(rest) === true) return branches.flatMap(byType);
  if (!merge) return undefined;
  try {
    return branches.flatMap((branch) => byType(merge({ allOf: [rest, branch] })));
  } catch {
    return undefined;
  }
}
