// `mcpctl test`: every step and expectation kind against server-everything and our fixtures,
// passing and failing with expected vs actual; the reporters (terminal, JUnit XML checked against
// the Jenkins/Surefire XSD and read by junit2json, TAP 14 read by tap-parser, JSON); --filter,
// --bail, only, skip;
// bad files as exit 2 at file:line:col; secrets in no report. The config's server-everything is one
// over Streamable HTTP for the whole file.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { Parser } from 'tap-parser';
import { run, jsonError, ROOT } from '../helpers/run.js';
import { EVERYTHING, testProject as stdioProject, TESTING_FIXTURES } from '../helpers/test-project.js';
import { eventually } from '../mcp/helpers.js';
import { startEverything, type Everything } from '../helpers/everything.js';
import { testClock } from '../helpers/clock.js';
import { EXPECTATION_KINDS, STEP_KINDS } from '../../src/testing/schema.js';
import { junitSchemaErrors, readJunit } from '../testing/junit-readers.js';

const PASS = path.join(TESTING_FIXTURES, 'pass.yaml');
const FAULT_SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'fault-server.js');
const FAIL = path.join(TESTING_FIXTURES, 'fail.yaml');

/**
 * One server-everything over Streamable HTTP for the file: the config's `everything` is it, not
 * one started over stdio for each run (the tests are about `mcpctl test`, and each run is a
 * session of its own). Test files that name their own servers (pass.yaml) still start theirs.
 */
let web: Everything;
before(async () => {
  web = await startEverything('streamableHttp');
});
after(() => web.stop());
const testProject = (extra: Record<string, unknown> = {}) => stdioProject({ everything: { url: web.url }, ...extra });

interface Report {
  files: {
    file: string;
    results: {
      name: string;
      server: string;
      step: string;
      status: string;
      skipReason?: string;
      failures: { expectation: string; expected: unknown; actual: unknown; message?: string }[];
    }[];
  }[];
  summary: { total: number; passed: number; failed: number; skipped: number };
}

test('pass.yaml uses every step kind and every expectation kind', () => {
  const text = readFileSync(PASS, 'utf8');
  for (const kind of STEP_KINDS) assert.match(text, new RegExp(`^    ${kind}:`, 'm'), `step ${kind}`);
  for (const kind of EXPECTATION_KINDS) assert.match(text, new RegExp(`\\b${kind}: `), `expectation ${kind}`);
});

test('every step and expectation met: exit 0, each test passed, the skipped one skipped', async () => {
  const p = testProject();
  const r = await run(['test', PASS, '--reporter', 'json'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const report = JSON.parse(r.stdout) as Report;
  const results = report.files[0]!.results;
  assert.equal(results.length, 19);
  assert.deepEqual(
    results.filter((t) => t.status !== 'passed').map((t) => [t.name, t.status, t.skipReason]),
    [['not yet', 'skipped', 'the server does not have it yet']],
  );
  assert.deepEqual(new Set(results.map((t) => t.step)), new Set(STEP_KINDS));
  assert.deepEqual(new Set(results.map((t) => t.server)), new Set(['everything', 'legacy', 'modern']));
  assert.deepEqual(report.summary, { total: 19, passed: 18, failed: 0, errors: 0, skipped: 1, flaky: 0 });
  assert.deepEqual(
    results.map((t) => t.name),
    readFileSync(PASS, 'utf8')
      .match(/^ {2}- name: (.*)$/gm)!
      .map((l) => l.replace('  - name: ', '')),
    'reported in file order',
  );
});

test('every expectation missed: exit 8, each failure with expected and actual', async () => {
  const p = testProject();
  const r = await run(['-c', p.config, 'test', FAIL, '--reporter', 'json'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 8, r.stderr);
  assert.match(r.stderr, /10 of 10 tests failed/);
  const report = JSON.parse(r.stdout) as Report;
  const by = Object.fromEntries(report.files[0]!.results.map((t) => [t.name, t]));
  const failure = (name: string, expectation: string) => {
    assert.equal(by[name]?.status, 'failed', name);
    const f = by[name]!.failures.find((x) => x.expectation === expectation);
    assert.ok(f, `${name}: ${expectation} in ${JSON.stringify(by[name]!.failures.map((x) => x.expectation))}`);
    return f;
  };
  assert.deepEqual(pick(failure('wrong server name', 'structured at /serverInfo/name: equals')), {
    expected: 'someone-else',
    actual: 'mcp-servers/everything',
  });
  assert.match(failure('missing tools', 'tools.present').message!, /missing teleport/);
  assert.match(failure('missing tools', 'tools.absent').message!, /present: get-sum/);
  assert.equal(failure('missing tools', 'tools.minCount').expected, 'at least 500');
  assert.equal(failure('missing tools', 'tools.maxCount').expected, 'at most 1');
  assert.match(failure('missing tools', 'tools.schemas.echo').message!, /\/name must be "other"/);
  assert.deepEqual(pick(failure('wrong text', 'text.equals')), { expected: 'goodbye', actual: 'Echo: hello' });
  assert.deepEqual(pick(failure('wrong text', 'text.contains')), { expected: 'bye', actual: 'Echo: hello' });
  assert.deepEqual(pick(failure('wrong text', 'text.matches')), { expected: '/^bye/', actual: 'Echo: hello' });
  assert.deepEqual(pick(failure('wrong content', 'content.count')), { expected: 2, actual: 1 });
  assert.deepEqual(pick(failure('wrong content', 'content.types')), { expected: ['image'], actual: ['text'] });
  assert.match(failure('wrong content', 'content.includes').message!, /missing audio/);
  assert.deepEqual(pick(failure('wrong structured', 'structured[0] at /temperature: equals')), {
    expected: -5,
    actual: 36,
  });
  assert.deepEqual(pick(failure('wrong structured', 'structured[1] at /conditions: matches')), {
    expected: '/^snow/',
    actual: 'Light rain / drizzle',
  });
  assert.match(failure('wrong structured', 'structured[2]: schema').message!, /pressure/);
  assert.deepEqual(pick(failure('wrong structured', 'structured[3] at /humidity: exists')), {
    expected: false,
    actual: true,
  });
  assert.deepEqual(
    { ...pick(failure('unexpected isError', 'isError')), message: failure('unexpected isError', 'isError').message },
    { expected: false, actual: true, message: 'disk is full' },
  );
  assert.deepEqual(pick(failure('expected an error that did not come', 'error')), {
    expected: 'timeout',
    actual: 'none',
  });
  assert.deepEqual(pick(failure('an unexpected error', 'error')), { expected: 'none', actual: 'usage' });
  assert.match(failure('an unexpected error', 'error').message!, /has no tool "no-such-tool"/);
  assert.match(failure('output schema broken', 'outputSchema').message!, /\/count must be number/);
  assert.deepEqual(failure('output schema broken', 'outputSchema').actual, { count: 'three' });
  const slow = failure('too slow', 'latencyMs.max');
  assert.equal(slow.expected, 'at most 1');
  assert.equal(typeof slow.actual, 'number');
});

function pick(f: { expected: unknown; actual: unknown }) {
  return { expected: f.expected, actual: f.actual };
}

test('on a terminal: ✓ and ✗ per test, expected vs actual under a failure, and the closing count', async () => {
  const p = testProject();
  const file = p.write(
    'mixed.yaml',
    'defaults: { server: everything }\ntests:\n  - name: echo works\n    call: { tool: echo, args: { message: hi } }\n    expect: { text: { equals: "Echo: hi" } }\n  - name: echo is wrong\n    call: { tool: echo, args: { message: hi } }\n    expect: { text: { equals: "Echo: bye" } }\n',
  );
  const r = await run(['-c', p.config, 'test', file], { cwd: p.dir, env: p.env, home: p.dir, tty: true });
  assert.equal(r.code, 8);
  const out = plain(r.stdout);
  assert.match(out, /✓ echo works/);
  assert.match(
    out,
    /✗ echo is wrong[^\n]*\n\s+at mixed\.yaml:6:5\n\s+text\.equals\n\s+expected: "Echo: bye"\n\s+actual: +"Echo: hi"/,
  );
  assert.match(out, /\n1 passed, 1 failed\n$/);
});

test('junit: valid against the JUnit XML schema, with the failure and the skip', async () => {
  const p = testProject();
  const r = await run(
    ['-c', p.config, 'test', FAIL, PASS, '--reporter', 'junit', '--filter', '^(wrong text|not yet|echo)$'],
    { cwd: p.dir, env: p.env, home: p.dir },
  );
  assert.equal(r.code, 8, r.stderr);
  assert.deepEqual(await junitSchemaErrors(r.stdout), []);
  assert.match(r.stdout, /<testsuites name="mcpctl test" tests="3" failures="1" errors="0" time=/);
  const read = await readJunit(r.stdout);
  assert.deepEqual(
    read.testsuite?.map((s) => [s.name?.replace(/^.*\//, ''), s.tests, s.failures, s.errors, s.skipped]),
    [
      ['fail.yaml', 1, 1, 0, 0],
      ['pass.yaml', 2, 0, 0, 1],
    ],
  );
  const wrong = read.testsuite![0]!.testcase![0]!;
  assert.equal(wrong.name, 'wrong text');
  assert.match(wrong.classname ?? '', /fail\.yaml\.everything$/);
  assert.equal(typeof wrong.time, 'number');
  assert.equal(wrong.failure?.[0]?.message, 'text.equals: expected "goodbye", actual "Echo: hello"');
  assert.match(wrong.failure?.[0]?.inner ?? '', /at .*fail\.yaml:\d+:\d+ \(server everything, step call\)/);
  assert.match(
    r.stdout,
    /<testcase name="wrong text"[^>]*>\s*<failure message="text\.equals: expected &quot;goodbye&quot;, actual &quot;Echo: hello&quot;"/,
  );
  assert.match(r.stdout, /<testcase name="not yet"[^>]*>\s*<skipped message="the server does not have it yet"\/>/);
  assert.match(r.stdout, /<testcase name="echo" classname="[^"]*pass\.yaml\.everything"[^>]*\/>/);
});

test('tap: TAP version 14 as tap-parser reads it, with a YAML block of expected vs actual', async () => {
  const p = testProject();
  const r = await run(
    ['-c', p.config, 'test', FAIL, PASS, '--reporter', 'tap', '--filter', '^(wrong text|not yet|echo)$'],
    { cwd: p.dir, env: p.env, home: p.dir },
  );
  assert.equal(r.code, 8, r.stderr);
  assert.match(r.stdout, /^TAP version 14\n1\.\.3\n/);
  const parsed = await new Promise<{
    ok: boolean;
    count: number;
    pass: number;
    fail: number;
    skip: number;
    failures: { name: string; diag?: { failures?: { expectation: string; expected: unknown; actual: unknown }[] } }[];
  }>((resolve) => {
    const parser = new Parser({ strict: true }, (results) => resolve(results as never));
    parser.end(r.stdout);
  });
  assert.equal(parsed.count, 3);
  assert.equal(parsed.pass, 2, 'a skip is an ok point');
  assert.equal(parsed.fail, 1);
  assert.equal(parsed.skip, 1);
  assert.equal(parsed.ok, false);
  assert.equal(parsed.failures[0]!.name, 'wrong text');
  assert.deepEqual(parsed.failures[0]!.diag?.failures?.[0], {
    expectation: 'text.equals',
    at: `${FAIL}:14:23`,
    expected: 'goodbye',
    actual: 'Echo: hello',
  });
});

test('--output writes the report, replacing one of an earlier run; a symlink, a config name or a missing folder is exit 2 before anything starts', async () => {
  const p = testProject();
  const file = p.write('one.yaml', 'tests:\n  - name: status\n    server: everything\n    status: {}\n');
  const out = path.join(p.dir, 'report.xml');
  const opts = { cwd: p.dir, env: p.env, home: p.dir };
  p.write('report.xml', 'the report of an earlier build\n');
  const r = await run(['-c', p.config, 'test', file, '--reporter', 'junit', '--output', out], opts);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /ok +status/);
  assert.match(readFileSync(out, 'utf8'), /^<\?xml[\s\S]*<testsuites name="mcpctl test" tests="1" failures="0"/);
  symlinkSync(path.join(p.dir, 'elsewhere.xml'), path.join(p.dir, 'link.xml'));
  const refused: [string[], RegExp][] = [
    [['--output', 'link.xml'], /link\.xml: it is a symlink/],
    [['--output', '.mcp.json'], /name of a config file/],
    [['--output', 'no-such-dir/r.xml'], /no-such-dir\/r\.xml: cannot write it/],
  ];
  // A server that would leave a mark if it started: nothing may start before the check.
  const log = path.join(p.dir, 'started.log');
  const marked = p.write(
    'marked.json',
    JSON.stringify({
      servers: {
        s: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(log)}, 'x')`] },
      },
      tests: [{ name: 'status', status: {} }],
    }),
  );
  const started = await run(['-c', p.config, 'test', marked, '--reporter', 'json', '--output', 'fine.json'], opts);
  assert.equal(started.code, 3, 'the marking server starts (and ends at once) when nothing stops it');
  assert.equal(existsSync(log), true);
  rmSync(log);
  for (const [flags, message] of refused) {
    const bad = await run(['-c', p.config, 'test', marked, '--reporter', 'json', ...flags], opts);
    assert.equal(bad.code, 2, `${flags.join(' ')}: ${bad.stderr}`);
    assert.match(bad.stderr, message);
    assert.equal(bad.stdout, '');
    assert.equal(existsSync(log), false, `${flags.join(' ')}: a server started`);
  }
  assert.equal(existsSync(path.join(p.dir, 'elsewhere.xml')), false);
});

test('--filter, --bail and only choose what runs; the rest is reported as skipped', async () => {
  const p = testProject();
  const file = p.write(
    'choose.yaml',
    'defaults: { server: everything }\ntests:\n  - name: a fails\n    call: { tool: echo, args: { message: x } }\n    expect: { text: { equals: y } }\n  - name: b passes\n    status: {}\n  - name: c passes\n    status: {}\n',
  );
  const filtered = JSON.parse(
    (
      await run(['-c', p.config, 'test', file, '--reporter', 'json', '--filter', '^[bc]'], {
        cwd: p.dir,
        env: p.env,
        home: p.dir,
      })
    ).stdout,
  ) as Report;
  assert.deepEqual(
    filtered.files[0]!.results.map((t) => [t.name, t.status]),
    [
      ['b passes', 'passed'],
      ['c passes', 'passed'],
    ],
  );
  const bailed = await run(['-c', p.config, 'test', file, '--reporter', 'json', '--bail'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(bailed.code, 8);
  assert.deepEqual(
    (JSON.parse(bailed.stdout) as Report).files[0]!.results.map((t) => [t.name, t.status, t.skipReason]),
    [
      ['a fails', 'failed', undefined],
      ['b passes', 'skipped', '--bail: an earlier test failed'],
      ['c passes', 'skipped', '--bail: an earlier test failed'],
    ],
  );
  const only = p.write(
    'only.yaml',
    'defaults: { server: everything }\ntests:\n  - name: a\n    status: {}\n  - name: b\n    only: true\n    status: {}\n',
  );
  const onlyRun = JSON.parse(
    (await run(['-c', p.config, 'test', only, '--reporter', 'json'], { cwd: p.dir, env: p.env, home: p.dir })).stdout,
  ) as Report;
  assert.deepEqual(
    onlyRun.files[0]!.results.map((t) => [t.name, t.status]),
    [
      ['a', 'skipped'],
      ['b', 'passed'],
    ],
  );
});

test('a bad test file: exit 2 at file:line:col, and nothing is started', async () => {
  const p = testProject();
  const cases: [string, string, RegExp][] = [
    ['syntax.yaml', 'tests:\n  - name: x\n   status: {}\n', /syntax\.yaml:3:1: invalid YAML/],
    [
      'keys.yaml',
      'tests:\n  - name: x\n    server: everything\n    stauts: {}\n',
      /keys\.yaml:2:5: tests\[0\]: a test needs exactly one step[\s\S]*keys\.yaml:4:5: unknown key "tests\[0\]\.stauts" \(did you mean "status"\?\)/,
    ],
    [
      'two.yaml',
      'tests:\n  - name: x\n    server: everything\n    status: {}\n    tools: {}\n',
      /two\.yaml:2:5: tests\[0\]: a test needs exactly one step/,
    ],
    [
      'json.json',
      '{"tests": [{"name": "x", "server": "everything", "call": {"tool": 5}}]}',
      /json\.json:1:59: tests\[0\]\.call\.tool: must be string/,
    ],
    [
      'kind.yaml',
      'tests:\n  - name: x\n    server: everything\n    status: {}\n    expect: { error: broken }\n',
      /kind\.yaml:5:15: tests\[0\]\.expect\.error: must be one of "internal", "usage"/,
    ],
    [
      'applies.yaml',
      'tests:\n  - name: x\n    server: everything\n    read: { uri: a://b }\n    expect: { isError: true }\n',
      /applies\.yaml:5:15: test "x": "isError" applies to call steps only, not to read/,
    ],
    [
      'var.yaml',
      'tests:\n  - name: x\n    server: everything\n    call: { tool: echo, args: { message: "${NOT_SET_ANYWHERE}" } }\n',
      /var\.yaml:4:33: server "everything": tests\[0\]\.call\.args\.message: environment variable "NOT_SET_ANYWHERE" is not set/,
    ],
    [
      'server.yaml',
      'servers:\n  s:\n    command: x\n    url: http://127.0.0.1:1/mcp\ntests:\n  - name: x\n    status: {}\n',
      /server\.yaml:3:5: server "s": needs exactly one of "command" \(stdio\) or "url"/,
    ],
    ['noserver.yaml', 'tests:\n  - name: x\n    status: {}\n', /noserver\.yaml:2:5: test "x" names no server/],
  ];
  for (const [name, text, message] of cases) {
    const file = p.write(name, text);
    const r = await run(['-c', p.config, 'test', file], { cwd: p.dir, env: p.env, home: p.dir });
    assert.equal(r.code, 2, `${name}: ${r.stderr}`);
    assert.match(r.stderr, message, name);
    assert.equal(r.stdout, '', `${name}: nothing ran`);
  }
  const json = await run(['-c', p.config, '--json', 'test', path.join(p.dir, 'syntax.yaml')], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
  });
  assert.equal(jsonError(json.stderr).error.kind, 'config');
});

test('a server that cannot start: its tests are errors, not failures (exit 3), the other servers still run', async () => {
  const p = testProject({ broken: { command: path.join(p0(), 'no-such-program') } });
  const file = p.write(
    'broken.yaml',
    'tests:\n  - name: on broken\n    server: broken\n    status: {}\n  - name: on everything\n    server: everything\n    status: {}\n',
  );
  const r = await run(['-c', p.config, 'test', file, '--reporter', 'json'], { cwd: p.dir, env: p.env, home: p.dir });
  // Nothing failed: the one test that could not run gives the run its exit code (3: connection).
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /1 of 2 tests could not run: server "broken": command not found/);
  const results = (JSON.parse(r.stdout) as Report).files[0]!.results as (Report['files'][0]['results'][0] & {
    error?: { kind: string };
  })[];
  assert.equal(results[0]!.status, 'error');
  assert.equal(results[0]!.error?.kind, 'connection');
  assert.equal(results[1]!.status, 'passed');
});

function p0(): string {
  return path.sep + 'nonexistent-dir-for-mcpctl-tests';
}

test('a value written in the config under env appears in no report', async () => {
  const literal = 'literal-key-7c2e91d4';
  const p = testProject({
    keyed: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { API_KEY: literal } },
  });
  const file = p.write(
    'literal.yaml',
    [
      'tests:',
      '  - name: the server sees the key',
      '    server: keyed',
      '    call: { tool: get-env }',
      '    expect: { text: { contains: nothing-like-this } }',
      '',
    ].join('\n'),
  );
  for (const reporter of ['terminal', 'junit', 'tap', 'json']) {
    const r = await run(['-c', 'servers.json', 'test', file, '--reporter', reporter], {
      cwd: p.dir,
      env: p.env,
      home: p.dir,
    });
    assert.equal(r.code, 8, `${reporter}: ${r.stderr}`);
    assert.ok(!r.stdout.includes(literal) && !r.stderr.includes(literal), `${reporter} shows the value`);
    assert.match(r.stdout, /API_KEY[^\n]*\*\*\*/, `${reporter}: the place of the value is marked`);
  }
});

test('a secret from the environment appears in no report', async () => {
  const secret = 'sk-test-5f1c9e2ab7d3';
  const p = testProject();
  p.env.API_TOKEN = secret;
  const file = p.write(
    'secret.yaml',
    [
      'servers:',
      '  everything:',
      '    command: ${NODE}',
      '    args: ["${EVERYTHING}", stdio]',
      '    env: { API_TOKEN: "${API_TOKEN}" }',
      'tests:',
      '  - name: the server sees the token',
      '    call: { tool: get-env }',
      '    expect: { text: { contains: nothing-like-this } }',
      '  - name: the token goes out in an argument',
      '    call: { tool: echo, args: { message: "token ${API_TOKEN}" } }',
      '    expect: { text: { equals: "not it" } }',
      '',
    ].join('\n'),
  );
  for (const reporter of ['terminal', 'junit', 'tap', 'json']) {
    const r = await run(['test', file, '--reporter', reporter], { cwd: p.dir, env: p.env, home: p.dir });
    assert.equal(r.code, 8, `${reporter}: ${r.stderr}`);
    assert.ok(!r.stdout.includes(secret) && !r.stderr.includes(secret), `${reporter} shows the secret`);
    assert.match(r.stdout, /\*\*\*/, `${reporter}: the place of the secret is marked`);
  }
});

test('a config env value from the environment, echoed by a failing server, is masked in every report, encoded too', async () => {
  const secret = 'ci-secret-9f3b&<2d>"x';
  const p = testProject({
    echoing: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { API_KEY: '${CI_SECRET}' } },
  });
  p.env.CI_SECRET = secret;
  const basic = Buffer.from(`user:${secret}`).toString('base64');
  const file = p.write(
    'echo-env.yaml',
    [
      'defaults: { server: echoing }',
      'tests:',
      '  - name: the server echoes its environment',
      '    call: { tool: get-env }',
      '    expect: { text: { contains: nothing-like-this } }',
      '  - name: the secret comes back encoded',
      `    call: { tool: echo, args: { message: "Basic ${basic} ${encodeURIComponent(secret)}" } }`,
      '    expect: { text: { equals: "not it" } }',
      '',
    ].join('\n'),
  );
  const forms = [
    secret,
    basic.slice(4, -4),
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    'ci-secret-9f3b&amp;',
  ];
  for (const reporter of ['terminal', 'junit', 'tap', 'json']) {
    const report = path.join(p.dir, `report-${reporter}`);
    const r = await run(['-c', p.config, 'test', file, '--reporter', reporter, '--output', report], {
      cwd: p.dir,
      env: p.env,
      home: p.dir,
    });
    assert.equal(r.code, 8, `${reporter}: ${r.stderr}`);
    const written = readFileSync(report, 'utf8');
    assert.match(written, /API_KEY/, `${reporter}: the echoed environment is in the report`);
    for (const form of forms)
      for (const [where, text] of [
        ['stdout', r.stdout],
        ['stderr', r.stderr],
        ['the report file', written],
      ])
        assert.ok(!text!.includes(form), `${reporter}: ${where} shows ${form}`);
    assert.match(written, /\*\*\*/, `${reporter}: the place of the secret is marked`);
  }
  const piped = await run(['-c', p.config, 'call', 'echoing', 'get-env'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(piped.code, 0, piped.stderr);
  // get-env answers with the environment as JSON text, so the value is JSON-escaped in it.
  const echoed = JSON.stringify(secret).slice(1, -1);
  assert.ok(piped.stdout.includes(echoed), 'data asked for on a pipe stays byte-exact');
  const tty = await run(['-c', p.config, 'call', 'echoing', 'get-env'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
    tty: true,
  });
  assert.ok(!tty.stdout.includes(echoed) && tty.stdout.includes('API_KEY'), 'a terminal rendering masks it');
});

test('--timeout bounds the whole run: exit 124, the test in flight an error, the rest skipped', async (t) => {
  const p = testProject({ fault: { command: process.execPath, args: [FAULT_SERVER, 'serve'] } });
  const file = p.write(
    'slow.yaml',
    'defaults: { server: fault }\ntests:\n  - name: takes long\n    call: { tool: hang }\n  - name: never started\n    status: {}\n',
  );
  // The second of --timeout passes on the test's clock once the server holds the call (it says
  // so on stderr, shown with -v): however long the start took, the first test is in flight.
  const clock = testClock(t);
  let ticked = false;
  const r = await run(['-c', p.config, '-v', '--timeout', '1', 'test', file, '--reporter', 'json'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
    onStderr: (stderr) => {
      if (ticked || !stderr.includes('not answering tools/call hang')) return;
      ticked = true;
      clock.tick(1000);
    },
  });
  assert.equal(r.code, 124, r.stderr);
  assert.match(r.stderr, /did not finish within --timeout 1s/);
  const results = (JSON.parse(r.stdout) as Report).files[0]!.results;
  assert.deepEqual(
    results.map((t) => [t.name, t.status, (t as { error?: { kind: string } }).error?.kind ?? t.skipReason]),
    [
      ['takes long', 'error', 'timeout'],
      ['never started', 'skipped', 'the run was stopped'],
    ],
  );
});

test('Ctrl-C: exit 130, what finished is reported', async () => {
  const p = testProject();
  const log = path.join(p.dir, 'calls.log');
  p.env.CALL_LOG = log;
  const file = p.write(
    'interrupt.yaml',
    'defaults: { server: legacy }\ntests:\n  - name: quick\n    status: {}\n  - name: takes long\n    call: { tool: slow, args: { steps: 1, intervalMs: 60000 } }\n  - name: after\n    status: {}\n',
  );
  const controller = new AbortController();
  const running = run(['-c', p.config, 'test', file, '--reporter', 'json'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
    signal: controller.signal,
  });
  // The slow call has reached the server: interrupt now.
  assert.ok(await eventually(() => existsSync(log) && readFileSync(log, 'utf8').includes('tools/call slow'), 30_000));
  controller.abort();
  const r = await running;
  assert.equal(r.code, 130, r.stderr);
  const results = (JSON.parse(r.stdout) as Report).files[0]!.results;
  assert.equal(results[0]!.status, 'passed');
  assert.equal(results[2]!.status, 'skipped');
});

test('on a terminal, control characters from a server are shown as escapes, never sent', async () => {
  const p = testProject();
  const file = p.write(
    'controls.yaml',
    'defaults: { server: everything }\ntests:\n  - name: hostile text\n    call: { tool: echo, args: { message: "\\e]0;owned\\a\\e[2J" } }\n    expect: { text: { equals: plain } }\n',
  );
  const r = await run(['-c', p.config, 'test', file], { cwd: p.dir, env: p.env, home: p.dir, tty: true });
  assert.equal(r.code, 8);
  const withoutColour = plain(r.stdout);
  assert.ok(!withoutColour.includes('\u001b') && !withoutColour.includes('\u0007'), JSON.stringify(withoutColour));
  assert.match(withoutColour, /actual: +"Echo: \\u001b\]0;owned\\u0007\\u001b\[2J"/);
});

test('a file with a Streamable HTTP server and a stdio server: both run, each over its own connection', async () => {
  const p = testProject();
  p.env.WEB_URL = web.url;
  const file = p.write(
    'two.yaml',
    [
      'servers:',
      '  web: { url: "${WEB_URL}", type: http }',
      '  local: { command: "${NODE}", args: ["${CALL_SERVER}", legacy] }',
      'tests:',
      '  - { name: web echo, server: web, call: { tool: echo, args: { message: over http } }, expect: { text: { equals: "Echo: over http" } } }',
      '  - { name: local echo, server: local, call: { tool: types, args: { zip: "01234" } }, expect: { text: { equals: "{\\"zip\\":\\"01234\\"}" } } }',
      '  - { name: web status, server: web, status: {}, expect: { structured: { path: /serverInfo/name, equals: mcp-servers/everything } } }',
      '',
    ].join('\n'),
  );
  const r = await run(['test', file, '--reporter', 'json'], { cwd: p.dir, env: p.env, home: p.dir });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.deepEqual(
    (JSON.parse(r.stdout) as Report).files[0]!.results.map((t) => [t.name, t.status]),
    [
      ['web echo', 'passed'],
      ['local echo', 'passed'],
      ['web status', 'passed'],
    ],
  );
});
