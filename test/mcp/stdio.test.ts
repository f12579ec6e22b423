// The reference servers from npm over stdio: server-everything, -filesystem and -memory,
// with their stderr shown under -v and kept as a tail, and nothing left running afterwards.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { StdioServerSpec } from '../../src/config/types.js';
import {
  assertAllEnded,
  everything,
  filesystem,
  logLines,
  makeCtx,
  memory,
  stdioSpec,
  tempDir,
  withEnv,
  openSession,
} from './helpers.js';

/** A reference server started through `sh -c 'echo $$ >> LOG; exec node …'`: its pid is logged. */
function logged(name: string, args: string[], overrides: Partial<StdioServerSpec> = {}) {
  const log = join(tempDir('pids'), 'pids.log');
  const line = `echo $$ >> '${log}'; exec "$0" "$@"`;
  const spec = stdioSpec(name, 'sh', ['-c', line, process.execPath, ...args], overrides);
  return { spec, pids: () => logLines(log).map(Number) };
}

describe('reference servers over stdio', { concurrency: 3 }, () => {
  test('server-everything: list tools and call echo, negotiated with auto', async () => {
    const { spec, pids } = logged('everything', [everything, 'stdio'], { protocol: 'auto' });
    const value = await openSession(spec, makeCtx(), { cacheDir: false }, async (s) => {
      const { tools } = await s.client.listTools(undefined, s.requestOptions());
      const call = await s.client.callTool({ name: 'echo', arguments: { message: 'hi there' } }, s.requestOptions());
      return { s, tools: tools.map((t) => t.name), call };
    });
    assert.equal(value.s.era, 'legacy');
    assert.equal(value.s.protocolVersion, '2025-11-25');
    assert.equal(value.s.serverInfo?.name, 'mcp-servers/everything');
    assert.ok(value.s.capabilities?.tools, 'tools capability');
    assert.ok(value.s.connectMs >= 0);
    assert.ok(value.tools.includes('echo'));
    assert.match(JSON.stringify(value.call.content), /hi there/);
    assertAllEnded(pids());
  });

  test('server-filesystem: read a file; its stderr is shown with -v and kept as a tail', async () => {
    const dir = tempDir('fs');
    writeFileSync(join(dir, 'hello.txt'), 'hello from a file\n');
    const ctx = makeCtx();
    const { spec, pids } = logged('filesystem', [filesystem, dir]);
    const value = await openSession(spec, ctx, { verbose: true, cacheDir: false }, async (s) => {
      const result = await s.client.callTool(
        { name: 'read_text_file', arguments: { path: join(dir, 'hello.txt') } },
        s.requestOptions(),
      );
      return { result, tail: s.stderrTail() };
    });
    assert.match(JSON.stringify(value.result.content), /hello from a file/);
    assert.ok(
      value.tail.some((line) => /Secure MCP Filesystem Server running on stdio/.test(line)),
      value.tail.join('\n'),
    );
    assert.match(ctx.stderrText(), /^filesystem: Secure MCP Filesystem Server running on stdio$/m);
    assertAllEnded(pids());
  });

  test('server-memory: create an entity and read the graph back', async () => {
    const file = join(tempDir('memory'), 'memory.jsonl');
    const { spec, pids } = logged('memory', [memory], { env: withEnv({ MEMORY_FILE_PATH: file }) });
    const graph = await openSession(spec, makeCtx(), { cacheDir: false }, async (s) => {
      await s.client.callTool(
        {
          name: 'create_entities',
          arguments: { entities: [{ name: 'mcpctl', entityType: 'tool', observations: ['talks to servers'] }] },
        },
        s.requestOptions(),
      );
      return s.client.callTool({ name: 'read_graph', arguments: {} }, s.requestOptions());
    });
    assert.match(JSON.stringify(graph.content), /talks to servers/);
    assertAllEnded(pids());
  });

  test('without -v, server stderr stays out of ours', async () => {
    const ctx = makeCtx();
    const dir = tempDir('fs');
    const { spec, pids } = logged('filesystem', [filesystem, dir]);
    await openSession(spec, ctx, { cacheDir: false }, async (s) => s.protocolVersion);
    assert.equal(ctx.stderrText(), '');
    assertAllEnded(pids());
  });
});
