// The README's "Testing MCP servers in CI" runs as written against the example server
// `everything`: its test file passes, and its GitHub Actions job's mcpctl steps all succeed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, ROOT } from '../helpers/run.js';
import { testProject } from '../helpers/test-project.js';
import { splitCommandLine } from '../../src/config/adhoc.js';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The code block that follows `<!-- ci-example: NAME -->` in the README. */
function example(name: string): string {
  const match = new RegExp(`<!-- ci-example: ${name.replace('.', '\\.')} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(
    README,
  );
  assert.ok(match, `README has the example ${name}`);
  return match[1]!;
}

/** A directory like a server's repository: the example config, with `everything` as in ours. */
function repository() {
  const p = testProject();
  writeFileSync(
    path.join(p.dir, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        everything: {
          command: 'node',
          cwd: ROOT,
          args: ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
        },
      },
    }),
  );
  p.write('mcp-tests.yaml', example('mcp-tests.yaml'));
  return p;
}

test('the README test file passes against everything', async () => {
  const p = repository();
  const r = await run(['-c', '.mcp.json', 'test', 'mcp-tests.yaml', '--reporter', 'json'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const report = JSON.parse(r.stdout) as { summary: { total: number; passed: number } };
  assert.equal(report.summary.passed, report.summary.total);
  assert.ok(report.summary.total >= 5);
});

/** The mcpctl command lines of an example, in order (a workflow's `run: mcpctl …` steps). */
function commandLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/^\s*(- )?(run: )?/, ''))
    .filter((l) => l.startsWith('mcpctl '));
}

test('the README GitHub Actions job runs as written: tests with a JUnit report, the contract gate, lint', async () => {
  const p = repository();
  const lines = [...commandLines(example('snapshot')), ...commandLines(example('workflow'))];
  assert.deepEqual(
    lines.map((l) => l.split(' ').slice(0, 4).join(' ')),
    [
      'mcpctl -c .mcp.json snapshot',
      'mcpctl -c .mcp.json test',
      'mcpctl -c .mcp.json diff',
      'mcpctl -c .mcp.json lint',
    ],
  );
  for (const line of lines) {
    const r = await run(splitCommandLine(line).slice(1), { cwd: p.dir, env: p.env, home: p.dir });
    assert.equal(r.code, 0, `${line}\n${r.stderr}`);
  }
  const junit = readFileSync(path.join(p.dir, 'junit.xml'), 'utf8');
  assert.match(junit, /<testsuites name="mcpctl test" tests="5" failures="0"/);
});
