// The normalisation diff compares schemas by (schema-normal.ts), seen as `mcpctl diff` shows it:
// two input schemas that accept the same values list no change, two that differ are classed and
// placed by what changed; then the laws of the normal form over generated schemas (fast-check).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { diffContracts, type Change } from '../../src/contract/diff.js';
import { CONTRACT_FORMAT, type Contract } from '../../src/contract/snapshot.js';
import { loadAllOfMerger, mayMerge, normaliseSchema, RECURSIVE } from '../../src/contract/schema-normal.js';

type Schema = Record<string, unknown>;
type Tool = Contract['tools'][number];

const IN = 'tools.t.inputSchema';
const P = `${IN}.properties.p`;

function contract(inputSchema: Schema): Contract {
  return {
    format: CONTRACT_FORMAT,
    server: { name: 'shop', version: '1.0.0' },
    capabilities: { tools: {} },
    tools: [{ name: 't', inputSchema: inputSchema as Tool['inputSchema'] }],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
}

/** What `mcpctl diff` lists for a tool whose input schema went from `old` to `now`. */
function diffInput(old: Schema, now: Schema): Promise<Change[]> {
  return diffContracts(contract(old), contract(now));
}

/** A schema whose one property `p` is `schema`. */
const prop = (schema: unknown): Schema => ({ type: 'object', properties: { p: schema } });

const UNRESOLVED = /^a \$ref that mcpctl could not resolve, or a recursion, changed: /;

// Pairs that accept the same values, each written two ways.
const SAME: [string, Schema, Schema][] = [
  ['const and a one-value enum', prop({ const: 'a' }), prop({ enum: ['a'] })],
  ['const inside its enum', prop({ const: 'a', enum: ['a', 'b'] }), prop({ const: 'a' })],
  ['const null', prop({ const: null }), prop({ enum: [null] })],
  [
    'type as a name, a list, reordered, repeated',
    prop({ type: ['string', 'null', 'string'] }),
    prop({ type: ['null', 'string'] }),
  ],
  [
    'required names reordered and repeated, inside a not',
    prop({ not: { required: ['b', 'a', 'b'] } }),
    prop({ not: { required: ['a', 'b'] } }),
  ],
  [
    'integer beside number, inside a not',
    prop({ not: { type: ['integer', 'number'] } }),
    prop({ not: { type: 'number' } }),
  ],
  [
    'an allOf that accepts nothing, its types written two ways',
    prop({ allOf: [{ type: 'string' }, { type: ['number', 'integer'] }] }),
    prop({ allOf: [{ type: 'string' }, { type: 'number' }] }),
  ],
  ['a one-member oneOf', prop({ oneOf: [{ type: 'string', minLength: 1 }] }), prop({ type: 'string', minLength: 1 })],
  [
    'oneOf branches reordered',
    prop({ oneOf: [{ type: 'string' }, { type: 'number' }] }),
    prop({ oneOf: [{ type: 'number' }, { type: 'string' }] }),
  ],
  [
    'oneOf branches reordered, their keys written in another order, a description of one changed, inside a not',
    prop({ not: { oneOf: [{ type: 'string', description: 'a', minLength: 1 }, { type: 'number' }, true] } }),
    prop({ not: { oneOf: [true, { type: 'number' }, { minLength: 1, description: 'b', type: 'string' }] } }),
  ],
  [
    'a one-member anyOf inside a not',
    prop({ not: { anyOf: [{ type: 'string' }] } }),
    prop({ not: { type: 'string' } }),
  ],
  [
    'a one-member anyOf beside other keywords',
    prop({ minLength: 1, anyOf: [{ type: 'string' }] }),
    prop({ type: 'string', minLength: 1 }),
  ],
  [
    'an allOf beside other keywords',
    prop({ minLength: 1, allOf: [{ type: 'string' }, { maxLength: 5 }] }),
    prop({ type: 'string', minLength: 1, maxLength: 5 }),
  ],
  [
    'an allOf of type lists: integers are numbers',
    prop({ allOf: [{ type: ['string', 'integer'] }, { type: ['number', 'string'] }] }),
    prop({ type: ['integer', 'string'] }),
  ],
  [
    'an allOf of integer and number',
    prop({ allOf: [{ type: 'integer' }, { type: 'number' }] }),
    prop({ type: 'integer' }),
  ],
  [
    'an allOf of properties and of items, merged below the top',
    {
      type: 'object',
      allOf: [
        { properties: { a: { type: 'string' }, b: { items: { type: ['boolean', 'string'] } } } },
        { properties: { a: { type: ['string', 'boolean'] }, b: { items: { type: ['string', 'null'] } } } },
      ],
    },
    { type: 'object', properties: { a: { type: 'string' }, b: { items: { type: 'string' } } } },
  ],
  [
    "an allOf member's additionalProperties refusing what another declares",
    {
      type: 'object',
      allOf: [
        { properties: { a: { type: 'string' } }, additionalProperties: false },
        { properties: { b: { type: 'string' } } },
      ],
    },
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
  ],
  [
    'a $ref to a definition, and one beside other keywords',
    {
      type: 'object',
      properties: { p: { $ref: '#/$defs/s' }, q: { $ref: '#/definitions/s', maxLength: 3 } },
      $defs: { s: { type: 'string' } },
      definitions: { s: { type: 'string' } },
    },
    { type: 'object', properties: { p: { type: 'string' }, q: { type: 'string', maxLength: 3 } } },
  ],
  [
    'pointers with ~1, ~0 and percent escapes',
    {
      type: 'object',
      properties: { p: { $ref: '#/$defs/a~1b' }, q: { $ref: '#/$defs/c~0d' }, r: { $ref: '#/$defs/e%20f' } },
      $defs: { 'a/b': { type: 'string' }, 'c~d': { type: 'number' }, 'e f': { type: 'boolean' } },
    },
    { type: 'object', properties: { p: { type: 'string' }, q: { type: 'number' }, r: { type: 'boolean' } } },
  ],
  [
    'a recursive definition reached directly or through another $ref',
    {
      type: 'object',
      properties: { p: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
    },
    {
      type: 'object',
      properties: { p: { $ref: '#/$defs/alias' } },
      $defs: {
        alias: { $ref: '#/$defs/node' },
        node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } },
      },
    },
  ],
  [
    'a recursion to the document by # and by a definition of the whole',
    { type: 'object', properties: { child: { $ref: '#' } } },
    {
      $ref: '#/$defs/tree',
      $defs: { tree: { type: 'object', properties: { child: { $ref: '#/$defs/tree' } } } },
    },
  ],
  [
    'x-* keywords, $id, id and $anchor changed',
    prop({ type: 'string', 'x-order': 1, $id: 'p', id: 'p', $anchor: 'p' }),
    prop({ type: 'string', 'x-order': 2, $id: 'q', id: 'q', $anchor: 'q' }),
  ],
  [
    'a definition no $ref uses changed',
    { type: 'object', $defs: { unused: { type: 'string' } } },
    { type: 'object', $defs: { unused: { type: 'number' } } },
  ],
  [
    'descriptions inside a not: of it, its properties, tuple items and anyOf members',
    prop({
      not: {
        description: 'a',
        properties: { a: { title: 'a' } },
        items: [{ description: 'a' }],
        anyOf: [{ type: 'string', description: 'a' }, { type: 'number' }],
      },
    }),
    prop({
      not: {
        description: 'b',
        properties: { a: { title: 'b' } },
        items: [{ description: 'b' }],
        anyOf: [{ type: 'string', description: 'b' }, { type: 'number' }],
      },
    }),
  ],
  [
    'an anyOf beside keywords, its merged alternatives typed below the top',
    {
      type: 'object',
      properties: { a: { type: 'string' } },
      anyOf: [{ properties: { a: { type: ['string', 'null'] } } }, { required: ['a'] }],
    },
    {
      type: 'object',
      properties: { a: { type: 'string' } },
      anyOf: [{ properties: { a: { type: 'string' } } }, { required: ['a'] }],
    },
  ],
  [
    'two nots merged, and the not of their anyOf',
    prop({ allOf: [{ not: { type: 'string' } }, { not: { type: 'null' } }] }),
    prop({ not: { anyOf: [{ type: 'string' }, { type: 'null' }] } }),
  ],
  ['a not merged alone', prop({ allOf: [{}, { not: { type: 'string' } }] }), prop({ not: { type: 'string' } })],
];

for (const [name, old, now] of SAME) {
  test(`the same values: ${name}: no change`, async () => {
    assert.deepEqual(await diffInput(old, now), []);
    assert.deepEqual(await diffInput(now, old), []);
  });
}

const ANNOTATION_VALUES: [string, unknown][] = [
  ['title', 'Name'],
  ['description', 'The name'],
  ['default', 'x'],
  ['examples', ['x']],
  ['$comment', 'why'],
  ['deprecated', true],
  ['readOnly', true],
  ['writeOnly', true],
  ['contentMediaType', 'text/plain'],
  ['contentEncoding', 'base64'],
  ['contentSchema', { type: 'string' }],
];

test('an annotation added: one compatible change naming it, also on a schema of annotations alone', async () => {
  for (const [key, value] of ANNOTATION_VALUES) {
    assert.deepEqual(
      await diffInput(prop({ type: 'string' }), prop({ type: 'string', [key]: value })),
      [{ class: 'compatible', path: P, message: `${key} changed` }],
      key,
    );
    assert.deepEqual(
      await diffInput(prop({}), prop({ [key]: value })),
      [{ class: 'compatible', path: P, message: `${key} changed` }],
      `${key} alone`,
    );
  }
});

/** A web of definitions each using the next twice: 2^31 nodes were it inlined. */
function web(last: Schema): Schema {
  const $defs: Schema = { d30: last };
  for (let i = 0; i < 30; i++)
    $defs[`d${i}`] = {
      type: 'object',
      properties: { a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } },
    };
  return { type: 'object', properties: { root: { $ref: '#/$defs/d0' } }, $defs };
}

const NODE = { type: 'object', properties: { next: { $ref: '#/$defs/node' } } };

// Pairs that accept different values: [name, old, new, class, path, message].
const DIFFERENT: [string, Schema, Schema, Change['class'], string, RegExp][] = [
  [
    'a const outside its enum (no value) left alone',
    prop({ const: 'c', enum: ['a', 'b'] }),
    prop({ const: 'c' }),
    'compatible',
    `${P}.enum`,
    /^value "c" now accepted$/,
  ],
  ['a $ref to another document changed', prop({ $ref: 'a' }), prop({ $ref: 'b' }), 'breaking', P, UNRESOLVED],
  [
    'a $ref to a relative path changed',
    { ...prop({ $ref: './$defs/s' }), $defs: { s: { type: 'string' } } },
    { ...prop({ $ref: './$defs/t' }), $defs: { t: { type: 'string' } } },
    'breaking',
    P,
    UNRESOLVED,
  ],
  [
    'a pointer with a broken percent escape changed',
    prop({ $ref: '#/$defs/%E0%A4%A' }),
    prop({ $ref: '#/$defs/%E0%A4%B' }),
    'breaking',
    P,
    UNRESOLVED,
  ],
  [
    'a pointer through a string changed',
    prop({ $ref: '#/type/0' }),
    prop({ $ref: '#/type/1' }),
    'breaking',
    P,
    UNRESOLVED,
  ],
  [
    'a pointer through null changed',
    { ...prop({ $ref: '#/x/a' }), x: null },
    { ...prop({ $ref: '#/x/b' }), x: null },
    'breaking',
    P,
    UNRESOLVED,
  ],
  [
    'a pointer through a missing name changed',
    prop({ $ref: '#/$defs/gone/a' }),
    prop({ $ref: '#/$defs/gone/b' }),
    'breaking',
    P,
    UNRESOLVED,
  ],
  [
    'a pointer to an inherited name (no definition) changed',
    { ...prop({ $ref: '#/$defs/toString' }), $defs: {} },
    { ...prop({ $ref: '#/$defs/valueOf' }), $defs: {} },
    'breaking',
    P,
    UNRESOLVED,
  ],
  [
    'an anchor (not followed) changed, where the root has keys like its name',
    { ...prop({ $ref: '#_a' }), a: { type: 'string' }, b: { type: 'string' } },
    { ...prop({ $ref: '#_b' }), a: { type: 'string' }, b: { type: 'string' } },
    'breaking',
    P,
    UNRESOLVED,
  ],
  [
    'a value that is no schema changed',
    prop('string'),
    prop('number'),
    'breaking',
    P,
    /^a value that is no JSON Schema \(not an object or a boolean\) changed: /,
  ],
  [
    'null where a schema belongs, made a schema',
    prop(null),
    prop({ type: 'string' }),
    'breaking',
    P,
    /^a value that is no JSON Schema/,
  ],
  ['a list where a schema belongs changed', prop(['a']), prop(['b']), 'breaking', P, /^a value that is no JSON Schema/],
  [
    'a recursion pointed at the document instead of the node',
    { type: 'object', properties: { p: { $ref: '#/$defs/node' } }, $defs: { node: NODE } },
    {
      type: 'object',
      properties: { p: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { next: { $ref: '#' } } } },
    },
    'breaking',
    `${P}.properties.next`,
    UNRESOLVED,
  ],
  [
    'a recursive property made free',
    { type: 'object', properties: { p: { $ref: '#/$defs/node' } }, $defs: { node: NODE } },
    { type: 'object', properties: { p: { type: 'object', properties: { next: {} } } } },
    'compatible',
    `${P}.properties.next`,
    /^the schema no longer restricts values$/,
  ],
  [
    'a property beside a recursion to the document narrowed',
    { type: 'object', properties: { child: { $ref: '#' }, n: { type: 'string' } } },
    { type: 'object', properties: { child: { $ref: '#' }, n: { type: 'string', maxLength: 5 } } },
    'breaking',
    `${IN}.properties.n.maxLength`,
    /^maxLength 5 added$/,
  ],
  [
    'an allOf that cannot be merged changed',
    prop({ allOf: [{ type: 'string' }, { type: 'number' }] }),
    prop({ allOf: [{ type: 'string' }, { type: 'boolean' }] }),
    'breaking',
    `${P}.allOf`,
    /^allOf changed: mcpctl cannot tell/,
  ],
  [
    'a bound inside a not changed',
    prop({ not: { minimum: 1 } }),
    prop({ not: { minimum: 2 } }),
    'breaking',
    `${P}.not`,
    /^not changed: mcpctl cannot tell/,
  ],
  [
    'an enum of objects keyed title, inside a not, changed (data, not an annotation)',
    prop({ not: { enum: [{ title: 'a' }] } }),
    prop({ not: { enum: [{ title: 'b' }] } }),
    'breaking',
    `${P}.not`,
    /^not changed: /,
  ],
  [
    'a web of $refs too large to inline, changed at its far end',
    web({ type: 'string' }),
    web({ type: 'number' }),
    'breaking',
    IN,
    UNRESOLVED,
  ],
];

for (const [name, old, now, cls, path, message] of DIFFERENT) {
  test(`different values: ${name}: one ${cls} change`, async () => {
    const changes = await diffInput(old, now);
    assert.equal(changes.length, 1, JSON.stringify(changes, null, 2));
    assert.equal(changes[0]!.class, cls);
    assert.equal(changes[0]!.path, path);
    assert.match(changes[0]!.message, message);
  });
}

test('a web of $refs too large to inline, unchanged: no change', async () => {
  assert.deepEqual(await diffInput(web({ type: 'string' }), web({ type: 'string' })), []);
});

test('the normal form: $recursive counts enclosing $ref targets from the nearest; a lone $ref needs no merger', () => {
  const schema = {
    properties: { n: { $ref: '#/$defs/n' }, top: { $ref: '#' } },
    $defs: { n: { properties: { self: { $ref: '#/$defs/n' }, up: { $ref: '#' } } } },
  };
  assert.deepEqual(normaliseSchema(schema), {
    properties: {
      n: { properties: { self: { [RECURSIVE]: 0 }, up: { [RECURSIVE]: 1 } } },
      top: { [RECURSIVE]: 0 },
    },
  });
  assert.equal(normaliseSchema(undefined), undefined);
  assert.deepEqual(normaliseSchema({ allOf: [{ type: 'string' }] }), { type: ['string'] });
});

test('mayMerge: the merging library is loaded only for allOf, $ref, anyOf or oneOf', () => {
  for (const keyword of ['allOf', '$ref', 'anyOf', 'oneOf'])
    assert.equal(mayMerge([{ inputSchema: { properties: { p: { [keyword]: [] } } } }]), true, keyword);
  assert.equal(mayMerge([{ inputSchema: { type: 'object', properties: { ref: { type: 'string' } } } }]), false);
  assert.equal(mayMerge(undefined), false);
});

// Generated schemas: a small grammar of the keywords diff judges and the ways to combine them.
const TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'];
const { schema: schemaArb } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      {
        type: fc.oneof(fc.constantFrom(...TYPES), fc.array(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 })),
        minimum: fc.integer({ min: -3, max: 3 }),
        maxLength: fc.nat(4),
        enum: fc.array(fc.constantFrom('a', 'b', 1, null), { minLength: 1, maxLength: 3 }),
        const: fc.constantFrom('a', 1),
        description: fc.constantFrom('x', 'y'),
      },
      { requiredKeys: [] },
    ),
    fc.boolean(),
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('schema'), { maxKeys: 3 }),
        required: fc.subarray(['a', 'b']),
        additionalProperties: tie('schema'),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constant('array'), items: tie('schema'), minItems: fc.nat(3) }, { requiredKeys: ['type'] }),
    fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.tuple(tie('schema')) }),
    fc.record({ allOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie('schema') }),
    fc.constant({ $ref: '#/$defs/d' }),
  ),
}));
/** An input schema: properties of generated schemas, and a definition they may $ref. */
const inputArb = fc.record({
  type: fc.constant('object'),
  properties: fc.dictionary(fc.constantFrom('p', 'q'), schemaArb, { maxKeys: 2 }),
  $defs: fc.record({ d: schemaArb.filter((s) => !JSON.stringify(s).includes('$ref')) }),
});

/** `value` with the keys of every object in reverse order, and type and required lists reversed. */
function reversed(value: unknown, key?: string): unknown {
  if (Array.isArray(value))
    return key === 'type' || key === 'required' ? [...value].reverse() : value.map((v) => reversed(v));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v, k)]),
  );
}

/** `value` with an x-* keyword beside every keyword that holds objects. */
function extended(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(extended);
  if (value === null || typeof value !== 'object') return value;
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, extended(v)]));
  return 'properties' in out || 'type' in out ? { ...out, 'x-note': 'generated' } : out;
}

test('by property: normalising twice is normalising once', async () => {
  const merge = await loadAllOfMerger();
  fc.assert(
    fc.property(inputArb, (schema) => {
      const once = normaliseSchema(schema, merge);
      assert.deepEqual(normaliseSchema(once, merge), once);
    }),
  );
});

test('by property: a schema and its normal form, its keys reordered, or x-* keywords added: no change', async () => {
  const merge = await loadAllOfMerger();
  await fc.assert(
    fc.asyncProperty(inputArb, async (schema) => {
      assert.deepEqual(await diffInput(schema, normaliseSchema(schema, merge) as Schema), [], 'normal form');
      assert.deepEqual(await diffInput(schema, reversed(schema) as Schema), [], 'keys reordered');
      assert.deepEqual(await diffInput(schema, extended(schema) as Schema), [], 'x-* added');
    }),
  );
});

test('a type or required name that is no string (a broken or hostile schema) is compared as its JSON, never a crash', async () => {
  const hostile = { toString: 1 };
  const typed = await diffInput({ type: 'object' }, { type: [hostile] });
  assert.deepEqual(
    typed.map((c) => [c.class, c.path]),
    [['breaking', `${IN}.type`]],
  );
  assert.match(typed[0]!.message, /\{"toString":1\}/);
  const required = await diffInput({ type: 'object' }, { type: 'object', required: [hostile, { toString: 2 }] });
  assert.deepEqual(
    required.map((c) => [c.class, c.message]),
    [
      ['breaking', 'input property "{"toString":1}" became required (not declared in properties)'],
      ['breaking', 'input property "{"toString":2}" became required (not declared in properties)'],
    ],
  );
  assert.deepEqual(await diffInput({ type: [hostile] }, { type: [hostile] }), []);
});
