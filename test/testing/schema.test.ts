// mcpctl-test.schema.json at the repository root is the schema the loader checks test files
// against, and editors accept the test files it documents.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { testSchemaJson } from '../../src/testing/schema.js';

const root = new URL('../../../', import.meta.url);
const shipped = fileURLToPath(new URL('mcpctl-test.schema.json', root));

test('mcpctl-test.schema.json is up to date with src/testing/schema.ts', async () => {
  assert.equal(
    await fs.readFile(shipped, 'utf8'),
    testSchemaJson(),
    'mcpctl-test.schema.json is stale: regenerate it with npm run generate',
  );
});

test('the shipped schema accepts the example test files and rejects a test with two steps', async () => {
  const validate = new Ajv({ strict: false }).compile(JSON.parse(await fs.readFile(shipped, 'utf8')) as object);
  for (const name of ['pass.yaml', 'fail.yaml']) {
    const value = parse(await fs.readFile(fileURLToPath(new URL(`test/fixtures/testing/${name}`, root)), 'utf8'));
    assert.equal(validate(value), true, `${name}: ${JSON.stringify(validate.errors)}`);
  }
  assert.equal(validate({ tests: [{ name: 'x', status: {}, tools: {} }] }), false);
  assert.equal(validate({ tests: [{ name: 'x', call: { tool: 'a' }, expect: { text: { contain: 'a' } } }] }), false);
  assert.equal(validate({ servers: { s: { command: 'x', timeout: -1 } }, tests: [{ name: 'x', status: {} }] }), false);
  const started = (start: object) => ({
    servers: { s: { url: 'http://127.0.0.1:${port}/mcp', start } },
    tests: [{ name: 'x', status: {} }],
  });
  assert.equal(validate(started({ command: 'node', args: ['s.js'], ready: { log: { contains: 'up' } } })), true);
  assert.equal(validate(started({ command: 'node', ready: { port: 8080 }, per: 'test' })), true);
  assert.equal(validate(started({ command: 'node', wait: 3 })), false, 'an unknown key of start');
  assert.equal(validate(started({ command: 'node', ready: { port: 8080, log: { contains: 'up' } } })), false);
});
