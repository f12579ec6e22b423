// `mcpctl lint`: each rule on its own against a fixture server whose tools break one rule each,
// the selection flags, the JSON shape and the exit codes; and server-everything.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { run, jsonError, ROOT } from '../helpers/run.js';
import { testProject } from '../helpers/test-project.js';

const LINT_SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'lint-server.js');

interface Finding {
  rule: string;
  severity: string;
  tool: string;
  path: string;
  message: string;
}

function project() {
  return testProject({ lintfix: { command: process.execPath, args: [LINT_SERVER] } });
}

async function lint(
  p: ReturnType<typeof project>,
  ...flags: string[]
): Promise<{ code: number; findings: Finding[]; stderr: string; summary: Record<string, number> }> {
  const r = await run(['-c', p.config, '--json', 'lint', 'lintfix', ...flags], { cwd: p.dir, env: p.env, home: p.dir });
  const doc = JSON.parse(r.stdout) as { findings: Finding[]; summary: Record<string, number> };
  return { code: r.code, findings: doc.findings, stderr: r.stderr, summary: doc.summary };
}

const X70 = 'x'.repeat(70);

const RULES: [rule: string, severity: string, expected: [tool: string, path: string, message: RegExp][]][] = [
  ['tool-shape', 'error', [['array-input', 'tools[19]', /not a valid MCP Tool/]]],
  ['tool-name-format', 'error', [['bad name!', 'tools["bad name!"].name', /is not 1-128 of/]]],
  [
    'tool-name-portable',
    'warning',
    [
      ['dotted.name', 'tools["dotted.name"].name', /not only A-Z a-z 0-9 _ -/],
      [X70, `tools.${X70}.name`, /longer than 64 characters/],
    ],
  ],
  ['tool-name-unique', 'error', [['twice', 'tools.twice.name', /2 tools are named "twice"/]]],
  ['tool-description', 'warning', [['undescribed', 'tools.undescribed.description', /no description/]]],
  [
    'output-schema-object',
    'error',
    [['scalar-output', 'tools.scalar-output.outputSchema.type', /type "string", not "object"/]],
  ],
  [
    'schema-valid',
    'error',
    [
      ['broken-schema', 'tools.broken-schema.inputSchema', /does not compile/],
      ['remote-ref', 'tools.remote-ref.inputSchema', /does not compile/],
    ],
  ],
  [
    'required-declared',
    'error',
    [['ghost-required', 'tools.ghost-required.inputSchema.required', /"missing" is required but not declared/]],
  ],
  [
    'network-ref',
    'error',
    [
      [
        'remote-ref',
        'tools.remote-ref.inputSchema.properties.a.$ref',
        /https:\/\/example\.com\/a\.json is a network reference/,
      ],
    ],
  ],
  ['schema-size', 'warning', [['huge', 'tools.huge.inputSchema', /over the budget of 8192/]]],
  [
    'annotations',
    'warning',
    [
      ['unannotated', 'tools.unannotated.annotations.readOnlyHint', /no readOnlyHint/],
      ['writer', 'tools.writer.annotations.destructiveHint', /no destructiveHint/],
    ],
  ],
];

for (const [rule, severity, expected] of RULES) {
  test(`rule ${rule}: the tools that break it, at their JSON paths`, async () => {
    const p = project();
    const r = await lint(p, '--rule', rule);
    assert.equal(r.code, severity === 'error' ? 8 : 0, r.stderr);
    assert.deepEqual(
      r.findings.map((f) => [f.rule, f.severity, f.tool, f.path]),
      expected.map(([tool, where]) => [rule, severity, tool, where]),
    );
    r.findings.forEach((f, i) => assert.match(f.message, expected[i]![2]));
  });
}

test('rule property-description: undescribed input properties, as notes (exit 0)', async () => {
  const p = project();
  const r = await lint(p, '--rule', 'property-description');
  assert.equal(r.code, 0);
  assert.deepEqual(
    r.findings.map((f) => [f.severity, f.tool, f.path]),
    [
      ['info', 'broken-schema', 'tools.broken-schema.inputSchema.properties.n'],
      ['info', 'terse', 'tools.terse.inputSchema.properties.q'],
    ],
  );
});

test("rule gemini-keywords: keywords outside Gemini's schema subset", async () => {
  const p = project();
  const r = await lint(p, '--rule', 'gemini-keywords');
  const combinator = r.findings.filter((f) => f.tool === 'combinator').map((f) => f.path);
  assert.deepEqual(combinator, [
    'tools.combinator.inputSchema.properties.v.allOf',
    'tools.combinator.inputSchema.properties.v.const',
  ]);
  assert.ok(
    r.findings.some((f) => f.tool === 'strict-ok' && f.path === 'tools.strict-ok.inputSchema.additionalProperties'),
  );
  assert.ok(r.findings.some((f) => f.tool === 'remote-ref' && f.path.endsWith('.$ref')));
  assert.ok(!r.findings.some((f) => f.tool === 'good'), 'a plain schema passes');
});

test('rule openai-strict: objects not closed or with optional properties; strict-ok passes', async () => {
  const p = project();
  const r = await lint(p, '--rule', 'openai-strict');
  assert.equal(r.code, 0, 'notes only');
  assert.ok(!r.findings.some((f) => f.tool === 'strict-ok'));
  assert.deepEqual(
    r.findings.filter((f) => f.tool === 'good').map((f) => f.path),
    ['tools.good.inputSchema.additionalProperties'],
  );
  assert.ok(
    r.findings.some(
      (f) => f.tool === 'terse' && f.path === 'tools.terse.inputSchema.required' && /not required: q/.test(f.message),
    ),
  );
  assert.ok(
    r.findings.some((f) => f.tool === 'combinator' && f.path === 'tools.combinator.inputSchema.properties.v.allOf'),
  );
});

test('rule output-structured (--sample-calls): only read-only tools without arguments are called', async () => {
  const p = project();
  const r = await lint(p, '--rule', 'output-structured', '--sample-calls');
  assert.equal(r.code, 8, r.stderr);
  assert.deepEqual(
    r.findings.map((f) => [f.tool, f.path]),
    [['structured-missing', 'tools.structured-missing.outputSchema']],
  );
  assert.match(r.findings[0]!.message, /has no structuredContent/);
  const without = await lint(p, '--rule', 'output-structured');
  assert.deepEqual(without.findings, [], 'no calls without --sample-calls');
});

test('--ignore leaves rules out; an unknown rule is a usage error with a suggestion', async () => {
  const p = project();
  const all = await lint(p);
  assert.equal(all.code, 8);
  assert.equal(all.summary.error, all.findings.filter((f) => f.severity === 'error').length);
  const errorRules = [...new Set(all.findings.filter((f) => f.severity === 'error').map((f) => f.rule))];
  const ignored = await lint(p, ...errorRules.flatMap((id) => ['--ignore', id]));
  assert.equal(ignored.code, 0, ignored.stderr);
  assert.ok(ignored.findings.length > 0 && ignored.findings.every((f) => f.severity !== 'error'));
  const r = await run(['-c', p.config, '--json', 'lint', 'lintfix', '--rule', 'tool-name-fromat'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(r.code, 2);
  assert.match(
    jsonError(r.stderr).error.message,
    /--rule tool-name-fromat: no such rule \(did you mean "tool-name-format"\?\)/,
  );
});

test('in a pipe: tab-separated SEVERITY RULE TOOL WHERE FINDING rows', async () => {
  const p = project();
  const r = await run(['-c', p.config, 'lint', 'lintfix', '--rule', 'tool-name-unique'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(r.code, 8);
  assert.equal(r.stdout, 'error\ttool-name-unique\ttwice\ttools.twice.name\t2 tools are named "twice"\n');
});

test('server-everything has no error-level finding', async () => {
  const p = project();
  const r = await run(['-c', p.config, '--json', 'lint', 'everything'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { summary: { error: number } }).summary.error, 0);
});
