// The notation the one-tool view shows is the notation `call` takes: `entities[].name=Bob` against
// server-memory end to end, and, for every tool of three reference servers, every field the view
// lists parses as an argument path and the example call it prints passes the tool's schema.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { run } from '../helpers/run.js';
import { callProject } from '../helpers/call-project.js';
import { fakeSources } from '../args/sources.js';
import { buildArguments, validateArguments, type JsonSchema } from '../../src/args/index.js';
import { exampleArguments } from '../../src/args/example.js';
import { schemaFields } from '../../src/args/fields.js';
import { keyPath } from '../../src/args/key-path.js';
import { chromeDevtools, thirdPartyConfig } from '../helpers/third-party.js';
import { ROOT } from '../helpers/run.js';
import path from 'node:path';

const project = callProject();
const opts = () => ({ cwd: project.dir, home: project.home, env: project.env });

test('server-memory: entities[].name=… words, as the view shows them, create one entity each', async () => {
  const view = await run(['tools', 'memory', 'create_entities'], opts());
  assert.equal(view.code, 0, view.stderr);
  assert.match(view.stdout, /entities\[\]\.name/);
  const words = [
    'entities[].name=Bob',
    'entities[].entityType=person',
    'entities[].observations[]=likes tea',
    'entities[].observations[]=plays chess',
    'entities[].name=Ann',
    'entities[].entityType=person',
    'entities[].observations[]=sings',
  ];
  const create = await run(['call', 'memory', 'create_entities', ...words], opts());
  assert.equal(create.code, 0, create.stderr);
  const graph = await run(['call', 'memory', 'read_graph', '--json'], opts());
  const result = JSON.parse(graph.stdout) as { structuredContent: { entities: { name: string }[] } };
  const stored = result.structuredContent.entities.filter((e) => e.name === 'Bob' || e.name === 'Ann');
  assert.deepEqual(stored, [
    { name: 'Bob', entityType: 'person', observations: ['likes tea', 'plays chess'] },
    { name: 'Ann', entityType: 'person', observations: ['sings'] },
  ]);
});

// Servers built on other SDKs and frameworks: chrome-devtools-mcp, tmcp, fastmcp, mcp-framework.
const others = thirdPartyConfig({
  devtools: {
    command: process.execPath,
    args: [chromeDevtools],
    env: { CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' },
  },
  tmcp: { command: process.execPath, args: [path.join(ROOT, 'dist/test/fixtures/tmcp-server.js')] },
});
const SERVERS: [string, string[]][] = [
  ...['everything', 'memory', 'filesystem'].map((name): [string, string[]] => [name, []]),
  ...['devtools', 'tmcp', 'fastmcp', 'mcp-framework', 'sequential-thinking'].map((name): [string, string[]] => [
    name,
    ['-c', others],
  ]),
];

for (const [server, config] of SERVERS) {
  test(`${server}: every field the view lists is a path call takes, and every example call passes`, async () => {
    const listed = await run([...config, 'tools', server, '--json'], opts());
    assert.equal(listed.code, 0, listed.stderr);
    const { tools } = JSON.parse(listed.stdout) as { tools: { name: string; inputSchema: JsonSchema }[] };
    assert.ok(tools.length > 0);
    for (const tool of tools) {
      const where = { server, tool: tool.name };
      for (const field of schemaFields(tool.inputSchema)) {
        const located = keyPath(field.name, tool.inputSchema);
        assert.ok(!('problem' in located) && located.schema !== undefined, `${tool.name}: ${field.name}`);
      }
      const args = await buildArguments(fakeSources(exampleArguments(tool.inputSchema)), tool.inputSchema, where);
      validateArguments(args, tool.inputSchema, where);
    }
  });
}
