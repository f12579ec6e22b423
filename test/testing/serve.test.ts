// `mcpctl test` starting an HTTP server itself (`start` of a test file's http/sse entry):
// server-everything over Streamable HTTP and SSE, ready by a line of its output or by its port,
// once per file or afresh per test, `${port}` a free port; a server that never gets ready, one
// that exits first, a run stopped while one starts (--timeout, Ctrl-C): errors in every report,
// the exit code of the README's table, nothing left running; bad entries exit 2 at file:line:col
// with nothing started; something already on the port is refused, or reused when asked.

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'tap-parser';
import { BIN, ROOT, run } from '../helpers/run.js';
import { testProject, type TestProject } from '../helpers/test-project.js';
import { startEverything } from '../helpers/everything.js';
import { testClock } from '../helpers/clock.js';
import { alive, assertAllEnded, eventually, logLines } from '../mcp/helpers.js';
import { junitSchemaErrors, readJunit } from './junit-readers.js';

const STARTED = path.join(ROOT, 'dist', 'test', 'fixtures', 'started-server.js');

interface Result {
  name: string;
  status: string;
  skipReason?: string;
  error?: { kind: string; message: string; exitCode: number };
}

function results(stdout: string): Result[] {
  return (JSON.parse(stdout) as { files: { results: Result[] }[] }).files.flatMap((f) => f.results);
}

/**
 * A project whose test files start test/fixtures/started-server.js, which logs its pids to
 * PID_LOG; whatever a failing test leaves running is killed after it, so the failure is reported
 * instead of keeping the test process alive.
 */
function project(t: TestContext): TestProject & { pidLog: string } {
  const p = testProject();
  const pidLog = path.join(p.dir, 'pids.log');
  Object.assign(p.env, { STARTED, PID_LOG: pidLog });
  t.after(() => {
    for (const pid of alive(logLines(pidLog).map(Number))) process.kill(pid, 'SIGKILL');
  });
  return { ...p, pidLog };
}

/**
 * For the `everything` fixture with $WAIT_FOR: lets it start its server once mcpctl has shown
 * `line` (so mcpctl is waiting by then, and its wait has to last until the server listens).
 */
function goOnceSaid(p: TestProject, line: string): (stderr: string) => void {
  const go = path.join(p.dir, 'go');
  p.env.WAIT_FOR = go;
  return (stderr) => {
    if (stderr.includes(line) && !existsSync(go)) writeFileSync(go, '');
  };
}

/** A test file whose one server is started by `start` (YAML lines under it, indented by six). */
function startedFile(p: TestProject, name: string, entry: string[], start: string[], tests: string[]): string {
  return p.write(
    name,
    [
      'servers:',
      '  web:',
      ...entry.map((l) => `    ${l}`),
      '    start:',
      ...start.map((l) => `      ${l}`),
      'tests:',
      ...tests,
      '',
    ].join('\n'),
  );
}

const ECHO = [
  '  - name: echo',
  '    call: { tool: echo, args: { message: hi } }',
  '    expect: { text: { equals: "Echo: hi" } }',
];
const STATUS = [
  '  - name: status',
  '    status: {}',
  '    expect: { structured: { path: /serverInfo/name, equals: mcp-servers/everything } }',
];
const RUN_FIXTURE = (mode: string) => [
  'command: "${NODE}"',
  `args: ["\${STARTED}", ${mode}]`,
  'env: { PID_LOG: "${PID_LOG}" }',
];

/**
 * A test file starting server-everything over `transport` through the wrapper that waits for
 * the test's go (goOnceSaid), run with -v; the report's verdicts, stderr and the pids logged.
 */
async function runEverything(
  t: TestContext,
  entry: string[],
  transport: string,
  start: string[],
  tests: string[],
): Promise<{ verdicts: string[][]; stderr: string; pids: number[] }> {
  const p = project(t);
  const file = startedFile(
    p,
    `${transport}.yaml`,
    entry,
    [
      'command: "${NODE}"',
      `args: ["\${STARTED}", everything, "\${EVERYTHING}", ${transport}]`,
      'env: { PORT: "${port}", PID_LOG: "${PID_LOG}", WAIT_FOR: "${WAIT_FOR}" }',
      ...start,
    ],
    tests,
  );
  const r = await run(['-v', 'test', file, '--reporter', 'json'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
    onStderr: goOnceSaid(p, 'web: preparing'),
  });
  assert.equal(r.code, 0, r.stderr);
  return {
    verdicts: results(r.stdout).map((x) => [x.name, x.status]),
    stderr: r.stderr,
    pids: logLines(p.pidLog).map(Number),
  };
}

test('server-everything over Streamable HTTP, ready by a line of its output: started once for the file on a free port, its whole group ended after', async (t) => {
  const { verdicts, stderr, pids } = await runEverything(
    t,
    ['url: http://127.0.0.1:${port}/mcp', 'type: http'],
    'streamableHttp',
    ['ready: { log: { matches: "listening on port \\\\d+$" } }'],
    [...ECHO, ...STATUS],
  );
  assert.deepEqual(verdicts, [
    ['echo', 'passed'],
    ['status', 'passed'],
  ]);
  // Its output is shown with -v, under its name; it started once, on the port the URL names.
  const listening = [...stderr.matchAll(/^web: MCP Streamable HTTP Server listening on port (\d+)$/gm)];
  assert.equal(listening.length, 1, stderr);
  assert.notEqual(listening[0]![1], '3001', 'a free port, not the server default');
  assert.equal(pids.length, 2, 'the wrapper and server-everything');
  assertAllEnded(pids);
});

test('server-everything over SSE, ready when its port takes a connection, started afresh for each test (none for a skipped one)', async (t) => {
  const { verdicts, stderr, pids } = await runEverything(
    t,
    ['url: http://localhost:${port}/sse', 'type: sse'],
    'sse',
    ['per: test'],
    [...ECHO, ...STATUS, '  - name: not now', '    skip: true', '    status: {}'],
  );
  assert.deepEqual(verdicts, [
    ['echo', 'passed'],
    ['status', 'passed'],
    ['not now', 'skipped'],
  ]);
  assert.equal([...stderr.matchAll(/^web: Server is running on port \d+$/gm)].length, 2, stderr);
  assert.equal(pids.length, 4, 'a wrapper and a server for each test that ran');
  assertAllEnded(pids);
});

test('a server that never gets ready: an error (not a failure) in JUnit, TAP and JSON naming it and its last output, exit 124, its process gone', async (t) => {
  const p = project(t);
  const file = startedFile(
    p,
    'never.yaml',
    ['url: http://127.0.0.1:${port}/mcp'],
    [...RUN_FIXTURE('silent'), 'ready: { log: { contains: "ready to serve" } }', 'timeout: 5'],
    [...ECHO, ...STATUS],
  );
  const junit = path.join(p.dir, 'never.xml');
  const tap = path.join(p.dir, 'never.tap');
  // Its "booting" reaches mcpctl (shown with -v) before the clock passes its 5 seconds.
  const clock = testClock(t);
  let ticked = false;
  const r = await run(
    ['-v', 'test', file, '--reporter', `junit:${junit}`, '--reporter', `tap:${tap}`, '--reporter', 'json'],
    {
      cwd: p.dir,
      env: p.env,
      home: p.dir,
      onStderr: (stderr) => {
        if (ticked || !stderr.includes('web: booting')) return;
        ticked = true;
        clock.tick(5000);
      },
    },
  );
  assert.equal(r.code, 124, r.stderr);
  const message =
    /server "web" was not ready within 5s: no line of its output contained "ready to serve"; its last output:\n {2}booting/;
  assert.match(r.stderr, message);
  for (const result of results(r.stdout)) {
    assert.equal(result.status, 'error', result.name);
    assert.equal(result.error?.kind, 'timeout');
    assert.equal(result.error?.exitCode, 124);
    assert.match(result.error?.message ?? '', message);
  }
  const xml = readFileSync(junit, 'utf8');
  assert.deepEqual(await junitSchemaErrors(xml), []);
  const suite = (await readJunit(xml)).testsuite![0]!;
  assert.deepEqual([suite.tests, suite.failures, suite.errors], [2, 0, 2]);
  assert.equal(suite.testcase![0]!.error?.[0]?.type, 'timeout');
  assert.match(suite.testcase![0]!.error?.[0]?.inner ?? '', message);
  const parsed = await new Promise<{ fail: number; failures: { name: string; diag?: { severity?: string } }[] }>(
    (resolve) => new Parser({ strict: true }, (res) => resolve(res as never)).end(readFileSync(tap, 'utf8')),
  );
  assert.equal(parsed.fail, 2);
  assert.deepEqual(
    parsed.failures.map((f) => f.diag?.severity),
    ['error', 'error'],
  );
  assertAllEnded(logLines(p.pidLog).map(Number));
});

test('the run reaching its --timeout while the server starts: exit 124, the first test an error, the rest skipped, the process gone', async (t) => {
  const p = project(t);
  const file = startedFile(
    p,
    'run-timeout.yaml',
    ['url: http://127.0.0.1:${port}/mcp'],
    [...RUN_FIXTURE('silent'), 'ready: { log: { contains: "ready to serve" } }', 'timeout: 600'],
    [...ECHO, ...STATUS],
  );
  const clock = testClock(t);
  let ticked = false;
  const r = await run(['-v', '--timeout', '30', 'test', file, '--reporter', 'json'], {
    cwd: p.dir,
    env: p.env,
    home: p.dir,
    onStderr: (stderr) => {
      if (ticked || !stderr.includes('web: booting')) return;
      ticked = true;
      clock.tick(30_000);
    },
  });
  assert.equal(r.code, 124, r.stderr);
  assert.match(r.stderr, /did not finish within --timeout 30s/);
  assert.deepEqual(
    results(r.stdout).map((x) => [x.name, x.status, x.error?.kind ?? x.skipReason]),
    [
      ['echo', 'error', 'timeout'],
      ['status', 'skipped', 'the run was stopped'],
    ],
  );
  assert.match(
    results(r.stdout)[0]!.error!.message,
    /server "web" was still starting when the run reached its --timeout/,
  );
  assertAllEnded(logLines(p.pidLog).map(Number));
});

test('a server that exits before it is ready: a connection error (exit 3) with its exit code and last lines, secrets masked, in every report', async (t) => {
  const p = project(t);
  const secret = 'tok-81f2c0d9e6';
  p.env.CI_TOKEN = secret;
  const file = startedFile(
    p,
    'crash.yaml',
    ['url: http://127.0.0.1:${port}/mcp'],
    ['command: "${NODE}"', 'args: ["${STARTED}", crash]', 'env: { PID_LOG: "${PID_LOG}", TOKEN: "${CI_TOKEN}" }'],
    [...ECHO],
  );
  const junit = path.join(p.dir, 'crash.xml');
  const tap = path.join(p.dir, 'crash.tap');
  const r = await run(
    ['test', file, '--reporter', `junit:${junit}`, '--reporter', `tap:${tap}`, '--reporter', 'json'],
    { cwd: p.dir, env: p.env, home: p.dir },
  );
  assert.equal(r.code, 3, r.stderr);
  const message =
    /server "web" exited before it was ready \(exit code 3\); its last output:\n {2}starting\n {2}fatal: no database \(token=\*\*\*\)/;
  const [only] = results(r.stdout);
  assert.deepEqual([only?.status, only?.error?.kind, only?.error?.exitCode], ['error', 'connection', 3]);
  assert.match(only!.error!.message, message);
  const xml = readFileSync(junit, 'utf8');
  assert.equal((await readJunit(xml)).testsuite![0]!.testcase![0]!.error?.[0]?.type, 'connection');
  assert.match(xml, /token=\*\*\*/);
  assert.match(readFileSync(tap, 'utf8'), /not ok 1 - echo # error\n[\s\S]*kind: connection[\s\S]*token=\*\*\*/);
  for (const text of [r.stdout, r.stderr, xml, readFileSync(tap, 'utf8')]) assert.ok(!text.includes(secret));
  assertAllEnded(logLines(p.pidLog).map(Number));
});

test('through bin/: Ctrl-C while the server starts ends it and its child, though both ignore SIGTERM; exit 130', async (t) => {
  const p = project(t);
  const file = startedFile(
    p,
    'stubborn.yaml',
    ['url: http://127.0.0.1:${port}/mcp'],
    [...RUN_FIXTURE('stubborn'), 'ready: { log: { contains: "ready to serve" } }', 'timeout: 600'],
    [...ECHO],
  );
  const child = spawn(process.execPath, [BIN, 'test', file, '--reporter', 'json'], {
    cwd: p.dir,
    env: p.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  assert.ok(await eventually(() => logLines(p.pidLog).length === 2, 30_000), 'the server and its child started');
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 130, stderr);
  assert.deepEqual(
    results(stdout).map((x) => [x.name, x.status, x.error?.kind]),
    [['echo', 'error', 'interrupted']],
  );
  // Teardown comes before the exit: both are gone by now.
  assertAllEnded(logLines(p.pidLog).map(Number));
});

test('a bad start entry: exit 2 at file:line:col, and nothing is started', async (t) => {
  const p = project(t);
  const cases: [string, string[], string[], RegExp][] = [
    [
      'stdio.yaml',
      ['command: "${NODE}"'],
      RUN_FIXTURE('silent'),
      /stdio\.yaml:4:5: server "web": "start" is for an http or sse server/,
    ],
    [
      'lookahead.yaml',
      ['url: http://127.0.0.1:${port}/mcp'],
      [...RUN_FIXTURE('silent'), 'ready: { log: { matches: "(?=up)" } }'],
      /lookahead\.yaml:8:23: server "web": start\.ready\.log\.matches "\(\?=up\)" uses a lookaround, which the linear-time engine \(RE2\) cannot run/,
    ],
    [
      'port.yaml',
      ['url: http://127.0.0.1:${port}/mcp'],
      [...RUN_FIXTURE('silent'), 'ready: { port: 70000 }'],
      /port\.yaml:8:16: servers\.web\.start\.ready\.port: must be <= 65535/,
    ],
    [
      'both.yaml',
      ['url: http://127.0.0.1:${port}/mcp'],
      [...RUN_FIXTURE('silent'), 'ready: { port: true, log: { contains: up } }'],
      /both\.yaml:8:7: servers\.web\.start\.ready: must be exactly one of the allowed shapes \(one of "port", "log"\)/,
    ],
    [
      'key.yaml',
      ['url: http://127.0.0.1:${port}/mcp'],
      [...RUN_FIXTURE('silent'), 'wait: 5'],
      /key\.yaml:8:7: unknown key "servers\.web\.start\.wait"/,
    ],
    [
      'cwd.yaml',
      ['url: http://127.0.0.1:${port}/mcp'],
      [...RUN_FIXTURE('silent'), 'cwd: no-such-dir'],
      /cwd\.yaml:8:7: server "web": "start\.cwd" is .*no-such-dir, which is not an existing directory/,
    ],
    [
      'variable.yaml',
      ['url: http://127.0.0.1:${port}/mcp'],
      ['command: "${NODE}"', 'args: ["${STARTED}", silent]', 'env: { PID_LOG: "${PID_LOG}", KEY: "${NOT_SET_HERE}" }'],
      /variable\.yaml:7:37: server "web": servers\.web\.start\.env\.KEY: environment variable "NOT_SET_HERE" is not set/,
    ],
  ];
  for (const [name, entry, start, message] of cases) {
    const file = startedFile(p, name, entry, start, ECHO);
    const r = await run(['test', file], { cwd: p.dir, env: p.env, home: p.dir });
    assert.equal(r.code, 2, `${name}: ${r.stderr}`);
    assert.match(r.stderr, message, name);
    assert.equal(r.stdout, '', `${name}: nothing ran`);
    assert.ok(!existsSync(p.pidLog), `${name}: nothing was started`);
  }
});

test('something already answering on the port: its tests are errors (exit 3) and nothing starts; with reuseExisting it is tested', async (t) => {
  const web = await startEverything('streamableHttp');
  try {
    const p = project(t);
    p.env.WEB_URL = web.url;
    const write = (name: string, reuse: string[]) =>
      startedFile(p, name, ['url: "${WEB_URL}"'], [...RUN_FIXTURE('silent'), ...reuse], ECHO);
    const refused = await run(['test', write('taken.yaml', []), '--reporter', 'json'], {
      cwd: p.dir,
      env: p.env,
      home: p.dir,
    });
    assert.equal(refused.code, 3, refused.stderr);
    const { port } = new URL(web.url);
    assert.match(
      results(refused.stdout)[0]!.error!.message,
      new RegExp(`server "web" not started: something already answers on 127\\.0\\.0\\.1:${port}`),
    );
    const reused = await run(['test', write('reuse.yaml', ['reuseExisting: true']), '--reporter', 'json'], {
      cwd: p.dir,
      env: p.env,
      home: p.dir,
    });
    assert.equal(reused.code, 0, reused.stderr);
    assert.deepEqual(
      results(reused.stdout).map((x) => [x.name, x.status]),
      [['echo', 'passed']],
    );
    assert.ok(!existsSync(p.pidLog), 'the command never ran');
  } finally {
    await web.stop();
  }
});
