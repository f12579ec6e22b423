// The linear-time pattern engine behind every tool schema: what it runs as ECMAScript does, what
// it leaves unenforced (and reports), what still makes a schema invalid, and the size limits.
// A catastrophic pattern is tested through bin/ (hostile-schemas.test.ts): in this process it
// would block the event loop, and the test's own timeout with it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileSchema, type Compiled } from '../../src/schema/compile.js';
import { MAX_DEPTH, MAX_VALUES, sizeProblem } from '../../src/schema/limits.js';
import { propertySchema, type JsonSchema } from '../../src/schema/navigate.js';

function compiled(schema: JsonSchema): Extract<Compiled, { ok: true }> {
  const c = compileSchema(schema);
  assert.ok(c.ok, c.ok ? '' : c.reason);
  return c;
}

test('two patterns in one schema are each their own (ajv keys compiled patterns by their text)', () => {
  const c = compiled({
    type: 'object',
    properties: { a: { type: 'string', pattern: '^a+$' }, b: { type: 'string', pattern: '^b+$' } },
  });
  assert.equal(c.check({ a: 'aa', b: 'bb' }).valid, true);
  assert.equal(c.check({ a: 'bb', b: 'bb' }).valid, false);
  assert.equal(c.check({ a: 'aa', b: 'aa' }).valid, false);
});

test('ECMAScript spellings RE2 lacks still match: \\u escapes, named groups, [^]', () => {
  const c = compiled({
    type: 'object',
    properties: {
      e: { type: 'string', pattern: '^caf\\u00e9$' },
      y: { type: 'string', pattern: '^(?<year>\\d{4})-\\d{2}$' },
      any: { type: 'string', pattern: '^[^]{2}$' },
    },
  });
  assert.equal(c.check({ e: 'café', y: '2026-12', any: 'a\n' }).valid, true);
  assert.equal(c.check({ e: 'cafe' }).valid, false);
  assert.equal(c.check({ y: '26-12' }).valid, false);
  assert.deepEqual(c.unenforced, []);
});

test('lookaround and backreferences are left unenforced and reported, with the pointer of the keyword', () => {
  const c = compiled({
    type: 'object',
    properties: {
      ahead: { type: 'string', pattern: '^(?=.*\\d)\\w+$' },
      behind: { type: 'string', pattern: '(?<!x)y' },
      twice: { type: 'string', pattern: '^(a)\\1$' },
      named: { type: 'string', pattern: '^(?<c>a)\\k<c>$' },
      kept: { type: 'string', maxLength: 3 },
    },
  });
  assert.deepEqual(
    c.unenforced.map((u) => [u.keyword, u.at, u.reason]),
    [
      ['pattern', '/properties/ahead/pattern', 'a lookaround'],
      ['pattern', '/properties/behind/pattern', 'a lookaround'],
      ['pattern', '/properties/twice/pattern', 'a backreference'],
      ['pattern', '/properties/named/pattern', 'a backreference'],
    ],
  );
  // Not enforced: a value the server would refuse passes here; the rest of the schema still holds.
  assert.equal(c.check({ ahead: 'abc', behind: 'xy', twice: 'ab', named: 'ab' }).valid, true);
  assert.equal(c.check({ kept: 'abcd' }).valid, false);
});

test('an unenforced patternProperties key takes additionalProperties with it, so nothing valid is refused', () => {
  const c = compiled({
    type: 'object',
    patternProperties: { '^(?!x)': { type: 'number' }, '^x': { type: 'string' } },
    additionalProperties: false,
  });
  assert.deepEqual(
    c.unenforced.map((u) => [u.keyword, u.at, u.pattern]),
    [['patternProperties', '/patternProperties', '^(?!x)']],
  );
  assert.equal(c.check({ a: 1, xa: 's' }).valid, true);
  assert.equal(c.check({ xa: 1 }).valid, false, 'the enforceable key still holds');
});

test('a pattern that is no regular expression still makes the schema invalid', () => {
  const c = compileSchema({ type: 'string', pattern: '(' });
  assert.equal(c.ok, false);
});

test('argument typing matches patternProperties keys with the same engine', () => {
  const schema = { type: 'object', patternProperties: { '^(a|a)*$': { type: 'number' }, '^n_': { type: 'integer' } } };
  assert.equal(propertySchema(schema, schema, `${'a'.repeat(48)}b`), undefined);
  assert.deepEqual(propertySchema(schema, schema, 'n_1'), { type: 'integer' });
  assert.deepEqual(propertySchema(schema, schema, 'aaa'), { type: 'number' });
});

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

test('size limits: depth and number of values, each at its edge', () => {
  assert.equal(sizeProblem(nested(MAX_DEPTH)), undefined);
  assert.equal(sizeProblem(nested(MAX_DEPTH + 1)), `nested more than ${MAX_DEPTH} levels deep`);
  assert.equal(sizeProblem(Array.from({ length: MAX_VALUES - 1 }, () => 0)), undefined);
  assert.equal(sizeProblem(Array.from({ length: MAX_VALUES }, () => 0)), `larger than ${MAX_VALUES} JSON values`);
  const deep = compileSchema(nested(1000) as JsonSchema);
  assert.deepEqual(deep, { ok: false, reason: `the schema is nested more than ${MAX_DEPTH} levels deep` });
});
