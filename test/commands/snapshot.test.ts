// `mcpctl snapshot` and `mcpctl diff` against real servers: snapshots byte-identical across runs
// and across the two eras of one server; diff of a file and a live server; exit codes; a test
// file's "no breaking change against a snapshot". Our call fixture is served over Streamable HTTP
// by this process for the whole file, in each era (the contract is what it lists, not the wire).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { run, jsonError } from '../helpers/run.js';
import { testProject as stdioProject } from '../helpers/test-project.js';
import { serveCallFixture } from '../helpers/call-project.js';

const fixture = serveCallFixture();
const testProject = () => stdioProject(fixture.servers());

async function snapshot(p: ReturnType<typeof stdioProject>, server: string): Promise<string> {
  const r = await run(['-c', p.config, 'snapshot', server], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

test('two snapshots of server-everything (legacy era) are byte-identical', async () => {
  const p = testProject();
  const first = await snapshot(p, 'everything');
  assert.equal(await snapshot(p, 'everything'), first);
  const doc = JSON.parse(first) as {
    format: string;
    server: { name: string };
    tools: { name: string }[];
    resourceTemplates: unknown[];
    prompts: { name: string; arguments?: unknown[] }[];
  };
  assert.equal(doc.format, 'mcpctl-contract/1');
  assert.equal(doc.server.name, 'mcp-servers/everything');
  assert.ok(!('protocolVersion' in doc), 'the revision belongs to the connection, not the contract');
  const names = doc.tools.map((t) => t.name);
  assert.deepEqual(names, [...names].sort(), 'tools sorted by name');
  assert.ok(names.includes('echo') && doc.resourceTemplates.length > 0 && doc.prompts.some((x) => x.arguments?.length));
  assert.ok(!first.includes('"_meta"'), 'no transport or volatile fields');
});

test('the 2026-07-28 fixture: byte-identical across runs, and the same contract as its legacy twin', async () => {
  const p = testProject();
  const modern = await snapshot(p, 'modern');
  assert.equal(await snapshot(p, 'modern'), modern);
  const legacy = await snapshot(p, 'legacy');
  const named = (text: string) => text.replace(/"name": "call-(legacy|modern)"/, '"name": "call"');
  assert.equal(named(modern), named(legacy));
});

test('diff of a snapshot and the live server: no changes, exit 0; the era is no change, the server name is', async () => {
  const p = testProject();
  const file = p.write('contract.json', await snapshot(p, 'legacy'));
  const same = await run(['-c', p.config, 'diff', file, 'legacy', '--json'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(same.code, 0, same.stderr);
  assert.deepEqual(JSON.parse(same.stdout), { changes: [], summary: { breaking: 0, compatible: 0 } });
  const era = await run(['-c', p.config, 'diff', file, 'modern', '--fail-on', 'compatible'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(era.code, 8);
  assert.equal(era.stdout, 'compatible\tserver\tserver info changed from call-legacy 1.0.0 to call-modern 1.0.0\n');
  assert.match(era.stderr, /--fail-on compatible/);
});

test('diff with a breaking change: exit 8, the change named, breaking ones first', async () => {
  const p = testProject();
  const contract = JSON.parse(await snapshot(p, 'legacy')) as {
    tools: { name: string; inputSchema: { properties: Record<string, unknown> } }[];
  };
  contract.tools.push({ name: 'retired', inputSchema: { properties: {} } });
  contract.tools.find((t) => t.name === 'types')!.inputSchema.properties.zip = { type: ['string', 'number'] };
  const file = p.write('old.json', JSON.stringify(contract));
  const r = await run(['-c', p.config, 'diff', 'old.json', 'legacy'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 8, r.stderr);
  const rows = r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));
  assert.deepEqual(rows, [
    ['breaking', 'tools.types.inputSchema.properties.zip.type', 'type narrowed from number|string to string'],
    ['breaking', 'tools.retired', 'tool "retired" removed'],
  ]);
  assert.match(r.stderr, /2 breaking changes/);
  const json = await run(['-c', p.config, '--json', 'diff', file, 'legacy'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(json.code, 8);
  assert.equal(jsonError(json.stderr).error.kind, 'check');
  assert.deepEqual((JSON.parse(json.stdout) as { summary: unknown }).summary, { breaking: 2, compatible: 0 });
});

test('diff of a file that is no snapshot: exit 2 naming it', async () => {
  const p = testProject();
  p.write('other.json', '{"tools": []}');
  const r = await run(['-c', p.config, 'diff', 'other.json', 'legacy'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /other\.json: not a snapshot of mcpctl/);
});

test('diff of a snapshot with a field diff reads missing or of the wrong kind: exit 2 naming the file and the field', async () => {
  const p = testProject();
  const good = await snapshot(p, 'legacy');
  p.write('good.json', good);
  // Each a copy of the snapshot with one field broken, named as the error must name it.
  const broken: [string, Record<string, unknown>][] = [
    ['server', { server: undefined }],
    ['capabilities', { capabilities: undefined }],
    ['tools[0]', { tools: [null] }],
    ['tools[1]', { tools: [{ name: 'echo' }, { description: 'no name' }] }],
    ['prompts[0]', { prompts: ['greet'] }],
    ['prompts[0].arguments[0]', { prompts: [{ name: 'greet', arguments: [null] }] }],
    ['resources[0]', { resources: [{ name: 'no uri' }] }],
    ['resourceTemplates[0]', { resourceTemplates: [{ uriTemplate: 'file:///{path}' }] }],
  ];
  for (const [field, change] of broken) {
    p.write('bad.json', JSON.stringify({ ...(JSON.parse(good) as object), ...change }));
    for (const argv of [
      ['diff', 'bad.json', 'good.json'],
      ['diff', 'good.json', 'bad.json'],
    ]) {
      const r = await run(argv, { cwd: p.dir, env: p.env, home: p.dir });
      assert.equal(r.code, 2, `${field}: ${r.stderr}`);
      const at = field.replace(/[.[\]]/g, '\\$&');
      assert.match(r.stderr, new RegExp(`error: bad\\.json: not a valid snapshot: ${at} must be an? \\w`));
      assert.match(r.stderr, new RegExp(`hint: fix ${at}, or write the snapshot again with mcpctl snapshot SERVER`));
    }
  }
  const onlyNames = JSON.parse(good) as { tools: unknown[] };
  onlyNames.tools.push({ name: 'retired' });
  p.write('older.json', JSON.stringify(onlyNames));
  const r = await run(['diff', 'older.json', 'good.json'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 8, 'an entry with only the fields diff reads is a snapshot');
  assert.match(r.stdout, /tool "retired" removed/);
});

test('snapshot --output writes a new file, and a test can assert no breaking change against it', async () => {
  const p = testProject();
  const r = await run(['-c', p.config, 'snapshot', 'legacy', '--output', 'contract.json'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readFileSync(path.join(p.dir, 'contract.json'), 'utf8'), await snapshot(p, 'legacy'));
  const contract = JSON.parse(readFileSync(path.join(p.dir, 'contract.json'), 'utf8')) as { tools: { name: string }[] };
  contract.tools.push({ name: 'retired' });
  p.write('older.json', JSON.stringify(contract));
  const file = p.write(
    'contract.yaml',
    'defaults: { server: legacy }\ntests:\n  - name: same contract\n    tools: {}\n    expect: { tools: { snapshot: contract.json } }\n  - name: a tool went away\n    tools: {}\n    expect: { tools: { snapshot: older.json } }\n',
  );
  const t = await run(['-c', p.config, 'test', file, '--reporter', 'json'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(t.code, 8, t.stderr);
  const results = (
    JSON.parse(t.stdout) as {
      files: { results: { status: string; failures: { expectation: string; actual: unknown }[] }[] }[];
    }
  ).files[0]!.results;
  assert.equal(results[0]!.status, 'passed');
  assert.deepEqual(
    results[1]!.failures.map((f) => [f.expectation, f.actual]),
    [['tools.snapshot', ['tools.retired: tool "retired" removed']]],
  );
});
