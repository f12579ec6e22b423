// mcpctl.schema.json at the repository root is the schema the loader uses, and it accepts the
// files it documents (what an editor would do with it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { schemaJson } from '../../src/config/schema.js';

const shipped = fileURLToPath(new URL('../../../mcpctl.schema.json', import.meta.url));

test('mcpctl.schema.json is up to date with src/config/schema.ts', async () => {
  const text = await fs.readFile(shipped, 'utf8');
  assert.equal(text, schemaJson(), 'mcpctl.schema.json is stale: regenerate it with npm run generate');
});

test('the shipped schema accepts camelCase and snake_case files and rejects bad values', async () => {
  const schema = JSON.parse(await fs.readFile(shipped, 'utf8')) as object;
  const validate = new Ajv({ strict: false }).compile(schema);
  assert.equal(
    validate({ $schema: './mcpctl.schema.json', mcpServers: { a: { command: 'x', env_from: ['A'], timeout: 10 } } }),
    true,
  );
  assert.equal(
    validate({ servers: { b: { type: 'http', url: 'https://x', headers_from: { A: 'B' } } }, inputs: [] }),
    true,
  );
  assert.equal(validate({ mcpServers: { c: { command: 'x', url: 'https://x' } } }), false);
  assert.equal(validate({ mcpServers: { d: { command: 'x', timeout: -1 } } }), false);
  assert.equal(validate({ mcpServers: { e: { command: 'x', protocol_version: 'latest' } } }), false);
});
