// `mcpctl diff` judging by meaning: every case of cases.ts as a pair of snapshot files, exit 8
// when breaking and 0 when compatible (in-process through main(), whose answer is the exit code;
// the first breaking and the first compatible case also through bin/, a process of its own); a
// live server against its own snapshot after its schema was refactored; and one server read at
// two protocol revisions gives byte-identical snapshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT, run, runBin } from '../helpers/run.js';
import { testProject } from '../helpers/test-project.js';
import { contractJson } from '../../src/contract/snapshot.js';
import { MEANING_CASES } from '../contract/cases.js';

const CONTRACT_SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'contract-server.js');

function project(offer: object) {
  const p = testProject();
  const file = p.write('offer.json', JSON.stringify(offer));
  const server = { command: process.execPath, args: [CONTRACT_SERVER, file] };
  p.write(
    'servers.json',
    JSON.stringify({
      mcpServers: {
        at2025: { ...server, protocolVersion: '2025-06-18' },
        at2026: { ...server, protocolVersion: '2026-07-28' },
      },
    }),
  );
  return { ...p, config: path.join(p.dir, 'servers.json') };
}

/** The first breaking and the first compatible case: their exit code is also that of the real process. */
const throughBin = new Set(['breaking', 'compatible'].map((kind) => MEANING_CASES.find((c) => c.class === kind)));

for (const c of MEANING_CASES) {
  const how = throughBin.has(c) ? ' (through bin/)' : '';
  test(`mcpctl diff old.json new.json: ${c.name} exits ${c.class === 'breaking' ? 8 : 0}${how}`, async () => {
    const p = testProject();
    p.write('old.json', contractJson(c.old));
    p.write('new.json', contractJson(c.new));
    const argv = ['--json', 'diff', 'old.json', 'new.json'];
    const r = throughBin.has(c)
      ? await runBin(argv, { cwd: p.dir, env: p.env })
      : await run(argv, { cwd: p.dir, env: p.env, home: p.dir });
    assert.equal(r.code, c.class === 'breaking' ? 8 : 0, r.stderr);
    const doc = JSON.parse(r.stdout) as { summary: { breaking: number } };
    assert.equal(doc.summary.breaking > 0, c.class === 'breaking');
  });
}

const TOOL = {
  name: 'rename',
  description: 'Renames a user',
  inputSchema: {
    type: 'object',
    properties: { user: { type: 'string', minLength: 1 }, to: { type: 'string', minLength: 1 } },
    required: ['user', 'to'],
  },
};

test('one server at two protocol revisions: byte-identical snapshots, the revision said on stderr', async () => {
  const p = project({ tools: [TOOL], resourceTemplates: [{ uriTemplate: 'users://{id}', name: 'user' }] });
  const opts = { cwd: p.dir, env: p.env, home: p.dir };
  const legacy = await run(['-c', p.config, 'snapshot', 'at2025'], opts);
  const modern = await run(['-c', p.config, 'snapshot', 'at2026'], opts);
  assert.equal(legacy.code, 0, legacy.stderr);
  assert.equal(modern.code, 0, modern.stderr);
  assert.equal(modern.stdout, legacy.stdout);
  assert.ok(!legacy.stdout.includes('protocolVersion'));
  assert.match(legacy.stderr, /protocol revision 2025-06-18 \(not part of the contract\)/);
  assert.match(modern.stderr, /protocol revision 2026-07-28 \(not part of the contract\)/);
  const both = await run(['-c', p.config, '--json', 'diff', 'at2025', 'at2026', '--fail-on', 'compatible'], opts);
  assert.equal(both.code, 0, both.stderr);
  assert.deepEqual(JSON.parse(both.stdout), { changes: [], summary: { breaking: 0, compatible: 0 } });
});

test('a live server whose schema moved into $defs and allOf: no change against its snapshot', async () => {
  const p = project({ tools: [TOOL] });
  const opts = { cwd: p.dir, env: p.env, home: p.dir };
  const before = await run(['-c', p.config, 'snapshot', 'at2025', '--output', 'contract.json'], opts);
  assert.equal(before.code, 0, before.stderr);
  const refactored = {
    ...TOOL,
    inputSchema: {
      type: 'object',
      $defs: { Name: { type: 'string', minLength: 1, 'x-ui': 'text' } },
      properties: { user: { $ref: '#/$defs/Name' }, to: { allOf: [{ $ref: '#/$defs/Name' }] } },
      required: ['to', 'user'],
    },
  };
  p.write('offer.json', JSON.stringify({ tools: [refactored] }));
  const same = await runBin(['-c', p.config, '--json', 'diff', 'contract.json', 'at2026'], opts);
  assert.equal(same.code, 0, same.stderr);
  assert.deepEqual(JSON.parse(same.stdout).changes, []);
  p.write(
    'offer.json',
    JSON.stringify({
      tools: [{ ...refactored, inputSchema: { ...refactored.inputSchema, additionalProperties: false } }],
    }),
  );
  const closed = await runBin(['-c', p.config, 'diff', 'contract.json', 'at2025'], opts);
  assert.equal(closed.code, 8, closed.stderr);
  assert.equal(
    closed.stdout,
    'breaking\ttools.rename.inputSchema.additionalProperties\textra properties are no longer accepted\n',
  );
});

test('a snapshot written by an earlier mcpctl (with protocolVersion) still reads, the revision not counted', async () => {
  const c = MEANING_CASES[0]!;
  const p = testProject();
  p.write('old.json', JSON.stringify({ ...c.old, protocolVersion: '2025-03-26' }));
  p.write('new.json', contractJson(c.old));
  const r = await run(['--json', 'diff', 'old.json', 'new.json', '--fail-on', 'compatible'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(r.code, 0, r.stderr);
});
