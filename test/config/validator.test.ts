// generated/server-validator.ts is built from the config schema in every build: it must judge
// entries exactly as ajv compiling the schema at run time does (same errors, same words).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv, type ErrorObject } from 'ajv';
import { configSchema } from '../../src/config/schema.js';
import { VALIDATOR_OPTIONS } from '../../src/config/validator-codegen.js';
import { validate as generated } from '../../generated/server-validator.js';

test('the generated validator reports what a run-time compiled one reports', () => {
  const ajv = new Ajv(VALIDATOR_OPTIONS);
  ajv.addSchema(configSchema, 'mcpctl');
  const compiled = ajv.getSchema('mcpctl#/definitions/server')!;
  const check = generated as unknown as { (v: unknown): boolean; errors?: ErrorObject[] | null };
  const entries: unknown[] = [
    { command: 'node', args: ['server.js'], env: { A: 'b' }, timeout: 30 },
    {
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer ${T}' },
      oauth: { clientId: 'c', issuer: 'https://i', redirectPort: 8080, idp: { issuer: 'https://idp' } },
    },
    { serverUrl: 'https://example.com/mcp', protocolVersion: '2025-06-18' },
    {},
    { command: '', url: 'x' },
    { command: 'x', args: 'not-an-array', env: { A: 1 }, timeout: 0, inheritEnv: 'yes' },
    { command: 'x', type: 'websocket', protocolVersion: 'latest', enabledTools: [1] },
    {
      url: 'https://x',
      oauth: { redirectPort: 70000, grant: 'password', tokenEndpointAuthMethod: 'magic', idp: { clientId: '' } },
    },
    { command: '\u{1F600}', cwd: '' },
    'not an object',
  ];
  for (const entry of entries) {
    const expected = compiled(entry);
    assert.equal(check(entry), expected, JSON.stringify(entry));
    assert.deepEqual(check.errors ?? null, compiled.errors ?? null, JSON.stringify(entry));
  }
  assert.ok(entries.some((e) => !compiled(e)) && entries.some((e) => compiled(e)));
});
