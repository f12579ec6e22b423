// The README's "Testing MCP servers in CI" runs as written against the example server
// `everything`: its test file passes; its GitHub Actions job installs mcpctl from a tag as a
// packed tarball on a current LTS Node, reports whatever happens, and its mcpctl steps all
// succeed, shard by shard, the shards together running every test once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, ROOT } from '../helpers/run.js';
import { testProject } from '../helpers/test-project.js';
import { splitCommandLine } from '../../src/config/adhoc.js';
import { parse } from 'yaml';

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

test('the README test file that starts its server over HTTP passes, run where node_modules is', async () => {
  const p = testProject();
  const file = p.write('mcp-http-tests.yaml', example('mcp-http-tests.yaml'));
  const r = await run(['test', file, '--reporter', 'json'], { cwd: ROOT, env: p.env, home: p.dir });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const report = JSON.parse(r.stdout) as { summary: { total: number; passed: number } };
  assert.deepEqual([report.summary.passed, report.summary.total], [2, 2]);
});

interface WorkflowStep {
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}

function workflow(): { matrix: number[]; steps: WorkflowStep[]; node: unknown } {
  const doc = parse(example('workflow')) as {
    jobs: { mcp: { strategy: { matrix: { shard: number[] } }; steps: WorkflowStep[] } };
  };
  const { steps } = doc.jobs.mcp;
  return {
    matrix: doc.jobs.mcp.strategy.matrix.shard,
    steps,
    node: steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.with?.['node-version'],
  };
}

/** A step's command line with the matrix value put in, as the runner does. */
function forShard(line: string, shard: number): string {
  return line.replace(/\$\{\{ matrix\.shard \}\}/g, String(shard));
}

test('the README workflow installs mcpctl the way that works, on a current LTS Node, reports whatever happens', async () => {
  const { steps, node } = workflow();
  assert.equal(node, 24, 'the current LTS line');
  const runs = steps.flatMap((s) => (s.run ? [s.run] : []));
  assert.ok(!runs.some((r) => /mcpctl@/.test(r)), 'no registry version: mcpctl is not published there');
  const checkout = steps.find((s) => s.with?.path === '.mcpctl');
  assert.match(String(checkout?.with?.ref), /^v\d+\.\d+\.\d+$/, 'mcpctl checked out at a tag');
  // npm pack builds the program first (prepack), then packs it.
  assert.ok(runs.includes('cd .mcpctl && npm ci && npm pack'));
  assert.equal(
    (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
      .prepack,
    'npm run build',
  );
  // The tarball the install step names is the one `npm pack` makes (mcpctl-VERSION.tgz, with the
  // program in it: test/repo/package.test.ts packs it and checks both).
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.equal(String(checkout?.with?.ref), `v${version}`);
  assert.ok(runs.includes(`npm install --global ./.mcpctl/mcpctl-${version}.tgz`));
  for (const step of steps.filter(
    (s) => s.uses?.startsWith('actions/upload-artifact') || /mcpctl .* (diff|lint) /.test(s.run ?? ''),
  ))
    assert.match(step.if ?? '', /^always\(\)/, `${step.run ?? step.uses}: runs even when the tests failed`);
});

test('the README GitHub Actions job runs as written, shard by shard: JUnit reports that together hold every test, the contract gate, lint', async () => {
  const p = repository();
  const { matrix, steps } = workflow();
  const snapshot = example('snapshot').trim();
  const r0 = await run(splitCommandLine(snapshot).slice(1), { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r0.code, 0, `${snapshot}\n${r0.stderr}`);
  const lines = steps.flatMap((s) => (s.run?.startsWith('mcpctl ') ? [{ line: s.run, if: s.if }] : []));
  assert.deepEqual(
    lines.map((l) => l.line.split(' ').slice(0, 4).join(' ')),
    ['mcpctl -c .mcp.json test', 'mcpctl -c .mcp.json diff', 'mcpctl -c .mcp.json lint'],
  );
  const summary = path.join(p.dir, 'step-summary.md');
  const ran: string[] = [];
  for (const shard of matrix) {
    for (const { line, if: condition } of lines) {
      if (condition?.includes('matrix.shard == 1') && shard !== 1) continue;
      const r = await run(splitCommandLine(forShard(line, shard)).slice(1), {
        cwd: p.dir,
        env: { ...p.env, GITHUB_STEP_SUMMARY: summary },
        home: p.dir,
      });
      assert.equal(r.code, 0, `${line} (shard ${shard})\n${r.stderr}`);
    }
    const junit = readFileSync(path.join(p.dir, `junit-${shard}.xml`), 'utf8');
    assert.match(junit, /<testsuites name="mcpctl test" tests="\d+" failures="0" errors="0"/);
    ran.push(...[...junit.matchAll(/<testcase name="([^"]*)"/g)].map((m) => m[1]!));
  }
  const all = [...example('mcp-tests.yaml').matchAll(/^ {2}- name: (.*)$/gm)].map((m) => m[1]!);
  assert.deepEqual(ran.sort(), all.sort(), 'the shards together ran every test once');
  assert.match(readFileSync(summary, 'utf8'), /## mcpctl test/);
});
