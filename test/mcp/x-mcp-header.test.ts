// SEP-2243 x-mcp-header rules, one by one: what is valid, and for each broken rule the tool is
// left out of `tools` and refused by `call` with a warning naming the tool and the rule, on a
// 2026-07-28 connection; valid tools stay usable; a 2025 connection lists them all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';
import { headerFault } from '../../src/mcp/requests/x-mcp-header.js';
import { HEADER_TOOLS } from '../fixtures/header-data.js';
import { run, jsonError, ROOT } from '../helpers/run.js';

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Tool => ({
  name: 't',
  inputSchema: { type: 'object', properties, ...extra } as Tool['inputSchema'],
});
const ruleOf = (tool: Tool) => headerFault(tool)?.rule;

test('valid marks: string, integer and boolean properties, distinct token names, nested properties', () => {
  assert.equal(
    ruleOf(
      schema({
        a: { type: 'string', 'x-mcp-header': 'Region' },
        b: { type: 'integer', 'x-mcp-header': "X!#$%&'*+-.^_`|~9" },
        c: { type: 'boolean', 'x-mcp-header': 'c' },
      }),
    ),
    undefined,
  );
  assert.equal(
    ruleOf(schema({ outer: { type: 'object', properties: { inner: { type: 'string', 'x-mcp-header': 'Inner' } } } })),
    undefined,
  );
  assert.equal(ruleOf(schema({ plain: { type: 'string' } })), undefined);
});

test('empty: an empty or non-string name', () => {
  assert.equal(ruleOf(schema({ a: { type: 'string', 'x-mcp-header': '' } })), 'empty');
  assert.equal(ruleOf(schema({ a: { type: 'string', 'x-mcp-header': 7 } })), 'empty');
});

test('type: on an object, an array, an untyped property, or a number', () => {
  for (const type of ['object', 'array', 'number', 'null'])
    assert.equal(ruleOf(schema({ a: { type, 'x-mcp-header': 'A' } })), 'type', type);
  assert.equal(ruleOf(schema({ a: { 'x-mcp-header': 'A' } })), 'type');
  assert.match(
    headerFault(schema({ a: { type: 'number', 'x-mcp-header': 'A' } }))!.message,
    /property "a".*type number/,
  );
});

test('duplicate: the same name twice, whatever the case', () => {
  assert.equal(
    ruleOf(
      schema({ a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'rEgIoN' } }),
    ),
    'duplicate',
  );
  assert.equal(
    ruleOf(
      schema({
        a: { type: 'string', 'x-mcp-header': 'Region' },
        b: { type: 'object', properties: { c: { type: 'string', 'x-mcp-header': 'REGION' } } },
      }),
    ),
    'duplicate',
  );
});

test('characters: anything outside the RFC 9110 token set', () => {
  for (const name of ['Re gion', 'a:b', 'a/b', 'caf\u00e9', 'a\tb', '(x)', 'a"b'])
    assert.equal(ruleOf(schema({ a: { type: 'string', 'x-mcp-header': name } })), 'characters', name);
});

test('placement: at the root, under items, a combinator or $defs', () => {
  assert.equal(ruleOf(schema({}, { 'x-mcp-header': 'Root' })), 'placement');
  assert.equal(ruleOf(schema({ l: { type: 'array', items: { type: 'string', 'x-mcp-header': 'I' } } })), 'placement');
  assert.equal(ruleOf(schema({ a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } })), 'placement');
  assert.equal(ruleOf(schema({}, { $defs: { d: { type: 'string', 'x-mcp-header': 'D' } } })), 'placement');
});

const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-headers-'));
const config = path.join(dir, 'servers.json');
const fixture = path.join(ROOT, 'dist', 'test', 'fixtures', 'header-server.js');
writeFileSync(
  config,
  JSON.stringify({
    mcpServers: {
      modern: { command: process.execPath, args: [fixture], protocolVersion: '2026-07-28' },
      legacy: { command: process.execPath, args: [fixture] },
    },
  }),
);
const mcpctl = (args: string[]) =>
  run(['-c', config, ...args], { cwd: dir, home: dir, env: { PATH: process.env.PATH, HOME: dir } });
const broken: Record<string, string> = {
  empty: 'empty',
  'on-object': 'type',
  'on-number': 'type',
  duplicate: 'duplicate',
  characters: 'characters',
  'under-items': 'placement',
};

test('2026-07-28: tools leaves out each invalid tool with a warning naming it and its rule', async () => {
  const r = await mcpctl(['tools', 'modern', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(
    (JSON.parse(r.stdout) as { tools: Tool[] }).tools.map((t) => t.name),
    ['valid', 'unmarked'],
  );
  for (const [name, rule] of Object.entries(broken))
    assert.match(r.stderr, new RegExp(`tool "${name}" is left out: its x-mcp-header marks break the ${rule} rule`));
});

test('2026-07-28: call refuses each invalid tool (exit 2, the rule named); valid tools are called', async () => {
  for (const [name, rule] of Object.entries(broken)) {
    const r = await mcpctl(['call', 'modern', name, '--json']);
    assert.equal(r.code, 2, name);
    assert.equal(r.stdout, '');
    assert.match(jsonError(r.stderr).error.message, new RegExp(`tool "${name}" .* break the ${rule} rule`));
    assert.match(r.stderr, new RegExp(`warning: server "modern": tool "${name}" is left out`));
  }
  const ok = await mcpctl(['call', 'modern', 'valid', 'region=eu', 'dry=true', 'n=3']);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(ok.stdout, 'called valid\n');
});

test('2025 revisions have no x-mcp-header: every tool is listed', async () => {
  const r = await mcpctl(['tools', 'legacy', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(
    (JSON.parse(r.stdout) as { tools: Tool[] }).tools.map((t) => t.name),
    HEADER_TOOLS.map((t) => t.name),
  );
});
