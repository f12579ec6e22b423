// `mcpctl lint`: each rule on its own against a fixture server whose tools break one rule each,
// the selection flags, the JSON shape and the exit codes; and server-everything. The fixture is
// served over HTTP by this process for the whole file: lint judges what it lists, not the wire.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AjvDraft04Module from 'ajv-draft-04';
import { addFormats } from '../../src/schema/ajv-setup.js';
import { run, jsonError, ROOT } from '../helpers/run.js';
import { testProject } from '../helpers/test-project.js';
import { serveLintHttp } from '../fixtures/lint-server.js';
import type { RunningHttpServer } from '../fixtures/node-http.js';

let lintServer: RunningHttpServer | undefined;
before(async () => {
  lintServer = await serveLintHttp();
});
after(() => lintServer?.close());

interface Finding {
  rule: string;
  severity: string;
  tool: string;
  path: string;
  message: string;
}

function project() {
  if (lintServer === undefined) throw new Error('lint: the fixture starts before the first test');
  return testProject({ lintfix: { url: lintServer.url } });
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
    [
      ['ghost-required', 'tools.ghost-required.inputSchema.required', /"missing" is required but not declared/],
      ['ghost-unpropertied', 'tools.ghost-unpropertied.inputSchema.required', /"ghost" is required but not declared/],
      [
        'either-required',
        'tools.either-required.inputSchema.properties.other.oneOf[1].required',
        /"nowhere" is required but not declared/,
      ],
    ],
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
    'boolean-schema',
    'warning',
    [['boolean-items', 'tools.boolean-items.inputSchema.properties.list.items', /a boolean schema \(true\)/]],
  ],
  [
    'type-union',
    'warning',
    [['union-type', 'tools.union-type.inputSchema.properties.v.type', /union \(string, number\)/]],
  ],
  ['untyped-property', 'warning', [['untyped', 'tools.untyped.inputSchema.properties.v', /"v" has no type/]]],
  [
    'format-support',
    'warning',
    [
      [
        'odd-formats',
        'tools.odd-formats.inputSchema.properties.site.format',
        /"uri" is not supported by OpenAI's strict mode or Gemini$/,
      ],
      ['odd-formats', 'tools.odd-formats.inputSchema.properties.mail.format', /"email" is not supported by Gemini$/],
    ],
  ],
  [
    'gemini-enum',
    'warning',
    [['numeric-enum', 'tools.numeric-enum.inputSchema.properties.n.enum', /not strings: 1, 2, 3/]],
  ],
  [
    'openai-top-level',
    'warning',
    [['top-union', 'tools.top-union.inputSchema.anyOf', /OpenAI accepts only a plain object/]],
  ],
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

test('--fail-on warning and --max-warnings N: warnings fail the run when asked, and only then', async () => {
  const p = project();
  const rule = ['--rule', 'format-support'];
  const plain = await lint(p, ...rule);
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(plain.summary.warning, 2);
  const failOn = await lint(p, ...rule, '--fail-on', 'warning');
  assert.equal(failOn.code, 8);
  assert.match(jsonError(failOn.stderr).error.message, /2 findings at warning level or above \(--fail-on warning\)/);
  assert.equal((await lint(p, ...rule, '--max-warnings', '2')).code, 0, 'at the limit passes');
  const over = await lint(p, ...rule, '--max-warnings', '1');
  assert.equal(over.code, 8);
  assert.match(jsonError(over.stderr).error.message, /2 warnings, more than --max-warnings 1 allows/);
  const notes = await lint(p, '--rule', 'property-description', '--fail-on', 'warning');
  assert.equal(notes.code, 0, 'notes are below warning');
  assert.equal((await lint(p, '--rule', 'property-description', '--fail-on', 'info')).code, 8);
  const bad = await run(['-c', p.config, 'lint', 'lintfix', '--max-warnings', 'many'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-warnings.*expected a whole number/);
});

test('--format sarif: a SARIF 2.1.0 log valid against the official schema, one result per finding', async () => {
  const p = project();
  const r = await run(['-c', p.config, 'lint', 'lintfix', '--format', 'sarif'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(r.code, 8, r.stderr);
  const log = JSON.parse(r.stdout) as SarifLog;
  const validate = sarifValidator();
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  const json = await lint(p);
  const run0 = log.runs[0]!;
  assert.equal(log.version, '2.1.0');
  assert.deepEqual(
    run0.results.map((x) => [x.ruleId, x.level, x.locations[0]!.logicalLocations[0]!.fullyQualifiedName]),
    json.findings.map((f) => [
      f.rule,
      { error: 'error', warning: 'warning', info: 'note' }[f.severity],
      `lintfix:${f.path}`,
    ]),
  );
  for (const x of run0.results) assert.equal(run0.tool.driver.rules[x.ruleIndex]!.id, x.ruleId);
  assert.ok(!run0.tool.driver.rules.some((rule) => rule.id === 'output-structured'), 'only the rules that ran');
  const config = readFileSync(p.config, 'utf8');
  const line = config.slice(0, config.indexOf('"lintfix"')).split('\n').length;
  assert.deepEqual(run0.results[0]!.locations[0]!.physicalLocation, {
    artifactLocation: { uri: path.relative(p.dir, p.config), uriBaseId: '%SRCROOT%' },
    region: { startLine: line },
  });
});

interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { rules: { id: string }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      locations: { physicalLocation?: unknown; logicalLocations: { fullyQualifiedName: string }[] }[];
    }[];
  }[];
}

/** The official SARIF 2.1.0 schema (draft-04), vendored in test/fixtures/sarif, compiled with ajv. */
function sarifValidator() {
  const schema = JSON.parse(
    readFileSync(path.join(ROOT, 'test', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8'),
  );
  // CommonJS under NodeNext: the default import is module.exports, the class itself.
  const AjvDraft04 = AjvDraft04Module as unknown as typeof AjvDraft04Module.default;
  const ajv = new AjvDraft04({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}
