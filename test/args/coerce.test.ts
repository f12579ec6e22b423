// The coercion table: what a `key=value` word becomes for each kind of property schema.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildArguments, type JsonSchema } from '../../src/args/index.js';
import { fakeSources } from './sources.js';

/** Builds `{x: <value>}` from the word `x=<text>` for a property schema `property`. */
async function coerce(property: JsonSchema | undefined, ...texts: string[]): Promise<unknown> {
  const schema = property === undefined ? { type: 'object' } : { type: 'object', properties: { x: property } };
  const args = await buildArguments(fakeSources(texts.map((t) => `x=${t}`)), schema);
  return args.x;
}

const table: Array<{ what: string; schema: JsonSchema | undefined; text: string; want: unknown }> = [
  // strings stay strings, whatever they look like
  { what: 'string with leading zero', schema: { type: 'string' }, text: '01234', want: '01234' },
  {
    what: 'string that looks like a decimal',
    schema: { type: 'string' },
    text: '1700000000.000100',
    want: '1700000000.000100',
  },
  { what: 'string that looks like an integer', schema: { type: 'string' }, text: '123', want: '123' },
  { what: 'string that looks like a boolean', schema: { type: 'string' }, text: 'true', want: 'true' },
  { what: 'string that looks like null', schema: { type: 'string' }, text: 'null', want: 'null' },
  { what: 'string that looks like JSON', schema: { type: 'string' }, text: '{"a":1}', want: '{"a":1}' },
  { what: 'string that looks like a JSON array', schema: { type: 'string' }, text: '[1,2]', want: '[1,2]' },
  { what: 'empty string', schema: { type: 'string' }, text: '', want: '' },
  { what: 'string with = inside', schema: { type: 'string' }, text: 'a=b', want: 'a=b' },
  // numbers
  { what: 'integer', schema: { type: 'integer' }, text: '42', want: 42 },
  { what: 'negative integer', schema: { type: 'integer' }, text: '-7', want: -7 },
  { what: 'integer given a fraction (validator reports it)', schema: { type: 'integer' }, text: '1.5', want: 1.5 },
  { what: 'integer given a word (validator reports it)', schema: { type: 'integer' }, text: 'abc', want: 'abc' },
  { what: 'number', schema: { type: 'number' }, text: '3.25', want: 3.25 },
  { what: 'number with exponent', schema: { type: 'number' }, text: '1e3', want: 1000 },
  { what: 'number with plus sign', schema: { type: 'number' }, text: '+5', want: 5 },
  { what: 'number with leading dot', schema: { type: 'number' }, text: '.5', want: 0.5 },
  { what: 'number with leading dot, two digits', schema: { type: 'number' }, text: '.25', want: 0.25 },
  { what: 'number with signed two-digit exponent', schema: { type: 'number' }, text: '2.5e+10', want: 2.5e10 },
  {
    what: 'number too large for a double (validator reports it)',
    schema: { type: 'number' },
    text: '1e400',
    want: '1e400',
  },
  { what: 'number given hex (not a number)', schema: { type: 'number' }, text: '0x10', want: '0x10' },
  { what: 'number given nothing', schema: { type: 'number' }, text: '', want: '' },
  // booleans and null
  { what: 'boolean true', schema: { type: 'boolean' }, text: 'true', want: true },
  { what: 'boolean false', schema: { type: 'boolean' }, text: 'false', want: false },
  { what: 'boolean in capitals', schema: { type: 'boolean' }, text: 'TRUE', want: true },
  { what: 'boolean given yes (validator reports it)', schema: { type: 'boolean' }, text: 'yes', want: 'yes' },
  { what: 'null', schema: { type: 'null' }, text: 'null', want: null },
  // objects and arrays from JSON
  { what: 'object from JSON', schema: { type: 'object' }, text: '{"a":[1,2]}', want: { a: [1, 2] } },
  { what: 'object given a word (validator reports it)', schema: { type: 'object' }, text: 'abc', want: 'abc' },
  {
    what: 'object or string: text that is not JSON stays text',
    schema: { type: ['object', 'string'] },
    text: '{not json',
    want: '{not json',
  },
  {
    what: 'object or array of strings: a bare value that is no JSON object is one item',
    schema: { type: ['object', 'array'], items: { type: 'string' } },
    text: '{draft',
    want: ['{draft'],
  },
  {
    what: 'array of numbers from JSON with spaces around',
    schema: { type: 'array', items: { type: 'number' } },
    text: ' [1, 2] ',
    want: [1, 2],
  },
  { what: 'array of anything, bracketed non-JSON', schema: { type: 'array' }, text: '[oops', want: ['[oops'] },
  {
    what: 'array of numbers from JSON',
    schema: { type: 'array', items: { type: 'number' } },
    text: '[1,2.5]',
    want: [1, 2.5],
  },
  {
    what: 'array of strings, bare value',
    schema: { type: 'array', items: { type: 'string' } },
    text: 'a',
    want: ['a'],
  },
  {
    what: 'array of strings, bare value like JSON number',
    schema: { type: 'array', items: { type: 'string' } },
    text: '7',
    want: ['7'],
  },
  {
    what: 'array of strings, bracketed non-JSON',
    schema: { type: 'array', items: { type: 'string' } },
    text: '[draft]',
    want: ['[draft]'],
  },
  {
    what: 'array of integers, bare value',
    schema: { type: 'array', items: { type: 'integer' } },
    text: '7',
    want: [7],
  },
  {
    what: 'array of objects, bare JSON object',
    schema: { type: 'array', items: { type: 'object' } },
    text: '{"id":1}',
    want: [{ id: 1 }],
  },
  // type lists
  { what: '["number","string"] numeric text', schema: { type: ['number', 'string'] }, text: '12.5', want: 12.5 },
  {
    what: '["number","string"] two decimals and a signed exponent',
    schema: { type: ['number', 'string'] },
    text: '6.25e+10',
    want: 6.25e10,
  },
  {
    what: '["number","string"] an exponent without sign',
    schema: { type: ['number', 'string'] },
    text: '1E3',
    want: 1000,
  },
  {
    what: '["number","string"] leading zero stays text',
    schema: { type: ['number', 'string'] },
    text: '007',
    want: '007',
  },
  { what: '["number","string"] word', schema: { type: ['number', 'string'] }, text: 'abc', want: 'abc' },
  {
    what: '["integer","string"] fraction stays text',
    schema: { type: ['integer', 'string'] },
    text: '1.5',
    want: '1.5',
  },
  {
    what: '["integer","string"] huge integer stays text',
    schema: { type: ['integer', 'string'] },
    text: '12345678901234567890',
    want: '12345678901234567890',
  },
  { what: '["string","null"] null', schema: { type: ['string', 'null'] }, text: 'null', want: null },
  { what: '["string","null"] text', schema: { type: ['string', 'null'] }, text: 'none', want: 'none' },
  {
    what: '["boolean","string"] True is not exact',
    schema: { type: ['boolean', 'string'] },
    text: 'True',
    want: 'True',
  },
  { what: '["integer","null"] number', schema: { type: ['integer', 'null'] }, text: '3', want: 3 },
  // enum and const keep the enum's value type
  { what: 'enum of strings', schema: { type: 'string', enum: ['fast', 'slow'] }, text: 'fast', want: 'fast' },
  { what: 'enum of numbers', schema: { enum: [1, 2, 3] }, text: '2', want: 2 },
  { what: 'enum of numeric strings', schema: { enum: ['1', '2'] }, text: '2', want: '2' },
  { what: 'enum of a numeric string and a number: the string', schema: { enum: ['1', 2] }, text: '1', want: '1' },
  // Two allowed values spelled alike: the first listed.
  { what: 'enum listing 5 before "5"', schema: { enum: [5, '5'] }, text: '5', want: 5 },
  { what: 'enum listing "5" before 5', schema: { enum: ['5', 5] }, text: '5', want: '5' },
  { what: 'enum of mixed values', schema: { enum: ['auto', 0, true, null] }, text: 'true', want: true },
  { what: 'enum value not listed stays text', schema: { enum: ['fast', 'slow'] }, text: 'medium', want: 'medium' },
  { what: 'const number', schema: { const: 5 }, text: '5', want: 5 },
  // anyOf / oneOf
  {
    what: 'anyOf integer or const "auto": number',
    schema: { anyOf: [{ type: 'integer' }, { const: 'auto' }] },
    text: '3',
    want: 3,
  },
  {
    what: 'anyOf integer or const "auto": auto',
    schema: { anyOf: [{ type: 'integer' }, { const: 'auto' }] },
    text: 'auto',
    want: 'auto',
  },
  {
    what: 'oneOf string or number: number',
    schema: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    text: '10',
    want: 10,
  },
  {
    what: 'oneOf string or number: word',
    schema: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    text: 'ten',
    want: 'ten',
  },
  {
    what: 'anyOf string or array: JSON array',
    schema: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    text: '["a"]',
    want: ['a'],
  },
  {
    what: 'anyOf string or array: bare value is the string',
    schema: { anyOf: [{ type: 'string' }, { type: 'array' }] },
    text: 'a',
    want: 'a',
  },
  { what: 'anyOf with an open branch keeps text', schema: { anyOf: [{ type: 'number' }, {}] }, text: '1', want: '1' },
  // no type information: keep the string
  { what: 'no property schema', schema: undefined, text: '42', want: '42' },
  { what: 'empty property schema', schema: {}, text: 'true', want: 'true' },
  { what: 'description only', schema: { description: 'anything' }, text: '1', want: '1' },
];

for (const row of table) {
  test(`coerce: ${row.what}: ${JSON.stringify(row.text)} → ${JSON.stringify(row.want)}`, async () => {
    assert.deepEqual(await coerce(row.schema, row.text), row.want);
  });
}

test('coerce: $ref to $defs and to definitions types the value', async () => {
  const schema = {
    type: 'object',
    properties: { a: { $ref: '#/$defs/Count' }, b: { $ref: '#/definitions/Flag' }, c: { $ref: '#/$defs/Alias' } },
    $defs: { Count: { type: 'integer' }, Alias: { $ref: '#/$defs/Count' } },
    definitions: { Flag: { type: 'boolean' } },
  };
  const args = await buildArguments(fakeSources(['a=12', 'b=false', 'c=3']), schema);
  assert.deepEqual(args, { a: 12, b: false, c: 3 });
});

test('coerce: a $ref that loops back on itself does not hang and keeps the text', async () => {
  const schema = { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { $ref: '#/$defs/A' } } };
  assert.deepEqual(await buildArguments(fakeSources(['a=1']), schema), { a: '1' });
});

test('coerce: repeated keys of an array property append, typed by items', async () => {
  assert.deepEqual(await coerce({ type: 'array', items: { type: 'string' } }, 'a', 'b', '3'), ['a', 'b', '3']);
  assert.deepEqual(await coerce({ type: 'array', items: { type: 'integer' } }, '1', '[2,3]', '4'), [1, 2, 3, 4]);
});

test('coerce: a repeated scalar key keeps the last value', async () => {
  assert.equal(await coerce({ type: 'integer' }, '1', '2'), 2);
  assert.equal(await coerce(undefined, 'a', 'b'), 'b');
});

test('coerce: dotted keys build nested objects typed by the nested schema', async () => {
  const schema = {
    type: 'object',
    properties: {
      user: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          age: { type: 'integer' },
          address: { type: 'object', properties: { zip: { type: 'string' }, floor: { type: 'number' } } },
        },
      },
    },
  };
  const args = await buildArguments(
    fakeSources(['user.name=Ada', 'user.age=36', 'user.address.zip=01234', 'user.address.floor=2']),
    schema,
  );
  assert.deepEqual(args, { user: { name: 'Ada', age: 36, address: { zip: '01234', floor: 2 } } });
});

test('coerce: dotted keys through $ref, allOf and additionalProperties schemas', async () => {
  const schema = {
    type: 'object',
    properties: {
      opts: { $ref: '#/$defs/Opts' },
      labels: { type: 'object', additionalProperties: { type: 'integer' } },
    },
    $defs: { Opts: { allOf: [{ type: 'object', properties: { depth: { type: 'integer' } } }] } },
  };
  const args = await buildArguments(fakeSources(['opts.depth=2', 'labels.size=3']), schema);
  assert.deepEqual(args, { opts: { depth: 2 }, labels: { size: 3 } });
});

test('coerce: a declared property whose name contains a dot is set whole', async () => {
  const schema = { type: 'object', properties: { 'file.name': { type: 'string' }, 'max.size': { type: 'integer' } } };
  assert.deepEqual(await buildArguments(fakeSources(['file.name=a.txt', 'max.size=10']), schema), {
    'file.name': 'a.txt',
    'max.size': 10,
  });
});

test('coerce: without a schema dotted keys still nest and every value stays a string', async () => {
  assert.deepEqual(await buildArguments(fakeSources(['a.b=1', 'a.c=true', 'd=x']), undefined), {
    a: { b: '1', c: 'true' },
    d: 'x',
  });
});

test('coerce: an unknown property keeps the string', async () => {
  const schema = { type: 'object', properties: { n: { type: 'integer' } } };
  assert.deepEqual(await buildArguments(fakeSources(['n=1', 'm=1']), schema), { n: 1, m: '1' });
});

test('coerce: a huge integer for an integer-only property is an error naming the argument', async () => {
  await assert.rejects(coerce({ type: 'integer' }, '12345678901234567890'), (err: Error) => {
    assert.match(err.message, /argument "x": 12345678901234567890 is too large to send exactly/);
    return true;
  });
});

test('coerce: a large number written with an exponent is a number, for number and number|string alike', async () => {
  assert.equal(await coerce({ type: 'number' }, '1e20'), 1e20);
  assert.equal(await coerce({ type: 'number' }, '6.022e23'), 6.022e23);
  assert.equal(await coerce({ type: ['number', 'string'] }, '6.022e23'), 6.022e23);
  assert.equal(await coerce({ type: ['number', 'string'] }, '12345678901234567890'), '12345678901234567890');
});

/** What JSON.parse says of `text` (its wording differs between Node versions). */
function parseError(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail(`${text} is valid JSON`);
}

test('coerce: invalid JSON for an object-only property is an error naming the argument and the parse error', async () => {
  await assert.rejects(coerce({ type: 'object' }, '{"a":'), (err: Error) => {
    assert.ok(err.message.includes(`argument "x": invalid JSON for an object (${parseError('{"a":')})`), err.message);
    return true;
  });
});

test('coerce: invalid JSON for an array of numbers is an error naming the argument', async () => {
  await assert.rejects(
    coerce({ type: 'array', items: { type: 'number' } }, '[1,'),
    /argument "x": invalid JSON for an array/,
  );
});
