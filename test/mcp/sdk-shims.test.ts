// src/mcp/session/sdk-shims.ts replaces the SDK's Node shims in the bundle: it must export what they
// export, and its validator must judge as the SDK's own does.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as sdkShims from '@modelcontextprotocol/client/_shims';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import * as ours from '../../src/mcp/session/sdk-shims.js';

test("the stand-in exports what the SDK's Node shims export, with the same constants", () => {
  assert.deepEqual(Object.keys(ours).sort(), Object.keys(sdkShims).sort());
  assert.equal(ours.CORS_IS_POSSIBLE, sdkShims.CORS_IS_POSSIBLE);
});

test("its validator, loaded on first use, answers as the SDK's", () => {
  const schema = {
    type: 'object',
    properties: { n: { type: 'integer', minimum: 1 }, email: { type: 'string', format: 'email' } },
    required: ['n'],
  } as const;
  const mine = new ours.DefaultJsonSchemaValidator().getValidator(schema);
  const theirs = new AjvJsonSchemaValidator().getValidator(schema);
  for (const value of [
    { n: 2 },
    { n: 0 },
    {},
    { n: 1, email: 'not an address' },
    { n: 1, email: 'a@b.example' },
    'text',
  ]) {
    assert.deepEqual(mine(value), theirs(value), JSON.stringify(value));
  }
  assert.equal(mine({ n: 0 }).valid, false);
  assert.equal(mine({ n: 1, email: 'a@b.example' }).valid, true);
});
