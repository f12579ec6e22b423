// Validation against inputSchema: the wording of each message (argument, want, got), several
// problems at once, did-you-mean, warnings for open schemas, drafts, and malformed schemas.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildArguments, validateArguments, type JsonSchema, type JsonSchemaObject } from '../../src/args/index.js';
import { McpctlError } from '../../src/errors.js';
import { fakeSources } from './sources.js';
import { exampleArguments } from '../../src/args/example.js';

const where = { server: 'fs', tool: 'search' };

/** The problem lines of the usage error validation throws (fails if it does not throw). */
function problemsOf(args: Record<string, unknown>, schema: JsonSchema): string[] {
  try {
    validateArguments(args, schema, where);
  } catch (err) {
    assert.ok(err instanceof McpctlError, `expected McpctlError, got ${String(err)}`);
    assert.equal(err.kind, 'usage');
    assert.equal(err.exitCode, 2);
    const body = err.message.replace(/^bad arguments for tool "search" of server "fs": /, '');
    return body.startsWith(`${body.split(' ')[0]} problems:\n`)
      ? body
          .split('\n')
          .slice(1)
          .map((l) => l.trim())
      : [body];
  }
  assert.fail('validation passed but should have failed');
}

function warningsOf(args: Record<string, unknown>, schema: JsonSchema): string[] {
  return validateArguments(args, schema, where).warnings;
}

const object = (properties: Record<string, JsonSchema>, extra: Record<string, unknown> = {}): JsonSchemaObject => ({
  type: 'object',
  properties,
  ...extra,
});

test('validate: a wrong type names the argument, what is wanted and what was given', async () => {
  const schema = object({ count: { type: 'integer' } });
  const args = await buildArguments(fakeSources(['count=abc']), schema);
  assert.deepEqual(problemsOf(args, schema), ['argument "count": must be integer, got "abc" (string)']);
  assert.deepEqual(problemsOf({ count: 1.5 }, schema), ['argument "count": must be integer, got 1.5 (number)']);
});

test('validate: a decimal multipleOf takes the values it divides, though binary fractions do not divide exactly', () => {
  const schema = object({ price: { type: 'number', multipleOf: 0.01 } });
  for (const price of [0.07, 1.15, 19.99, 3]) assert.deepEqual(warningsOf({ price }, schema), [], String(price));
  assert.deepEqual(problemsOf({ price: 0.075 }, schema), ['argument "price": must be multiple of 0.01, got 0.075']);
});

test('validate: the example value of each format the example knows passes that format', async () => {
  const formats = ['date-time', 'date', 'time', 'email', 'uri', 'url', 'uuid'];
  const schema = object(Object.fromEntries(formats.map((f) => [f, { type: 'string', format: f }])), {
    required: formats,
  });
  const args = await buildArguments(fakeSources(exampleArguments(schema)), schema);
  assert.deepEqual(Object.keys(args), formats);
  assert.deepEqual(warningsOf(args, schema), []);
});

test('validate: a missing required argument', () => {
  assert.deepEqual(problemsOf({}, object({ path: { type: 'string' } }, { required: ['path'] })), [
    'missing required argument "path"',
  ]);
});

test('validate: an enum names the allowed values and the given one', () => {
  const schema = object({ mode: { type: 'string', enum: ['fast', 'slow'] }, level: { enum: [1, 2, 3] } });
  assert.deepEqual(problemsOf({ mode: 'medium', level: 4 }, schema), [
    'argument "mode": must be one of "fast", "slow", got "medium"',
    'argument "level": must be one of 1, 2, 3, got 4',
  ]);
});

test('validate: formats are checked (date-time, email, uri)', async () => {
  const schema = object({
    when: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'email' },
    link: { type: 'string', format: 'uri' },
  });
  const good = await buildArguments(
    fakeSources(['when=2024-05-01T10:00:00Z', 'to=a@b.example', 'link=https://x.example/p']),
    schema,
  );
  assert.deepEqual(warningsOf(good, schema), []);
  const bad = await buildArguments(fakeSources(['when=yesterday', 'to=nobody', 'link=not a uri']), schema);
  assert.deepEqual(problemsOf(bad, schema), [
    'argument "when": must be a valid date-time, got "yesterday"',
    'argument "to": must be a valid email, got "nobody"',
    'argument "link": must be a valid uri, got "not a uri"',
  ]);
});

test('validate: every problem is reported at once, and the error names the tool with a hint', () => {
  const schema = object(
    { path: { type: 'string' }, count: { type: 'integer', minimum: 1 }, mode: { enum: ['a', 'b'] } },
    { required: ['path'], additionalProperties: false },
  );
  try {
    validateArguments({ count: 0, mode: 'c', pth: 'x' }, schema, where);
    assert.fail('should have thrown');
  } catch (err) {
    assert.ok(err instanceof McpctlError);
    assert.equal(err.server, 'fs');
    assert.equal(err.hint, 'mcpctl tools fs search shows its arguments');
    assert.equal(
      err.message,
      [
        'bad arguments for tool "search" of server "fs": 4 problems:',
        '  missing required argument "path"',
        '  unknown argument "pth" (did you mean "path"?)',
        '  argument "count": must be >= 1, got 0',
        '  argument "mode": must be one of "a", "b", got "c"',
      ].join('\n'),
    );
  }
});

test('validate: did-you-mean for transposed, missing and wrong letters; nothing for a far name', () => {
  const schema = object({ query: {}, limit: {}, offset: {} }, { additionalProperties: false });
  assert.deepEqual(problemsOf({ qeury: 1, limt: 2, ofset: 3, zzz: 4 }, schema), [
    'unknown argument "qeury" (did you mean "query"?)',
    'unknown argument "limt" (did you mean "limit"?)',
    'unknown argument "ofset" (did you mean "offset"?)',
    'unknown argument "zzz"',
  ]);
});

test('validate: an unknown argument in an open schema is a warning, not an error', () => {
  const schema = object({ name: { type: 'string' } });
  assert.deepEqual(warningsOf({ naem: 'x' }, schema), [
    'unknown argument "naem" (did you mean "name"?); sending it anyway',
  ]);
  // patternProperties and an additionalProperties schema declare names too.
  const patterned = object({ name: {} }, { patternProperties: { '^x-': {} } });
  assert.deepEqual(warningsOf({ 'x-trace': '1' }, patterned), []);
  assert.deepEqual(warningsOf({ other: 1 }, object({ name: {} }, { additionalProperties: { type: 'integer' } })), []);
  // A tool that declares no properties takes none: every argument is unknown (issue 9 §5)…
  assert.deepEqual(warningsOf({ anything: 1 }, { type: 'object' }), [
    'unknown argument "anything" (the tool declares no arguments); sending it anyway',
  ]);
  assert.deepEqual(warningsOf({ anything: 1 }, { type: 'object', properties: {} }), [
    'unknown argument "anything" (the tool declares no arguments); sending it anyway',
  ]);
  // …unless it says anything goes; and a nested object without properties is free-form.
  assert.deepEqual(warningsOf({ anything: 1 }, { type: 'object', additionalProperties: true }), []);
  assert.deepEqual(warningsOf({ meta: { anything: 1 } }, object({ meta: { type: 'object' } })), []);
});

test('validate: when the call fails anyway, undeclared names join the errors as likely typos', () => {
  const schema = object({ path: { type: 'string' } }, { required: ['path'] });
  assert.deepEqual(problemsOf({ pth: 'x' }, schema), [
    'missing required argument "path"',
    'unknown argument "pth" (did you mean "path"?)',
  ]);
});

test('validate: nested arguments are named with dots and array indices', async () => {
  const schema = object({
    user: {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name'],
      additionalProperties: false,
    },
    tags: { type: 'array', items: { type: 'string' } },
  });
  const args = await buildArguments(fakeSources(['user.age=old', 'user.nmae=Ada', 'tags:=["a",3]']), schema);
  assert.deepEqual(problemsOf(args, schema), [
    'missing required argument "user.name"',
    'unknown argument "user.nmae" (did you mean "name"?)',
    'argument "user.age": must be integer, got "old" (string)',
    'argument "tags[1]": must be string, got 3 (number)',
  ]);
});

test('validate: a failed anyOf/oneOf is one line listing the alternatives, even through $ref', () => {
  const schema = object(
    {
      level: { anyOf: [{ type: 'integer' }, { const: 'auto' }] },
      target: { oneOf: [{ $ref: '#/$defs/Point' }, { type: 'string' }] },
    },
    {
      $defs: {
        Point: {
          type: 'object',
          properties: { lat: { type: 'number' }, lon: { type: 'number' } },
          required: ['lat', 'lon'],
        },
      },
    },
  );
  assert.deepEqual(problemsOf({ level: 'high', target: { lon: 1, lta: 2 } }, schema), [
    'argument "level": must be integer or "auto", got "high" (string)',
    'argument "target": must be object or string, got {"lon":1,"lta":2} (object); closest: object (misses "lat")',
    // Names the branches declare still help find the typo.
    'unknown argument "target.lta" (did you mean "lat"?)',
  ]);
});

test('validate: a value of the right type says which alternative came closest and what it lacks', () => {
  // The shape of a pull-request review comment: a line or a position, and always a body.
  const comment = (where: string) => ({
    type: 'object',
    properties: { path: { type: 'string' }, body: { type: 'string' }, [where]: { type: 'integer' } },
    required: ['path', 'body', where],
  });
  const schema = object(
    {
      comments: { type: 'array', items: { anyOf: [comment('line'), comment('position')] } },
      point: { oneOf: [{ $ref: '#/$defs/Point' }, { type: 'string' }] },
    },
    {
      $defs: {
        Point: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } }, required: ['lat'] },
      },
    },
  );
  assert.deepEqual(problemsOf({ comments: [{ path: 'a' }], point: { lat: 'x', lon: 'y' } }, schema), [
    'argument "comments[0]": must be object, got {"path":"a"} (object); the closest alternatives miss "body", and "line" or "position"',
    'argument "point": must be object or string, got {"lat":"x","lon":"y"} (object); closest: object ("lat" must be number, got "x" (string); "lon" must be number, got "y" (string))',
  ]);
});

test('validate: values through $ref to $defs and definitions are checked', () => {
  const schema = object(
    { a: { $ref: '#/$defs/Count' }, b: { $ref: '#/definitions/Name' } },
    { $defs: { Count: { type: 'integer' } }, definitions: { Name: { type: 'string', minLength: 2 } } },
  );
  assert.deepEqual(problemsOf({ a: 'x', b: 'y' }, schema), [
    'argument "a": must be integer, got "x" (string)',
    'argument "b": must NOT have fewer than 2 characters, got "y"',
  ]);
});

test('validate: a strings-that-look-like-numbers property passes as a string', async () => {
  const schema = object(
    { zip: { type: 'string', pattern: '^[0-9]{5}$' }, ts: { type: 'string' } },
    { additionalProperties: false },
  );
  const args = await buildArguments(fakeSources(['zip=01234', 'ts=1700000000.000100']), schema);
  assert.deepEqual(validateArguments(args, schema, where), { warnings: [] });
});

test('validate: the draft follows $schema (2019-09 dependentRequired applies, draft-07 ignores it)', () => {
  const keywords = { type: 'object', properties: { a: {}, b: {} }, dependentRequired: { a: ['b'] } };
  assert.deepEqual(problemsOf({ a: 1 }, { $schema: 'https://json-schema.org/draft/2019-09/schema', ...keywords }), [
    'missing argument "b", required when "a" is given',
  ]);
  assert.deepEqual(warningsOf({ a: 1 }, { $schema: 'http://json-schema.org/draft-07/schema#', ...keywords }), []);
  // No $schema means 2020-12, where dependentRequired exists.
  assert.equal(problemsOf({ a: 1 }, keywords).length, 1);
});

test('validate: 2020-12 prefixItems and draft-07 tuple items both check positions', () => {
  const modern = object({ pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } });
  const draft7 = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...object({ pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } }),
  };
  assert.deepEqual(problemsOf({ pair: [1, 2] }, modern), ['argument "pair[0]": must be string, got 1 (number)']);
  assert.deepEqual(problemsOf({ pair: [1, 2] }, draft7), ['argument "pair[0]": must be string, got 1 (number)']);
});

test('validate: a draft-07 schema that does not say so (tuple items) is still checked', () => {
  const undeclared = object({ pair: { type: 'array', items: [{ type: 'string' }] } });
  assert.deepEqual(problemsOf({ pair: [1] }, undeclared), ['argument "pair[0]": must be string, got 1 (number)']);
});

test('validate: draft-04 boolean exclusiveMaximum is understood', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-04/schema#',
    type: 'object',
    properties: { n: { type: 'number', maximum: 5, exclusiveMaximum: true } },
  };
  assert.deepEqual(problemsOf({ n: 5 }, schema), ['argument "n": must be < 5, got 5']);
  assert.deepEqual(warningsOf({ n: 4 }, schema), []);
});

test('validate: the common zod-to-json-schema shape (draft-07, additionalProperties false)', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { path: { type: 'string' }, head: { type: 'number', description: 'first N lines' } },
    required: ['path'],
    additionalProperties: false,
  };
  assert.deepEqual(warningsOf({ path: '/tmp/x', head: 3 }, schema), []);
  assert.deepEqual(problemsOf({ path: '/tmp/x', haed: 3 }, schema), ['unknown argument "haed" (did you mean "head"?)']);
});

test('validate: a malformed inputSchema does not block: a warning says validation was skipped', () => {
  const bad = [object({ n: { type: 'strin' } }), object({ n: { $ref: '#/$defs/missing' } })];
  for (const schema of bad) {
    const { warnings } = validateArguments({ n: 1 }, schema, where);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^the inputSchema of tool "search" could not be compiled \(.+\); arguments not checked$/);
  }
});

test('validate: no schema, nothing to check', () => {
  assert.deepEqual(validateArguments({ anything: 1 }, undefined, where), { warnings: [] });
});

test('validate: other keywords use ajv wording with the given value', () => {
  const schema = object({
    s: { type: 'string', maxLength: 2 },
    p: { type: 'string', pattern: '^a' },
    k: { not: { type: 'string' } },
  });
  assert.deepEqual(problemsOf({ s: 'abc', p: 'zz', k: 'x' }, schema), [
    'argument "s": must NOT have more than 2 characters, got "abc"',
    'argument "p": must match pattern "^a", got "zz"',
    'argument "k": must not be string, got "x"',
  ]);
});

test('validate: long values are cut short in messages', () => {
  const problems = problemsOf({ n: 'x'.repeat(200) }, object({ n: { type: 'integer' } }));
  assert.equal(problems.length, 1);
  assert.ok(problems[0].length < 120, problems[0]);
  assert.match(problems[0], /^argument "n": must be integer, got "x+… \(string\)$/);
});

test('validate: a pattern mcpctl cannot run is named in a warning, and the call goes on', () => {
  const pattern = '^(a)\\1$';
  assert.deepEqual(warningsOf({ code: 'ab' }, object({ code: { type: 'string', pattern } })), [
    `the inputSchema of tool "search": the pattern ${JSON.stringify(pattern)} at /properties/code/pattern uses a ` +
      "backreference, which mcpctl's linear-time regular expression engine cannot run; mcpctl does not check it " +
      '(the server still validates)',
  ]);
});

test('validate: a value of the wrong type for an object is one problem, not one per character', () => {
  const schema = object({ user: { type: 'object', properties: { name: { type: 'string' } } } });
  assert.deepEqual(problemsOf({ user: 'Ada' }, schema), ['argument "user": must be object, got "Ada" (string)']);
  assert.deepEqual(problemsOf({ user: ['Ada'] }, schema), ['argument "user": must be object, got ["Ada"] (array)']);
});

test('validate: undeclared names are looked for 16 levels down, and no deeper', () => {
  // A tree whose nodes declare `next`: an undeclared name at depth 16 is warned about, one below not.
  const schema = object(
    { next: { $ref: '#/$defs/node' } },
    { $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } } },
  );
  const nested = (depth: number): Record<string, unknown> => (depth === 0 ? { zz: 1 } : { next: nested(depth - 1) });
  assert.deepEqual(warningsOf(nested(16), schema), [`unknown argument "${'next.'.repeat(16)}zz"; sending it anyway`]);
  assert.deepEqual(warningsOf(nested(17), schema), []);
});
