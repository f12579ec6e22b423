// Schemas compared by the values they accept (src/contract/schema-diff.ts), seen as `mcpctl diff`
// shows them: each change of one tool's input or output schema with its class, its path and its
// words, in the order diff lists them. Input and output are judged in opposite directions: what
// breaks a caller when it narrows an input breaks a reader when it widens an output.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffContracts } from '../../src/contract/diff.js';
import { CONTRACT_FORMAT, type Contract } from '../../src/contract/snapshot.js';

type Schema = Record<string, unknown> | boolean;
type Listed = [string, string, string][];

const IN = 'tools.t.inputSchema';
const OUT = 'tools.t.outputSchema';
const UNJUDGED = 'mcpctl cannot tell whether that changes the values accepted, so it counts as breaking';

function contract(inputSchema: Schema, outputSchema?: Schema): Contract {
  const tool = { name: 't', inputSchema, ...(outputSchema === undefined ? {} : { outputSchema }) };
  return {
    format: CONTRACT_FORMAT,
    server: { name: 'shop', version: '1.0.0' },
    capabilities: { tools: {} },
    tools: [tool as Contract['tools'][number]],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
}

async function listed(before: Contract, after: Contract): Promise<Listed> {
  return (await diffContracts(before, after)).map((c) => [c.class, c.path, c.message]);
}

/** The changes when the input schema goes from `old` to `now`. */
function input(old: Schema, now: Schema): Promise<Listed> {
  return listed(contract(old), contract(now));
}

/** The changes when the output schema goes from `old` to `now` (the input stays `{type: object}`). */
function output(old: Schema, now: Schema): Promise<Listed> {
  return listed(contract({ type: 'object' }, old), contract({ type: 'object' }, now));
}

/** An object schema with one property `p`. */
const withP = (p: Schema, rest: Record<string, unknown> = {}) => ({ type: 'object', properties: { p }, ...rest });

test('a false schema: nothing accepted, then something, and the reverse, in both directions', async () => {
  const none = 'no value is accepted any more (the schema is false)';
  const some = 'values are accepted where none were (the schema was false)';
  assert.deepEqual(await input(withP(true), withP(false)), [['breaking', `${IN}.properties.p`, none]]);
  assert.deepEqual(await input(withP(false), withP({ type: 'string' })), [['compatible', `${IN}.properties.p`, some]]);
  assert.deepEqual(await output(withP({ type: 'string' }), withP(false)), [
    ['compatible', `${OUT}.properties.p`, none],
  ]);
  assert.deepEqual(await output(withP(false), withP(true)), [['breaking', `${OUT}.properties.p`, some]]);
  assert.deepEqual(await input(withP(false), withP(false)), []);
});

test('a schema that restricts nothing: gaining or losing restrictions, and annotations alone', async () => {
  assert.deepEqual(await input(withP({ description: 'any' }), withP({ description: 'text', type: 'string' })), [
    ['compatible', `${IN}.properties.p`, 'description changed'],
    ['breaking', `${IN}.properties.p`, 'a schema now restricts values that were all accepted'],
  ]);
  assert.deepEqual(await input(withP({ type: 'string' }), withP(true)), [
    ['compatible', `${IN}.properties.p`, 'the schema no longer restricts values'],
  ]);
  assert.deepEqual(await output(withP({ type: 'string' }), withP({})), [
    ['breaking', `${OUT}.properties.p`, 'the schema no longer restricts values'],
  ]);
  assert.deepEqual(await output(withP(true), withP({ minLength: 1 })), [
    ['compatible', `${OUT}.properties.p`, 'a schema now restricts values that were all accepted'],
  ]);
  assert.deepEqual(await input(withP({ title: 'a', examples: [1] }), withP({ title: 'b', examples: [2] })), [
    ['compatible', `${IN}.properties.p`, 'title, examples changed'],
  ]);
  assert.deepEqual(await input(withP({ description: 'same' }), withP(true)), [
    ['compatible', `${IN}.properties.p`, 'description changed'],
  ]);
});

test('a value where a schema belongs, a $ref not followed, a recursion: changed counts as breaking, unchanged is nothing', async () => {
  const invalid = `a value that is no JSON Schema (not an object or a boolean) changed: ${UNJUDGED}`;
  assert.deepEqual(await input(withP(7 as unknown as Schema), withP({ type: 'string' })), [
    ['breaking', `${IN}.properties.p`, invalid],
  ]);
  assert.deepEqual(await output(withP({ type: 'string' }), withP('text' as unknown as Schema)), [
    ['breaking', `${OUT}.properties.p`, invalid],
  ]);
  assert.deepEqual(await input(withP('text' as unknown as Schema), withP('text' as unknown as Schema)), []);

  const unresolved = `a $ref that mcpctl could not resolve, or a recursion, changed: ${UNJUDGED}`;
  const remote = (name: string, extra: Record<string, unknown> = {}) =>
    withP({ $ref: `https://example.com/${name}.json`, ...extra });
  assert.deepEqual(await input(remote('a'), remote('b')), [['breaking', `${IN}.properties.p`, unresolved]]);
  assert.deepEqual(await output(remote('a'), remote('b')), [['breaking', `${OUT}.properties.p`, unresolved]]);
  assert.deepEqual(await input(withP({ type: 'string' }), remote('a')), [
    ['breaking', `${IN}.properties.p`, unresolved],
  ]);
  assert.deepEqual(await input(remote('a'), withP({ type: 'string' })), [
    ['breaking', `${IN}.properties.p`, unresolved],
  ]);
  assert.deepEqual(await input(remote('a', { description: 'x' }), remote('a', { description: 'y' })), [
    ['compatible', `${IN}.properties.p`, 'description changed'],
  ]);

  // A tree whose nodes may hold a name: the recursion itself is the same on both sides, the
  // node around it changed.
  const tree = (kids: Record<string, unknown>) => ({
    $defs: { Node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
    type: 'object',
    properties: { root: { $ref: '#/$defs/Node' }, ...kids },
  });
  assert.deepEqual(await input(tree({}), tree({})), []);
  const recursive = (items: Record<string, unknown>) => ({
    $defs: { Node: { type: 'object', properties: { kids: { type: 'array', items } } } },
    type: 'object',
    properties: { root: { $ref: '#/$defs/Node' } },
  });
  assert.deepEqual(await input(recursive({ $ref: '#/$defs/Node' }), recursive({ type: 'object' })), [
    ['breaking', `${IN}.properties.root.properties.kids.items`, unresolved],
  ]);
  assert.deepEqual(await input(recursive({ type: 'object' }), recursive({ $ref: '#/$defs/Node' })), [
    ['breaking', `${IN}.properties.root.properties.kids.items`, unresolved],
  ]);
});

test('type: narrowed, widened, replaced, to and from any type, integer within number', async () => {
  const at = `${IN}.properties.p.type`;
  assert.deepEqual(await input(withP({ type: ['string', 'null'] }), withP({ type: 'string' })), [
    ['breaking', at, 'type narrowed from null|string to string'],
  ]);
  assert.deepEqual(await input(withP({ type: 'integer' }), withP({ type: 'number' })), [
    ['compatible', at, 'type widened from integer to number'],
  ]);
  assert.deepEqual(await input(withP({ type: 'number' }), withP({ type: 'integer' })), [
    ['breaking', at, 'type narrowed from number to integer'],
  ]);
  assert.deepEqual(await input(withP({ type: ['integer', 'string'] }), withP({ type: ['number', 'string'] })), [
    ['compatible', at, 'type widened from integer|string to number|string'],
  ]);
  assert.deepEqual(await input(withP({ type: 'string' }), withP({ type: 'boolean' })), [
    ['breaking', at, 'type changed from string to boolean: values of the old type are refused and the reverse'],
  ]);
  assert.deepEqual(await output(withP({ type: 'string' }), withP({ type: 'boolean' })), [
    [
      'breaking',
      `${OUT}.properties.p.type`,
      'type changed from string to boolean: values of the old type are refused and the reverse',
    ],
  ]);
  assert.deepEqual(await input(withP({ minLength: 1 }), withP({ minLength: 1, type: 'string' })), [
    ['breaking', at, 'type narrowed from any type to string'],
  ]);
  assert.deepEqual(await input(withP({ minLength: 1, type: 'string' }), withP({ minLength: 1 })), [
    ['compatible', at, 'type widened from string to any type'],
  ]);
  assert.deepEqual(await output(withP({ minLength: 1, type: 'string' }), withP({ minLength: 1 })), [
    ['breaking', `${OUT}.properties.p.type`, 'type widened from string to any type'],
  ]);
  assert.deepEqual(await input(withP({ type: ['string', 'null'] }), withP({ type: ['null', 'string'] })), []);
});

test('a type that is no name or list of names (a server sent type: 5): changed counts as breaking, and diff goes on', async () => {
  const at = `${IN}.properties.p.type`;
  assert.deepEqual(await input(withP({ type: 5 }), withP({ type: 6 })), [
    ['breaking', at, `type changed from 5 to 6: ${UNJUDGED}`],
  ]);
  assert.deepEqual(await output(withP({ type: 'string' }), withP({ type: null })), [
    ['breaking', `${OUT}.properties.p.type`, `type changed from ["string"] to null: ${UNJUDGED}`],
  ]);
  assert.deepEqual(await input(withP({ type: {} }), withP({ type: ['string'] })), [
    ['breaking', at, `type changed from {} to ["string"]: ${UNJUDGED}`],
  ]);
  assert.deepEqual(await input(withP({ type: 5 }), withP({ type: 5 })), []);
});

test('enum: a list added, removed, values gone and come, one or several', async () => {
  const at = `${IN}.properties.p.enum`;
  assert.deepEqual(await input(withP({ type: 'string' }), withP({ type: 'string', enum: ['a', 'b'] })), [
    ['breaking', at, 'values restricted to ["a","b"]'],
  ]);
  assert.deepEqual(await input(withP({ type: 'string', enum: ['a', 'b'] }), withP({ type: 'string' })), [
    ['compatible', at, 'the list of values ["a","b"] removed'],
  ]);
  assert.deepEqual(await input(withP({ enum: ['a', 'b', 'c'] }), withP({ enum: ['c', 'd'] })), [
    ['breaking', at, 'values "a", "b" no longer accepted'],
    ['compatible', at, 'value "d" now accepted'],
  ]);
  assert.deepEqual(await output(withP({ enum: [1] }), withP({ enum: [1, 2, { n: 3 }] })), [
    ['breaking', `${OUT}.properties.p.enum`, 'values 2, {"n":3} now accepted'],
  ]);
  assert.deepEqual(await output(withP({ enum: [1, [2]] }), withP({ enum: [[2]] })), [
    ['compatible', `${OUT}.properties.p.enum`, 'value 1 no longer accepted'],
  ]);
  assert.deepEqual(await input(withP({ enum: [{ a: 1 }, 'x'] }), withP({ enum: ['x', { a: 1 }] })), []);
  // An enum that is no list restricts nothing that mcpctl can see.
  assert.deepEqual(await input(withP({ type: 'string', enum: 'a' }), withP({ type: 'string' })), []);
});

test('bounds: each lower and upper bound raised, lowered, added and removed', async () => {
  const lower = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
  const upper = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
  for (const key of [...lower, ...upper]) {
    // A lower bound raised, or an upper one lowered, accepts fewer values: breaking for an input.
    const fewer = lower.includes(key) ? { from: 1, to: 2 } : { from: 2, to: 1 };
    const moves: [number, number, string][] = [
      [fewer.from, fewer.to, 'breaking'],
      [fewer.to, fewer.from, 'compatible'],
    ];
    for (const [from, to, cls] of moves)
      assert.deepEqual(await input(withP({ [key]: from }), withP({ [key]: to })), [
        [cls, `${IN}.properties.p.${key}`, `${key} ${to > from ? 'raised' : 'lowered'} from ${from} to ${to}`],
      ]);
  }
  assert.deepEqual(await output(withP({ maxLength: 5 }), withP({ maxLength: 9 })), [
    ['breaking', `${OUT}.properties.p.maxLength`, 'maxLength raised from 5 to 9'],
  ]);
  assert.deepEqual(await output(withP({ minItems: 5 }), withP({ minItems: 9 })), [
    ['compatible', `${OUT}.properties.p.minItems`, 'minItems raised from 5 to 9'],
  ]);
  assert.deepEqual(await input(withP({ type: 'number' }), withP({ type: 'number', exclusiveMaximum: 0 })), [
    ['breaking', `${IN}.properties.p.exclusiveMaximum`, 'exclusiveMaximum 0 added'],
  ]);
  assert.deepEqual(await input(withP({ type: 'number', minimum: 0 }), withP({ type: 'number' })), [
    ['compatible', `${IN}.properties.p.minimum`, 'minimum 0 removed'],
  ]);
  assert.deepEqual(await output(withP({ type: 'number', minimum: 0 }), withP({ type: 'number' })), [
    ['breaking', `${OUT}.properties.p.minimum`, 'minimum 0 removed'],
  ]);
  // draft-04's exclusiveMinimum is a flag beside minimum: not a number to compare.
  assert.deepEqual(
    await input(withP({ minimum: 3, exclusiveMinimum: true }), withP({ minimum: 3, exclusiveMinimum: 3 })),
    [['breaking', `${IN}.properties.p.exclusiveMinimum`, `exclusiveMinimum changed from true to 3: ${UNJUDGED}`]],
  );
  assert.deepEqual(await input(withP({ maxLength: 3 }), withP({ maxLength: '4' })), [
    ['breaking', `${IN}.properties.p.maxLength`, `maxLength changed from 3 to "4": ${UNJUDGED}`],
  ]);
});

test('multipleOf: to a multiple (fewer values), to a divisor (more), to neither, and values that are no divisor', async () => {
  const at = `${IN}.properties.p.multipleOf`;
  assert.deepEqual(await input(withP({ multipleOf: 2 }), withP({ multipleOf: 6 })), [
    ['breaking', at, 'multipleOf changed from 2 to 6 (fewer values)'],
  ]);
  assert.deepEqual(await input(withP({ multipleOf: 6 }), withP({ multipleOf: 3 })), [
    ['compatible', at, 'multipleOf changed from 6 to 3 (more values)'],
  ]);
  assert.deepEqual(await output(withP({ multipleOf: 6 }), withP({ multipleOf: 3 })), [
    ['breaking', `${OUT}.properties.p.multipleOf`, 'multipleOf changed from 6 to 3 (more values)'],
  ]);
  assert.deepEqual(await output(withP({ multipleOf: 2 }), withP({ multipleOf: 6 })), [
    ['compatible', `${OUT}.properties.p.multipleOf`, 'multipleOf changed from 2 to 6 (fewer values)'],
  ]);
  const neither = (x: string, y: string) =>
    `multipleOf changed from ${x} to ${y}: values valid under one are refused by the other`;
  assert.deepEqual(await input(withP({ multipleOf: 4 }), withP({ multipleOf: 6 })), [
    ['breaking', at, neither('4', '6')],
  ]);
  assert.deepEqual(await output(withP({ multipleOf: 4 }), withP({ multipleOf: 6 })), [
    ['breaking', `${OUT}.properties.p.multipleOf`, neither('4', '6')],
  ]);
  // multipleOf must be above zero: a negative one or one that is no number is not compared.
  assert.deepEqual(await input(withP({ multipleOf: -2 }), withP({ multipleOf: 4 })), [
    ['breaking', at, neither('-2', '4')],
  ]);
  assert.deepEqual(await input(withP({ multipleOf: 4 }), withP({ multipleOf: -2 })), [
    ['breaking', at, neither('4', '-2')],
  ]);
  assert.deepEqual(await input(withP({ multipleOf: '2' }), withP({ multipleOf: 4 })), [
    ['breaking', at, neither('"2"', '4')],
  ]);
  assert.deepEqual(await input(withP({ multipleOf: 2 }), withP({ multipleOf: '4' })), [
    ['breaking', at, neither('2', '"4"')],
  ]);
  assert.deepEqual(await input(withP({ type: 'number', multipleOf: 2 }), withP({ type: 'number' })), [
    ['compatible', at, 'multipleOf 2 removed'],
  ]);
});

test('pattern and format: added, removed, replaced (which mcpctl cannot judge)', async () => {
  assert.deepEqual(await input(withP({ type: 'string' }), withP({ type: 'string', format: 'email' })), [
    ['breaking', `${IN}.properties.p.format`, 'format "email" added'],
  ]);
  assert.deepEqual(await input(withP({ type: 'string', pattern: '^a' }), withP({ type: 'string' })), [
    ['compatible', `${IN}.properties.p.pattern`, 'pattern "^a" removed'],
  ]);
  assert.deepEqual(await output(withP({ format: 'date' }), withP({ format: 'date-time' })), [
    ['breaking', `${OUT}.properties.p.format`, `format changed from "date" to "date-time": ${UNJUDGED}`],
  ]);
  assert.deepEqual(await output(withP({ type: 'string', pattern: '^a' }), withP({ type: 'string' })), [
    ['breaking', `${OUT}.properties.p.pattern`, 'pattern "^a" removed'],
  ]);
});

test('uniqueItems: added narrows, removed widens, false is the same as absent', async () => {
  const at = `${IN}.properties.p.uniqueItems`;
  assert.deepEqual(
    await input(withP({ type: 'array', uniqueItems: false }), withP({ type: 'array', uniqueItems: true })),
    [['breaking', at, 'uniqueItems added']],
  );
  assert.deepEqual(await input(withP({ type: 'array', uniqueItems: true }), withP({ type: 'array' })), [
    ['compatible', at, 'uniqueItems removed'],
  ]);
  assert.deepEqual(
    await output(withP({ type: 'array', uniqueItems: true }), withP({ type: 'array', uniqueItems: false })),
    [['breaking', `${OUT}.properties.p.uniqueItems`, 'uniqueItems removed']],
  );
  assert.deepEqual(await input(withP({ type: 'array', uniqueItems: false }), withP({ type: 'array' })), []);
  assert.deepEqual(
    await input(
      withP({ type: 'array', uniqueItems: true, maxItems: 3 }),
      withP({ type: 'array', uniqueItems: true, maxItems: 5 }),
    ),
    [['compatible', `${IN}.properties.p.maxItems`, 'maxItems raised from 3 to 5']],
    'kept on both sides: nothing said of it',
  );
});

test('keywords mcpctl does not judge: changed counts as breaking, only their annotations changed is nothing', async () => {
  assert.deepEqual(await input(withP({ not: { type: 'string' } }), withP({ not: { type: 'number' } })), [
    ['breaking', `${IN}.properties.p.not`, `not changed: ${UNJUDGED}`],
  ]);
  assert.deepEqual(
    await output(
      withP({ type: 'object', patternProperties: { '^x': { type: 'string' } } }),
      withP({ type: 'object', dependentRequired: { a: ['b'] } }),
    ),
    [
      ['breaking', `${OUT}.properties.p.patternProperties`, `patternProperties changed: ${UNJUDGED}`],
      ['breaking', `${OUT}.properties.p.dependentRequired`, `dependentRequired changed: ${UNJUDGED}`],
    ],
  );
  assert.deepEqual(
    await input(
      withP({ not: { type: 'string', description: 'a' } }),
      withP({ not: { type: 'string', description: 'b' } }),
    ),
    [],
  );
});

test('oneOf: its branches reordered is no change; a branch changed, added or removed counts as breaking', async () => {
  const branches = [{ type: 'string' }, { type: 'number' }];
  assert.deepEqual(await input(withP({ oneOf: branches }), withP({ oneOf: [...branches].reverse() })), []);
  assert.deepEqual(await output(withP({ oneOf: branches }), withP({ oneOf: [...branches].reverse() })), []);
  const changed: Schema[][] = [
    [{ type: 'number' }, { type: 'string', minLength: 1 }],
    [{ type: 'number' }, { type: 'string' }, { type: 'boolean' }],
    [{ type: 'number' }, { type: 'string' }, { type: 'string' }],
  ];
  for (const now of changed)
    assert.deepEqual(
      await input(withP({ oneOf: branches }), withP({ oneOf: now })),
      [['breaking', `${IN}.properties.p.oneOf`, `oneOf changed: ${UNJUDGED}`]],
      JSON.stringify(now),
    );
});

test('properties removed and added: input and output, optional and required', async () => {
  const two = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] };
  const one = { type: 'object', properties: { b: { type: 'number' } } };
  assert.deepEqual(await input(two, one), [['breaking', `${IN}.properties.a`, 'input property "a" removed']]);
  assert.deepEqual(await output(two, one), [['breaking', `${OUT}.properties.a`, 'output property "a" removed']]);
  assert.deepEqual(await input(one, two), [['breaking', `${IN}.properties.a`, 'required input property "a" added']]);
  assert.deepEqual(await output(one, two), [
    ['compatible', `${OUT}.properties.a`, 'required output property "a" added'],
  ]);
  const more = { type: 'object', properties: { b: { type: 'number' }, c: { type: 'string' } } };
  assert.deepEqual(await input(one, more), [['compatible', `${IN}.properties.c`, 'optional input property "c" added']]);
  assert.deepEqual(await output(one, more), [
    ['compatible', `${OUT}.properties.c`, 'optional output property "c" added'],
  ]);
  // properties that are no object, and required that is no list, declare nothing.
  assert.deepEqual(await input({ type: 'object', properties: [], required: 'a' }, { type: 'object' }), []);
});

test('required: names gained and lost, declared or not, in both directions', async () => {
  const declared = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
  const req = (...names: string[]) => ({ ...declared, required: names });
  assert.deepEqual(await input(req('a'), req('a', 'b')), [
    ['breaking', `${IN}.required`, 'input property "b" became required'],
  ]);
  assert.deepEqual(await output(req('a'), req('a', 'b')), [
    ['compatible', `${OUT}.required`, 'output property "b" became required'],
  ]);
  assert.deepEqual(await input(req('a', 'b'), req('b')), [
    ['compatible', `${IN}.required`, 'input property "a" became optional'],
  ]);
  assert.deepEqual(await output(req('a', 'b'), req('b')), [
    ['breaking', `${OUT}.required`, 'output property "a" is no longer always present'],
  ]);
  assert.deepEqual(await output(req(), req('c')), [
    ['compatible', `${OUT}.required`, 'output property "c" became required (not declared in properties)'],
  ]);
  assert.deepEqual(await input(req('c'), req()), [
    ['compatible', `${IN}.required`, 'input property "c" became optional'],
  ]);
  // A required property removed is said once, as removed.
  assert.deepEqual(await input(req('a'), { type: 'object', properties: { b: { type: 'string' } } }), [
    ['breaking', `${IN}.properties.a`, 'input property "a" removed'],
  ]);
  assert.deepEqual(await output(req('a'), { type: 'object', properties: { b: { type: 'string' } } }), [
    ['breaking', `${OUT}.properties.a`, 'output property "a" removed'],
  ]);
  // Names in required are compared as text.
  assert.deepEqual(await input({ ...declared, required: [1] }, { ...declared, required: ['1'] }), []);
});

test('a name required before with no schema of its own, declared now: its new schema is judged, not called optional', async () => {
  const declaredNote = (what: string) => `${what} property "p" declared (required before, with no schema of its own)`;
  const before = { type: 'object', required: ['p'] };
  assert.deepEqual(await input(before, withP({ type: 'string' }, { required: ['p'] })), [
    ['compatible', `${IN}.properties.p`, declaredNote('input')],
    ['breaking', `${IN}.properties.p`, 'a schema now restricts values that were all accepted'],
  ]);
  assert.deepEqual(await output(before, withP({ type: 'string' }, { required: ['p'] })), [
    ['compatible', `${OUT}.properties.p`, declaredNote('output')],
    ['compatible', `${OUT}.properties.p`, 'a schema now restricts values that were all accepted'],
  ]);
  // Declared with no restriction: nothing a caller sends is refused.
  assert.deepEqual(await input(before, withP({ description: 'any' }, { required: ['p'] })), [
    ['compatible', `${IN}.properties.p`, declaredNote('input')],
    ['compatible', `${IN}.properties.p`, 'description changed'],
  ]);
  // Its values were those of additionalProperties: judged against them.
  const typed = { type: 'object', required: ['p'], additionalProperties: { type: ['string', 'number'] } };
  assert.deepEqual(await input(typed, { ...typed, properties: { p: { type: 'string' } } }), [
    ['compatible', `${IN}.properties.p`, declaredNote('input')],
    ['breaking', `${IN}.properties.p.type`, 'type narrowed from number|string to string'],
  ]);
  assert.deepEqual(await input(typed, { ...typed, properties: { p: { type: ['string', 'number', 'null'] } } }), [
    ['compatible', `${IN}.properties.p`, declaredNote('input')],
    ['compatible', `${IN}.properties.p.type`, 'type widened from number|string to null|number|string'],
  ]);
  // And declared but no longer required: both are said.
  assert.deepEqual(await input(before, withP(true)), [
    ['compatible', `${IN}.properties.p`, declaredNote('input')],
    ['compatible', `${IN}.required`, 'input property "p" became optional'],
  ]);
});

test('additionalProperties: refused, accepted, given a schema, freed, and a schema narrowed', async () => {
  const at = `${IN}.additionalProperties`;
  const obj = (extra?: Schema) => ({ type: 'object', ...(extra === undefined ? {} : { additionalProperties: extra }) });
  assert.deepEqual(await input(obj(), obj(false)), [['breaking', at, 'extra properties are no longer accepted']]);
  assert.deepEqual(await input(obj({ type: 'string' }), obj(false)), [
    ['breaking', at, 'extra properties are no longer accepted'],
  ]);
  assert.deepEqual(await input(obj(false), obj({ type: 'string' })), [
    ['compatible', at, 'extra properties are now accepted'],
  ]);
  assert.deepEqual(await output(obj(false), obj(true)), [
    ['breaking', `${OUT}.additionalProperties`, 'extra properties are now accepted'],
  ]);
  assert.deepEqual(await input(obj({ description: 'anything' }), obj({ type: 'string' })), [
    ['breaking', at, 'extra properties must now match a schema'],
  ]);
  assert.deepEqual(await input(obj({ type: 'string' }), obj({ description: 'anything' })), [
    ['compatible', at, 'extra properties no longer have to match a schema'],
  ]);
  assert.deepEqual(await output(obj({ type: 'string' }), obj()), [
    ['breaking', `${OUT}.additionalProperties`, 'extra properties no longer have to match a schema'],
  ]);
  assert.deepEqual(await input(obj({ type: 'string', maxLength: 9 }), obj({ type: 'string', maxLength: 5 })), [
    ['breaking', `${at}.maxLength`, 'maxLength lowered from 9 to 5'],
  ]);
  assert.deepEqual(await input(obj(false), obj(false)), []);
  assert.deepEqual(await input(obj(true), obj({ title: 'free' })), []);
});

test('a property declared where extra properties had a schema: compared with it only when it restricted something', async () => {
  const extra = (additionalProperties: Schema, properties: Record<string, unknown> = {}) => ({
    type: 'object',
    additionalProperties,
    properties,
  });
  assert.deepEqual(await input(extra({ type: 'string' }), extra({ type: 'string' }, { b: { type: 'number' } })), [
    ['compatible', `${IN}.properties.b`, 'optional input property "b" added'],
    [
      'breaking',
      `${IN}.properties.b.type`,
      'type changed from string to number: values of the old type are refused and the reverse',
    ],
  ]);
  assert.deepEqual(await input(extra({ description: 'x' }), extra({ description: 'x' }, { b: { type: 'number' } })), [
    ['compatible', `${IN}.properties.b`, 'optional input property "b" added'],
  ]);
  assert.deepEqual(await input(extra(true), extra(true, { b: { type: 'number' } })), [
    ['compatible', `${IN}.properties.b`, 'optional input property "b" added'],
  ]);
  // Where no extra property was accepted, a new optional one widens, and is said once.
  assert.deepEqual(await input(extra(false), extra(false, { b: { type: 'number' } })), [
    ['compatible', `${IN}.properties.b`, 'optional input property "b" added'],
  ]);
});

test('items of a list: added, removed, narrowed', async () => {
  const list = (items?: Schema) => withP({ type: 'array', ...(items === undefined ? {} : { items }) });
  const at = `${IN}.properties.p.items`;
  assert.deepEqual(await input(list(), list({ type: 'string' })), [
    ['breaking', at, 'a schema now restricts values that were all accepted'],
  ]);
  assert.deepEqual(await input(list({ type: 'string' }), list()), [
    ['compatible', at, 'the schema no longer restricts values'],
  ]);
  assert.deepEqual(await output(list({ type: 'string' }), list({ type: ['string', 'null'] })), [
    ['breaking', `${OUT}.properties.p.items.type`, 'type widened from string to null|string'],
  ]);
  assert.deepEqual(await input(list({ type: 'string' }), list({ type: 'string' })), []);
  // additionalItems means nothing without a tuple, and an empty tuple is none.
  assert.deepEqual(await input(list(), withP({ type: 'array', additionalItems: false })), []);
  assert.deepEqual(
    await input(list({ type: 'string' }), withP({ type: 'array', prefixItems: [], items: { type: 'string' } })),
    [],
  );
});

test('tuples: positions compared one by one, then what follows them; the form named when it changes', async () => {
  const tuple = (prefixItems: Schema[], items?: Schema) =>
    withP({ type: 'array', prefixItems, ...(items === undefined ? {} : { items }) });
  const at = `${IN}.properties.p`;
  assert.deepEqual(await input(tuple([{ type: 'string' }]), tuple([{ type: 'string' }, { type: 'number' }])), [
    ['breaking', `${at}.prefixItems[1]`, 'a schema now restricts values that were all accepted'],
  ]);
  assert.deepEqual(
    await input(tuple([{ type: 'string' }, { type: 'number' }], false), tuple([{ type: 'string' }], false)),
    [['breaking', `${at}.prefixItems[1]`, 'no value is accepted any more (the schema is false)']],
  );
  assert.deepEqual(await input(tuple([{ type: 'string' }], false), tuple([{ type: 'string' }], { type: 'number' })), [
    ['compatible', `${at}.items`, 'values are accepted where none were (the schema was false)'],
  ]);
  assert.deepEqual(await output(tuple([{ type: 'string' }]), tuple([{ type: 'string', maxLength: 3 }])), [
    ['compatible', `${OUT}.properties.p.prefixItems[0].maxLength`, 'maxLength 3 added'],
  ]);
  assert.deepEqual(await input(tuple([{ type: 'string' }], false), tuple([{ type: 'string' }], false)), []);
  // A list that became a tuple: each position was an item.
  assert.deepEqual(
    await input(withP({ type: 'array', items: { type: 'string' } }), tuple([{ type: 'string', minLength: 1 }], false)),
    [
      ['compatible', `${at}.prefixItems`, 'the array became a tuple (prefixItems: [1 schemas])'],
      ['breaking', `${at}.prefixItems[0].minLength`, 'minLength 1 added'],
      ['breaking', `${at}.items`, 'no value is accepted any more (the schema is false)'],
    ],
  );
  // A tuple that became a list: each old position is now an item.
  assert.deepEqual(
    await input(tuple([{ type: 'string' }, { type: 'number' }]), withP({ type: 'array', items: { type: 'string' } })),
    [
      [
        'breaking',
        `${at}.prefixItems[1].type`,
        'type changed from number to string: values of the old type are refused and the reverse',
      ],
      ['breaking', `${at}.items`, 'a schema now restricts values that were all accepted'],
    ],
  );
  // The same values as a tuple: said, and compatible for an output too.
  assert.deepEqual(
    await output(withP({ type: 'array', items: { type: 'string' } }), tuple([{ type: 'string' }], { type: 'string' })),
    [['compatible', `${OUT}.properties.p.prefixItems`, 'the array became a tuple (prefixItems: [1 schemas])']],
  );
});

test('draft-07 tuples: items as a list, additionalItems for what follows', async () => {
  const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
  const tuple = (items: Schema[], additionalItems?: Schema) => ({
    $schema: DRAFT_07,
    ...withP({ type: 'array', items, ...(additionalItems === undefined ? {} : { additionalItems }) }),
  });
  const at = `${IN}.properties.p`;
  assert.deepEqual(await input(tuple([{ type: 'string' }]), tuple([{ type: 'string' }], false)), [
    ['breaking', `${at}.additionalItems`, 'no value is accepted any more (the schema is false)'],
  ]);
  assert.deepEqual(
    await input(tuple([{ type: 'string' }], false), tuple([{ type: 'string' }, { type: 'null' }], false)),
    [['compatible', `${at}.items[1]`, 'values are accepted where none were (the schema was false)']],
  );
  assert.deepEqual(await input(tuple([{ type: 'string' }], { type: 'number' }), tuple([{ type: 'string' }])), [
    ['compatible', `${at}.additionalItems`, 'the schema no longer restricts values'],
  ]);
  // An empty tuple: only what follows it counts, and it is named.
  assert.deepEqual(await input(tuple([]), tuple([], { type: 'string' })), [
    ['breaking', `${at}.additionalItems`, 'a schema now restricts values that were all accepted'],
  ]);
});

test('anyOf: widened, narrowed, neither, and merged with the keywords beside it', async () => {
  const at = `${IN}.properties.p.anyOf`;
  const one = { type: 'string' };
  assert.deepEqual(await input(withP(one), withP({ anyOf: [one, { type: 'integer' }] })), [
    ['compatible', at, 'anyOf changed: every value accepted before still is (1 alternative before, 2 now)'],
  ]);
  assert.deepEqual(await output(withP(one), withP({ anyOf: [one, { type: 'integer' }] })), [
    [
      'breaking',
      `${OUT}.properties.p.anyOf`,
      'anyOf changed: every value accepted before still is (1 alternative before, 2 now)',
    ],
  ]);
  assert.deepEqual(await input(withP({ anyOf: [one, { type: 'integer' }] }), withP({ type: ['integer'] })), [
    [
      'breaking',
      at,
      'anyOf changed: every value accepted now was accepted before, and mcpctl cannot show the reverse (2 alternatives before, 1 now)',
    ],
  ]);
  assert.deepEqual(await output(withP({ anyOf: [one, { type: 'integer' }] }), withP({ type: ['integer'] })), [
    [
      'compatible',
      `${OUT}.properties.p.anyOf`,
      'anyOf changed: every value accepted now was accepted before, and mcpctl cannot show the reverse (2 alternatives before, 1 now)',
    ],
  ]);
  assert.deepEqual(
    await input(
      withP({ anyOf: [one, { type: 'integer' }] }),
      withP({ anyOf: [{ type: 'boolean' }, { type: 'integer' }] }),
    ),
    [
      [
        'breaking',
        at,
        'anyOf changed: mcpctl cannot show that the new alternatives accept what the old ones did, or the reverse, so it counts as breaking (2 alternatives before, 2 now)',
      ],
    ],
  );
  // An alternative that gained a pattern accepts less: the new alternatives lie within the old.
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string' }, { type: 'null' }] }),
      withP({ anyOf: [{ type: 'string', pattern: '^a' }, { type: 'null' }] }),
    ),
    [
      [
        'breaking',
        at,
        'anyOf changed: every value accepted now was accepted before, and mcpctl cannot show the reverse (2 alternatives before, 2 now)',
      ],
    ],
  );
  // The keywords beside anyOf are part of every alternative.
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'id' }),
      withP({ anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'the id' }),
    ),
    [['compatible', `${IN}.properties.p`, 'description changed']],
  );
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string' }, { type: 'integer' }] }),
      withP({ anyOf: [{ type: 'string' }, { type: 'integer' }], minimum: 0 }),
    ),
    [
      [
        'breaking',
        at,
        'anyOf changed: every value accepted now was accepted before, and mcpctl cannot show the reverse (2 alternatives before, 2 now)',
      ],
    ],
  );
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string' }, { type: 'integer' }], maxLength: 5 }),
      withP({
        anyOf: [
          { type: 'string', maxLength: 5 },
          { type: 'integer', maxLength: 5 },
        ],
      }),
    ),
    [],
  );
});

test('anyOf: each alternative judged as a schema of its own (bounds, new properties, no type, booleans)', async () => {
  const at = `${IN}.properties.p.anyOf`;
  const widened = 'anyOf changed: every value accepted before still is (2 alternatives before, 2 now)';
  const neither =
    'anyOf changed: mcpctl cannot show that the new alternatives accept what the old ones did, or the reverse, so it counts as breaking (2 alternatives before, 2 now)';
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] }),
      withP({ anyOf: [{ type: 'string' }, { type: 'null' }] }),
    ),
    [['compatible', at, widened]],
  );
  // An alternative object that declares an optional property: as compatible as outside anyOf.
  const objectOrNull = (properties: Record<string, unknown>) =>
    withP({ anyOf: [{ type: 'object', properties }, { type: 'null' }] });
  assert.deepEqual(await input(objectOrNull({}), objectOrNull({ a: { type: 'string' } })), [
    ['compatible', at, widened],
  ]);
  assert.deepEqual(await output(objectOrNull({}), objectOrNull({ a: { type: 'string' } })), [
    ['breaking', `${OUT}.properties.p.anyOf`, widened],
  ]);
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string' }, { minimum: 0 }] }),
      withP({ anyOf: [{ type: 'string' }, { maximum: 0 }] }),
    ),
    [['breaking', at, neither]],
  );
  assert.deepEqual(
    await input(withP({ anyOf: [{ type: 'string' }, false] }), withP({ anyOf: [{ type: 'string' }, true] })),
    [['compatible', at, widened]],
  );
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string' }, { type: 'integer' }, { minimum: 5 }] }),
      withP({ anyOf: [{ type: 'string' }, { type: 'integer' }] }),
    ),
    [
      [
        'breaking',
        at,
        'anyOf changed: every value accepted now was accepted before, and mcpctl cannot show the reverse (3 alternatives before, 2 now)',
      ],
    ],
  );
  // An alternative that restricts nothing contains one of any type.
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string' }, { type: 'null' }] }),
      withP({ anyOf: [{ description: 'any value' }, { type: 'null' }] }),
    ),
    [['compatible', at, widened]],
  );
  // A type inside an alternative that is no name or list: changed, it cannot be judged.
  assert.deepEqual(
    await input(
      withP({ anyOf: [{ type: 'string' }, { type: 5 }] }),
      withP({ anyOf: [{ type: 'string' }, { type: 6 }] }),
    ),
    [['breaking', at, neither]],
  );
});

test('anyOf beside keywords that cannot be merged into it: unchanged is nothing, changed counts as breaking', async () => {
  // A string with a number alternative is one the merging library refuses (no value is both).
  const unmergeable = (description: string, minimum = 0) =>
    withP({ type: 'string', description, anyOf: [{ type: 'number' }, { minimum }] });
  assert.deepEqual(await input(unmergeable('a'), unmergeable('b')), [
    ['compatible', `${IN}.properties.p`, 'description changed'],
  ]);
  const cannot = `anyOf changed, beside other keywords mcpctl could not merge into it: ${UNJUDGED}`;
  assert.deepEqual(await input(unmergeable('a'), unmergeable('a', 1)), [
    ['breaking', `${IN}.properties.p.anyOf`, cannot],
  ]);
  const mergeable = withP({ type: 'number', description: 'a', anyOf: [{ minimum: 0 }, { maximum: -5 }] });
  assert.deepEqual(await input(mergeable, unmergeable('a')), [['breaking', `${IN}.properties.p.anyOf`, cannot]]);
  assert.deepEqual(await output(unmergeable('a'), mergeable), [['breaking', `${OUT}.properties.p.anyOf`, cannot]]);
});

test('a keyword mcpctl does not judge is compared whole, even where its values look like annotations', async () => {
  const dependent = (names: string[]) => ({ type: 'object', dependentRequired: { title: names } });
  assert.deepEqual(await input(dependent(['a']), dependent(['b'])), [
    ['breaking', `${IN}.dependentRequired`, `dependentRequired changed: ${UNJUDGED}`],
  ]);
  assert.deepEqual(await input(dependent(['a']), dependent(['a'])), []);
});
