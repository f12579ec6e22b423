// `mcpctl test` as a CI gate: a bad file is exit 2 at file:line:col before any server starts;
// --forbid-only, --filter that matches nothing, several reporters in one run, infrastructure
// failures as errors in every report, retries with flaky passes, --shard, coverage, and the
// github reporter's annotations and step summary. The ci fixture is served over Streamable HTTP
// by this process for the whole file, a session (a fresh server) for each run: what is checked
// is what mcpctl test makes of its answers.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'tap-parser';
import { run } from '../helpers/run.js';
import type { RunningHttpServer } from '../fixtures/node-http.js';
import { serveCiHttp } from './ci-server.js';
import { testProject, type TestProject } from '../helpers/test-project.js';
import { junitSchemaErrors, readJunit } from './junit-readers.js';

let ci: RunningHttpServer | undefined;
before(async () => {
  ci = await serveCiHttp();
});
after(() => ci?.close());

function project(): TestProject & { opts: { cwd: string; env: Record<string, string | undefined>; home: string } } {
  if (ci === undefined) throw new Error('verdicts: the ci fixture starts before the first test');
  const p = testProject({ ci: { url: ci.url } });
  return Object.assign(p, { opts: { cwd: p.dir, env: p.env, home: p.dir } });
}

/** A test file whose server leaves a file behind if it is ever started. */
function marking(p: TestProject, name: string, tests: string): { file: string; log: string } {
  const log = path.join(p.dir, `${name}.started`);
  const script = `require('fs').writeFileSync(${JSON.stringify(log)}, 'x')`;
  const file = p.write(
    name,
    `servers:\n  marker: { command: ${JSON.stringify(process.execPath)}, args: [-e, ${JSON.stringify(script)}] }\ndefaults: { server: marker }\ntests:\n${tests}`,
  );
  return { file, log };
}

test('a bad test file is exit 2 at file:line:col before any server starts', async () => {
  const p = project();
  const cases: [string, string, RegExp][] = [
    [
      'regex.yaml',
      '  - name: ok\n    status: {}\n  - name: bad text pattern\n    call: { tool: echo }\n    expect: { text: { matches: "(unclosed" } }\n',
      /regex\.yaml:9:23: test "bad text pattern": expect\.text\.matches "\(unclosed" is not a regular expression/,
    ],
    [
      'structured.yaml',
      '  - name: bad structured pattern\n    call: { tool: echo }\n    expect:\n      structured:\n        - { path: /a, exists: true }\n        - { path: /b, matches: "[z-a]" }\n',
      /structured\.yaml:10:11: test "bad structured pattern": expect\.structured\[1\]\.matches "\[z-a\]" is not a regular expression/,
    ],
    [
      'lookaround.yaml',
      '  - name: lookaround\n    call: { tool: echo }\n    expect: { text: { matches: "^(?=.*x)" } }\n',
      /lookaround\.yaml:7:23: test "lookaround": expect\.text\.matches "\^\(\?=\.\*x\)" uses a lookaround, which the linear-time engine \(RE2\) cannot run/,
    ],
    [
      'unknown-server.yaml',
      '  - name: first\n    status: {}\n  - name: elsewhere\n    server: nowhere\n    status: {}\n',
      /unknown-server\.yaml:8:5: test "elsewhere": unknown server "nowhere"/,
    ],
    [
      'expect-key.yaml',
      '  - name: typo\n    status: {}\n    expect: { structurd: { path: /a, exists: true } }\n',
      /expect-key\.yaml:7:15: unknown key "tests\[0\]\.expect\.structurd" \(did you mean "structured"\?\)/,
    ],
    [
      'step-key.yaml',
      '  - name: typo\n    call: { tool: echo, argz: {} }\n',
      /step-key\.yaml:6:25: unknown key "tests\[0\]\.call\.argz" \(did you mean "args"\?\)/,
    ],
  ];
  for (const [name, tests, message] of cases) {
    const { file, log } = marking(p, name, tests);
    const r = await run(['-c', p.config, 'test', file], p.opts);
    assert.equal(r.code, 2, `${name}: ${r.stderr}`);
    assert.match(r.stderr, message, name);
    assert.equal(r.stdout, '', `${name}: nothing was reported`);
    assert.equal(existsSync(log), false, `${name}: a server started`);
  }
  // The marker does start when the file is fine: the checks above are what stopped it.
  const { file, log } = marking(p, 'fine.yaml', '  - name: ok\n    status: {}\n');
  const r = await run(['-c', p.config, 'test', file], p.opts);
  assert.equal(r.code, 3, r.stderr);
  assert.equal(existsSync(log), true);
});

test('--forbid-only refuses a committed only: true; --filter matching nothing is exit 2 unless --pass-with-no-tests', async () => {
  const p = project();
  const file = p.write(
    'only.yaml',
    'defaults: { server: ci }\ntests:\n  - name: a\n    status: {}\n  - name: b\n    only: true\n    status: {}\n',
  );
  const forbidden = await run(['-c', p.config, 'test', file, '--forbid-only'], p.opts);
  assert.equal(forbidden.code, 2, forbidden.stderr);
  assert.match(forbidden.stderr, /--forbid-only: .*only\.yaml:5:5: test "b" is marked only: true/);
  assert.equal(forbidden.stdout, '');
  const allowed = await run(['-c', p.config, 'test', file, '--reporter', 'json'], p.opts);
  assert.equal(allowed.code, 0, allowed.stderr);

  const none = await run(['-c', p.config, 'test', file, '--filter', '^zzz'], p.opts);
  assert.equal(none.code, 2, none.stderr);
  assert.match(none.stderr, /no test to run: --filter \^zzz matches no test name/);
  const fine = await run(['-c', p.config, 'test', file, '--filter', '^zzz', '--pass-with-no-tests'], p.opts);
  assert.equal(fine.code, 0, fine.stderr);
  assert.match(fine.stdout, /0 passed, 0 failed/);
});

const FLAKY_AND_BROKEN = [
  'servers:',
  `  broken: { command: ${JSON.stringify(path.join(path.sep, 'nonexistent-dir-for-mcpctl-tests', 'no-such-program'))} }`,
  'tests:',
  '  - name: flaky passes on a retry',
  '    server: ci',
  '    retries: 2',
  '    call: { tool: flaky }',
  '  - name: cannot start',
  '    server: broken',
  '    status: {}',
  '  - name: a real failure',
  '    server: ci',
  '    call: { tool: create }',
  '    expect: { structured: { path: /id, equals: item-99 } }',
  '',
].join('\n');

test('several reporters in one run: each to its file, the live list to stdout; two documents on stdout are refused', async () => {
  const p = project();
  const file = p.write('mixed.yaml', FLAKY_AND_BROKEN);
  const r = await run(
    [
      '-c',
      p.config,
      'test',
      file,
      '--reporter',
      'junit:out.xml',
      '--reporter',
      'terminal',
      '--reporter',
      'tap:out.tap',
      '--reporter',
      'json:out.json',
    ],
    p.opts,
  );
  assert.equal(r.code, 8, r.stderr);
  assert.match(r.stderr, /1 of 3 tests failed, 1 could not run/);
  assert.match(r.stdout, /ok +flaky passes on a retry \(ci\) flaky: passed on attempt 2\n/);
  assert.match(r.stdout, /ERR +cannot start \(broken\)\n.*\n +connection error \(the test could not run\)/);
  assert.match(r.stdout, /\n1 passed, 1 failed, 1 error, 1 flaky\n$/);

  // JUnit: <error> for the test that could not run, <failure> for the wrong answer, Surefire's
  // <flakyFailure> under the pass on a retry; valid for the Jenkins/Surefire schema, read by junit2json.
  const xml = readFileSync(path.join(p.dir, 'out.xml'), 'utf8');
  assert.deepEqual(await junitSchemaErrors(xml), []);
  const suite = (await readJunit(xml)).testsuite![0]!;
  assert.deepEqual([suite.tests, suite.failures, suite.errors, suite.skipped], [3, 1, 1, 0]);
  const [flaky, broken, wrong] = suite.testcase!;
  assert.equal(flaky!.flakyFailure?.length, 1);
  assert.equal(flaky!.failure, undefined);
  assert.equal(broken!.error?.[0]?.type, 'connection');
  assert.match(broken!.error?.[0]?.message ?? '', /^connection error: server "broken": command not found/);
  assert.equal(broken!.failure, undefined);
  assert.equal(wrong!.failure?.[0]?.message, 'structured at /id: equals: expected "item-99", actual "item-1"');

  // TAP 14, strict: the error is a failed point marked `# error` with a YAML block.
  const tap = readFileSync(path.join(p.dir, 'out.tap'), 'utf8');
  assert.match(tap, /^not ok 2 - cannot start # error\n {2}---\n/m);
  const parsed = await new Promise<{
    ok: boolean;
    pass: number;
    fail: number;
    failures: { name: string; diag?: Record<string, unknown> }[];
  }>((resolve) => new Parser({ strict: true }, (x) => resolve(x as never)).end(tap));
  assert.deepEqual([parsed.ok, parsed.pass, parsed.fail], [false, 1, 2]);
  assert.equal((parsed.failures[0]!.diag as { severity?: string }).severity, 'error');
  assert.equal((parsed.failures[0]!.diag as { error?: { kind: string } }).error?.kind, 'connection');

  const json = JSON.parse(readFileSync(path.join(p.dir, 'out.json'), 'utf8')) as {
    files: {
      results: { status: string; flaky?: boolean; attempts?: number; error?: { kind: string; exitCode: number } }[];
    }[];
    summary: Record<string, number>;
  };
  const [j1, j2, j3] = json.files[0]!.results;
  assert.deepEqual([j1!.status, j1!.flaky, j1!.attempts], ['passed', true, 2]);
  assert.deepEqual([j2!.status, j2!.error?.kind, j2!.error?.exitCode], ['error', 'connection', 3]);
  assert.equal(j3!.status, 'failed');
  assert.deepEqual(json.summary, { total: 3, passed: 1, failed: 1, errors: 1, skipped: 0, flaky: 1 });

  const clash = await run(['-c', p.config, 'test', file, '--reporter', 'junit', '--reporter', 'tap'], p.opts);
  assert.equal(clash.code, 2);
  assert.match(clash.stderr, /--reporter: junit and tap would all write to stdout/);
});

test('without retries the flaky tool fails; retries count only while it fails', async () => {
  const p = project();
  const file = p.write(
    'flaky.yaml',
    'defaults: { server: ci }\ntests:\n  - name: flaky once\n    call: { tool: flaky }\n',
  );
  const r = await run(['-c', p.config, 'test', file, '--reporter', 'json'], p.opts);
  assert.equal(r.code, 8, r.stderr);
  const result = (JSON.parse(r.stdout) as { files: { results: { status: string; attempts?: number }[] }[] }).files[0]!
    .results[0]!;
  assert.deepEqual([result.status, result.attempts], ['failed', undefined]);
});

test('--shard i/n: deterministic parts whose union is the whole run, by file and then by test', async () => {
  const p = project();
  const files = ['c.yaml', 'a.yaml', 'b.yaml'].map((name) =>
    p.write(
      name,
      `defaults: { server: ci }\ntests:\n${[1, 2].map((i) => `  - name: ${name} ${i}\n    status: {}\n`).join('')}`,
    ),
  );
  const names = async (args: string[]) => {
    const r = await run(['-c', p.config, 'test', ...args, '--reporter', 'json', '--pass-with-no-tests'], p.opts);
    assert.equal(r.code, 0, r.stderr);
    return (JSON.parse(r.stdout) as { files: { results: { name: string }[] }[] }).files.flatMap((f) =>
      f.results.map((t) => t.name),
    );
  };
  const whole = (await names(files)).sort();
  for (const n of [2, 3, 4]) {
    const parts: string[][] = [];
    for (let i = 1; i <= n; i++) parts.push(await names([...files, '--shard', `${i}/${n}`]));
    assert.deepEqual(parts.flat().sort(), whole, `${n} shards cover the run once`);
    assert.deepEqual(await names([...files, '--shard', `1/${n}`]), parts[0], 'the same split every time');
  }
  // Three files over two shards: whole files, the first and third by name in shard 1.
  assert.deepEqual(await names([...files, '--shard', '1/2']), ['c.yaml 1', 'c.yaml 2', 'a.yaml 1', 'a.yaml 2']);
  // One file over two shards: its tests alternate.
  assert.deepEqual(await names([files[0]!, '--shard', '2/2']), ['c.yaml 2']);
  const bad = await run(['-c', p.config, 'test', files[0]!, '--shard', '3/2'], p.opts);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--shard 3\/2: must be i\/n with 1 <= i <= n/);
});

test('coverage: tools fails the run when a listed tool is never called, and every report names it', async () => {
  const p = project();
  const file = p.write(
    'coverage.yaml',
    'coverage: tools\ndefaults: { server: ci }\ntests:\n  - name: calls\n    call: { tool: create }\n  - name: more\n    call: { tool: get, args: { id: item-1 } }\n  - name: flaky\n    retries: 1\n    call: { tool: flaky }\n',
  );
  for (const [reporter, shows] of [
    ['terminal', /coverage: server "ci": no test calls never-called\n/],
    ['json', /"uncalled": \[\s*"never-called"\s*\]/],
    ['junit', /<system-out>coverage: server &quot;ci&quot;: no test calls never-called<\/system-out>/],
    ['tap', /^# coverage: server "ci": no test calls never-called$/m],
    ['github', /^::error title=coverage::coverage: server "ci": no test calls never-called$/m],
  ] as const) {
    const r = await run(['-c', p.config, 'test', file, '--reporter', reporter], p.opts);
    assert.equal(r.code, 8, `${reporter}: ${r.stderr}`);
    assert.match(r.stderr, /coverage: server "ci" has tools no test calls: never-called/);
    assert.match(r.stdout, shows, reporter);
  }
  const full = p.write(
    'full.yaml',
    `coverage: tools\ndefaults: { server: ci }\ntests:\n${['create', 'flaky', 'never-called'].map((t) => `  - name: ${t}\n    retries: 1\n    call: { tool: ${t} }\n`).join('')}  - name: get\n    call: { tool: get, args: { id: item-1 } }\n`,
  );
  const r = await run(['-c', p.config, 'test', full], p.opts);
  assert.equal(r.code, 0, r.stderr + r.stdout);
});

test('--reporter github: an annotation at the line of the failed expectation, the summary appended to $GITHUB_STEP_SUMMARY, secrets masked', async () => {
  const p = project();
  const secret = 'gh-secret-value-77d1';
  p.env.TOKEN_FOR_TEST = secret;
  const summary = path.join(p.dir, 'summary.md');
  writeFileSync(summary, '# earlier step\n');
  p.env.GITHUB_STEP_SUMMARY = summary;
  const file = p.write(
    'gh.yaml',
    [
      'defaults: { server: ci }',
      'tests:',
      '  - name: passes',
      '    call: { tool: create }',
      '  - name: wrong id',
      '    call: { tool: get, args: { id: "${TOKEN_FOR_TEST}" } }',
      '    expect:',
      '      isError: false',
      '      text:',
      '        contains: "item ${TOKEN_FOR_TEST}"',
      '',
    ].join('\n'),
  );
  const r = await run(['-c', p.config, 'test', file, '--reporter', 'github', '--reporter', 'terminal'], p.opts);
  assert.equal(r.code, 8, r.stderr);
  const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::'));
  assert.equal(annotations.length, 1, r.stdout);
  assert.match(
    annotations[0]!,
    /^::error file=[^,]*gh\.yaml,line=8,col=7,title=failed%3A wrong id::isError: expected false, actual true/,
  );
  assert.match(annotations[0]!, /%0Atext\.contains \([^)]*gh\.yaml:10:9\)$/);
  const md = readFileSync(summary, 'utf8');
  assert.match(md, /^# earlier step\n## mcpctl test\n\n1 passed, 1 failed, 0 skipped \(2 tests\)\n/);
  assert.match(md, /\| wrong id \| ci \| [^|]*gh\.yaml:8:7 \| isError: expected false, actual true \|/);
  for (const text of [r.stdout, r.stderr, md]) assert.ok(!text.includes(secret), 'the secret is masked');
  assert.match(r.stdout + md, /\*\*\*/);
});

test('steps with captures (JSONPath and JSON Pointer), setup and teardown per server', async () => {
  const p = project();
  const file = p.write(
    'steps.yaml',
    [
      'defaults: { server: ci }',
      'setup:',
      '  - call: { tool: create }',
      '    capture: { first: "$.structuredContent.id" }',
      'teardown:',
      '  - call: { tool: get, args: { id: "${first}" } }',
      '    expect: { text: { equals: "item ${first}" } }',
      '  - call: { tool: get, args: { id: "item-404" } }',
      'tests:',
      '  - name: create then read back',
      '    steps:',
      '      - call: { tool: create }',
      '        capture: { id: "$.structuredContent.id", again: /structuredContent/id }',
      '      - call: { tool: get, args: { id: "${id}" } }',
      '        expect: { text: { equals: "item item-2" } }',
      '      - call: { tool: get, args: { id: "${again}" } }',
      '        expect: { text: { contains: "${again}" } }',
      '  - name: the setup capture is there',
      '    call: { tool: get, args: { id: "${first}" } }',
      '    expect: { text: { equals: "item item-1" } }',
      '  - name: a later step fails',
      '    steps:',
      '      - call: { tool: create }',
      '        capture: { id: "$.structuredContent.id" }',
      '      - call: { tool: get, args: { id: "${id}" } }',
      '        expect: { text: { equals: "item item-1" } }',
      '',
    ].join('\n'),
  );
  const r = await run(['-c', p.config, 'test', file, '--reporter', 'json'], p.opts);
  assert.equal(r.code, 8, r.stderr);
  const results = (
    JSON.parse(r.stdout) as {
      files: {
        results: {
          name: string;
          status: string;
          failures: { expectation: string; actual: unknown; at?: string }[];
          error?: { message: string };
        }[];
      }[];
    }
  ).files[0]!.results;
  assert.deepEqual(
    results.map((t) => [t.name, t.status]),
    [
      ['create then read back', 'passed'],
      ['the setup capture is there', 'passed'],
      ['a later step fails', 'failed'],
      ['teardown (ci)', 'error'],
    ],
  );
  const later = results[2]!.failures[0]!;
  assert.equal(later.expectation, 'steps[1].text.equals');
  assert.equal(later.actual, 'item item-3');
  assert.match(later.at ?? '', /steps\.yaml:26:27$/);
  // The teardown's first step passed (the setup's capture reached it); its second failed.
  assert.match(
    results[3]!.error?.message ?? '',
    /teardown step at [^ ]*steps\.yaml:8:5 failed: isError: expected false, actual true/,
  );

  const bad = p.write(
    'bad-capture.yaml',
    'defaults: { server: ci }\ntests:\n  - name: x\n    steps:\n      - call: { tool: create }\n        capture: { id: structuredContent.id }\n      - call: { tool: get, args: { id: "${not_captured}" } }\n',
  );
  const refused = await run(['-c', p.config, 'test', bad], p.opts);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(
    refused.stderr,
    /bad-capture\.yaml:6:20: test "x": capture "id": "structuredContent\.id" is neither a JSONPath/,
  );
  assert.match(refused.stderr, /environment variable "not_captured" is not set/);
});
