// The README's "Testing MCP servers in CI" runs as written: its test file passes against the
// example server `everything`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, ROOT } from '../helpers/run.js';
import { testProject } from '../helpers/test-project.js';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The code block that follows `<!-- ci-example: NAME -->` in the README. */
function example(name: string): string {
  const match = new RegExp(`<!-- ci-example: ${name.replace('.', '\\.')} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(README);
  assert.ok(match, `README has the example ${name}`);
  return match[1]!;
}

/** A directory like a server's repository: the example config, with `everything` as in ours. */
function repository() {
  const p = testProject();
  writeFileSync(path.join(p.dir, '.mcp.json'), JSON.stringify({ mcpServers: { everything: { command: 'node', cwd: ROOT, args: ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'] } } }));
  p.write('mcp-tests.yaml', example('mcp-tests.yaml'));
  return p;
}

test('the README test file passes against everything', async () => {
  const p = repository();
  const r = await run(['-c', '.mcp.json', 'test', 'mcp-tests.yaml', '--reporter', 'json'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const report = JSON.parse(r.stdout) as { summary: { total: number; passed: number } };
  assert.equal(report.summary.passed, report.summary.total);
  assert.ok(report.summary.total >= 5);
});
