// The outputSchema check of tool results: mismatches are exit 7 naming the tool and JSON paths.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateStructuredContent } from '../../src/args/index.js';
import { McpctlError } from '../../src/errors.js';

const tool = {
  name: 'list_items',
  outputSchema: {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            created: { type: 'string', format: 'date-time' },
            kind: { enum: ['a', 'b'] },
          },
          required: ['id'],
        },
      },
      total: { type: 'integer' },
    },
    required: ['items', 'total'],
  },
};

function mismatch(fn: () => unknown): McpctlError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof McpctlError, `expected McpctlError, got ${String(err)}`);
    assert.equal(err.kind, 'output-schema');
    assert.equal(err.exitCode, 7);
    return err;
  }
  assert.fail('expected an output-schema error');
}

test('output: a matching structuredContent passes with no warnings', () => {
  const result = { structuredContent: { items: [{ id: 'x', created: '2024-01-02T03:04:05Z', kind: 'a' }], total: 1 } };
  assert.deepEqual(validateStructuredContent(result, tool, 'store'), { warnings: [] });
});

test('output: a mismatch names the tool, the server and the JSON path', () => {
  const err = mismatch(() =>
    validateStructuredContent({ structuredContent: { items: [{ id: 5 }], total: 1 } }, tool, 'store'),
  );
  assert.equal(
    err.message,
    'structuredContent of tool "list_items" of server "store" does not match its outputSchema: /items/0/id must be string, got 5 (number)',
  );
  assert.equal(err.server, 'store');
  assert.equal(err.phase, 'output');
});

test('output: several mismatches are listed, one per line', () => {
  const content = { items: [{ id: 'ok', created: 'soon' }, { kind: 'c' }], total: '2' };
  const err = mismatch(() => validateStructuredContent({ structuredContent: content }, tool));
  assert.equal(
    err.message,
    [
      'structuredContent of tool "list_items" does not match its outputSchema:',
      '  /items/0/created must be a valid date-time, got "soon"',
      '  /items/1 must have required property "id"',
      '  /items/1/kind must be one of "a", "b", got "c"',
      '  /total must be integer, got "2" (string)',
    ].join('\n'),
  );
});

test('output: a missing required top-level property and a wrong root type', () => {
  assert.match(
    mismatch(() => validateStructuredContent({ structuredContent: { items: [] } }, tool)).message,
    /: \(root\) must have required property "total"$/,
  );
  assert.match(
    mismatch(() => validateStructuredContent({ structuredContent: [1] }, tool)).message,
    /: \(root\) must be object, got \[1\] \(array\)$/,
  );
});

test('output: no structuredContent while an outputSchema is declared is a mismatch', () => {
  const err = mismatch(() => validateStructuredContent({}, tool, 'store'));
  assert.equal(
    err.message,
    'tool "list_items" of server "store" declares an outputSchema but its result has no structuredContent',
  );
});

test('output: nothing to check without an outputSchema, or for an isError result', () => {
  assert.deepEqual(validateStructuredContent({}, { name: 'plain' }), { warnings: [] });
  assert.deepEqual(validateStructuredContent({ isError: true }, tool), { warnings: [] });
  assert.deepEqual(validateStructuredContent({ isError: true, structuredContent: { wrong: true } }, tool), {
    warnings: [],
  });
});

test('output: the draft follows $schema, as for inputs', () => {
  const draft7 = {
    name: 'pair',
    outputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { p: { type: 'array', items: [{ type: 'string' }] } },
    },
  };
  assert.match(
    mismatch(() => validateStructuredContent({ structuredContent: { p: [1] } }, draft7)).message,
    /\/p\/0 must be string, got 1 \(number\)$/,
  );
  const closed = {
    name: 'strict',
    outputSchema: { type: 'object', properties: { a: {} }, unevaluatedProperties: false },
  };
  assert.match(
    mismatch(() => validateStructuredContent({ structuredContent: { a: 1, b: 2 } }, closed)).message,
    /\(root\) has unknown property "b"$/,
  );
});

test('output: a malformed outputSchema is a warning and the result passes', () => {
  const broken = { name: 'broken', outputSchema: { type: 'object', properties: { a: { type: 'text' } } } };
  const { warnings } = validateStructuredContent({ structuredContent: { a: 1 } }, broken, 'store');
  assert.equal(warnings.length, 1);
  assert.match(
    warnings[0],
    /^the outputSchema of tool "broken" of server "store" could not be compiled \(.+\); structuredContent not checked$/,
  );
});

test('output: a flood of mismatches is capped with a count of the rest', () => {
  const many = {
    name: 'many',
    outputSchema: { type: 'object', properties: { v: { type: 'array', items: { type: 'string' } } } },
  };
  const err = mismatch(() =>
    validateStructuredContent({ structuredContent: { v: Array.from({ length: 30 }, (_, i) => i) } }, many),
  );
  const lines = err.message.split('\n').slice(1);
  assert.equal(lines.length, 21);
  assert.equal(lines[20].trim(), '… and 10 more');
});
