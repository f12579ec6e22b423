// The readable argument list of an inputSchema (names, type labels, required, defaults).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeArguments } from '../../src/args/index.js';

test('describe: every kind of property gets a short type label', () => {
  const schema = {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'file to read' },
      count: { type: 'integer', default: 10 },
      ratio: { type: ['number', 'null'] },
      tags: { type: 'array', items: { type: 'string' } },
      ids: { type: 'array', items: { type: ['integer', 'string'] } },
      list: { type: 'array' },
      mode: { enum: ['fast', 'slow'] },
      level: { anyOf: [{ type: 'integer' }, { const: 'auto' }] },
      when: { type: 'string', format: 'date-time', title: 'Start time' },
      ref: { $ref: '#/$defs/Flag' },
      free: {},
    },
    required: ['path', 'mode'],
    $defs: { Flag: { type: 'boolean', description: 'from a definition' } },
  };
  assert.deepEqual(describeArguments(schema), [
    { name: 'path', type: 'string', required: true, description: 'file to read' },
    { name: 'count', type: 'integer', required: false, default: 10 },
    { name: 'ratio', type: 'number|null', required: false },
    { name: 'tags', type: 'string[]', required: false },
    { name: 'ids', type: '(integer|string)[]', required: false },
    { name: 'list', type: 'array', required: false },
    { name: 'mode', type: '"fast"|"slow"', required: true },
    { name: 'level', type: 'integer|"auto"', required: false },
    { name: 'when', type: 'string', required: false, description: 'Start time', format: 'date-time' },
    { name: 'ref', type: 'boolean', required: false, description: 'from a definition' },
    { name: 'free', type: 'any', required: false },
  ]);
});

test('describe: nested objects list their properties with dotted names, one level deep', () => {
  const schema = {
    type: 'object',
    properties: {
      user: {
        type: 'object',
        description: 'who',
        properties: { name: { type: 'string' }, address: { type: 'object', properties: { zip: { type: 'string' } } } },
        required: ['name'],
      },
    },
  };
  assert.deepEqual(describeArguments(schema), [
    { name: 'user', type: 'object', required: false, description: 'who' },
    { name: 'user.name', type: 'string', required: true },
    { name: 'user.address', type: 'object', required: false },
  ]);
});

test('describe: properties from allOf parts count; no schema gives nothing', () => {
  const schema = { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } } }] };
  assert.deepEqual(describeArguments(schema), [
    { name: 'a', type: 'string', required: true },
    { name: 'b', type: 'number', required: false },
  ]);
  assert.deepEqual(describeArguments(undefined), []);
  assert.deepEqual(describeArguments({ type: 'object' }), []);
});
