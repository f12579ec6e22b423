// The fields the one-tool view lists: alternatives (anyOf/oneOf of objects) read as a choice,
// not as every field optional.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { schemaFields } from '../../src/args/fields.js';

test('fields: what every alternative requires is required; the rest names its alternative', () => {
  const comment = (where: string) => ({
    type: 'object',
    properties: { path: { type: 'string' }, body: { type: 'string' }, [where]: { type: 'integer' } },
    required: ['path', 'body', where],
  });
  const schema = {
    type: 'object',
    properties: { comments: { type: 'array', items: { anyOf: [comment('line'), comment('position')] } } },
  };
  const shown = schemaFields(schema).map((f) => [f.name, f.required, f.constraints.join(', ')]);
  assert.deepEqual(shown, [
    ['comments', false, ''],
    ['comments[]', undefined, ''],
    ['comments[].path', true, ''],
    ['comments[].body', true, ''],
    ['comments[].line', true, 'alternative 1 of 2'],
    ['comments[].position', true, 'alternative 2 of 2'],
  ]);
});
