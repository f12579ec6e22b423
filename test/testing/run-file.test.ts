// The runner of `mcpctl test` in process, against fixture servers served in this process over
// HTTP (runner-fixtures.ts): what a user reads in its results (each test's verdict, a failure's
// message and line, an error's kind and exit code, the tools no test called) for captures,
// retries, a file's setup and teardown, only/skip/--bail, servers started per test, a run stopped
// part way and servers that cannot be reached. Fast enough to judge each mutant of
// src/testing/run.ts (scripts/mutate-modules.mjs); runner.test.ts runs the runner over stdio.
// The clock is the test's: each reading is 10 ms after the one before.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { resolveServer } from '../../src/config/resolve.js';
import type { ServerSpec } from '../../src/config/types.js';
import { loadTestFile } from '../../src/testing/load.js';
import type { TestResult } from '../../src/testing/run.js';
import type { StartSpec } from '../../src/testing/server-start.js';
import { contractJson, snapshotContract } from '../../src/contract/snapshot.js';
import { fakeContext } from '../helpers/context.js';
import { freePort, openSession } from '../mcp/helpers.js';
import { fileRunner, told } from './run-lines.js';
import { onCall, PASSED_SECRET, SECRET, runnerFixtures } from './runner-fixtures.js';

const fixtures = runnerFixtures();
const { dir, ctx, runLines, at } = fileRunner(() => fixtures().lines, { PASSED: PASSED_SECRET });

/** The name the last file run is shown by. */
const fileName = () => at(0, 0).split(':')[0];

test('captures: taken by path or pointer, filled in whole (keeping their type) or inside text, per test', async () => {
  const r = await runLines([
    'defaults: { server: odd }',
    'setup:',
    '  - call: { tool: echo, args: { n: 3, "a/b": { "c~d": slash } } }',
    '    capture: { n: "$.structuredContent.n", slashed: "/structuredContent/a~1b/c~0d" }',
    'tests:',
    '  - name: filled in',
    '    steps:',
    '      - call: { tool: echo, args: { list: [{ k: v }, "w"], "odd key": 1 } }',
    `        capture: { first: "$.structuredContent.list[0].k", second: "$['structuredContent'][\\"list\\"][1]", spaced: "$.structuredContent['odd key']", obj: "$.structuredContent.list[0]" }`,
    '      - call: { tool: echo, args: { whole: "${n}", inside: "n=${n}", nested: ["${first}", { x: "${second}" }], obj: "${obj}", in: "<${obj}>", spaced: "${spaced}", slashed: "${slashed}" } }',
    '        expect: { structured: { equals: { whole: 3, inside: "n=3", nested: [v, { x: w }], obj: { k: v }, in: \'<{"k":"v"}>\', spaced: 1, slashed: slash } } }',
    "  - name: the setup's capture in another test",
    '    call: { tool: echo, args: { n: "${n}" } }',
    '    expect: { structured: { equals: { n: 3 } } }',
    '  - name: a path that finds nothing',
    '    call: { tool: echo, args: {} }',
    '    capture: { gone: "$.structuredContent.nope", here: "$.content" }',
  ]);
  assert.deepEqual(r.results.map(told), [
    ['filled in', 'passed'],
    ["the setup's capture in another test", 'passed'],
    [
      'a path that finds nothing',
      'failed',
      [
        {
          expectation: 'capture.gone',
          expected: 'a value at $.structuredContent.nope',
          actual: undefined,
          at: at(15, 5),
        },
      ],
    ],
  ]);
});

test('retries: a failing test runs again up to its retries, each attempt afresh; one passing after failing is flaky', async () => {
  const r = await runLines([
    'defaults: { server: ci }',
    'tests:',
    '  - name: flaky',
    '    retries: 2',
    '    call: { tool: flaky }',
    '  - name: always failing, retried',
    '    retries: 2',
    '    steps:',
    '      - call: { tool: create }',
    '        capture: { id: "$.structuredContent.id" }',
    '      - call: { tool: get, args: { id: "${id}" } }',
    '        expect: { text: { equals: "item item-0" } }',
    '  - name: passing at once',
    '    retries: 3',
    '    call: { tool: create }',
    '  - name: failing, no retries',
    '    call: { tool: get, args: { id: x } }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.attempts, x.flaky, x.failures[0]?.actual]),
    [
      ['flaky', 'passed', 2, true, undefined],
      ['always failing, retried', 'failed', 3, undefined, 'item item-3'],
      ['passing at once', 'passed', 1, undefined, undefined],
      ['failing, no retries', 'failed', undefined, undefined, true],
    ],
  );
  assert.equal(r.results[1]!.failures[0]!.expectation, 'steps[1].text.equals', 'a later step is named by its index');
  assert.equal(r.results[3]!.failures[0]!.expectation, 'isError', 'a one-step test names no step');
  // 10 ms a clock reading: the test's start and end, and each step's start and end.
  assert.deepEqual(
    r.results.map((x) => x.durationMs),
    [50, 130, 30, 30],
  );
});

test("a failure is at the line and column of its expectation, else of the test's step", async () => {
  const r = await runLines([
    'defaults: { server: odd }',
    'tests:',
    '  - name: structured',
    '    call: { tool: echo, args: { x: 1 } }',
    '    expect:',
    '      structured: [{ path: /x, equals: 1 }, { path: /x, equals: 2 }]',
    '  - name: text',
    '    call: { tool: echo, args: { x: 1 } }',
    '    expect:',
    '      isError: false',
    '      text: { contains: nope }',
    '  - name: a schema of a tool with a dot',
    '    tools: {}',
    '    expect:',
    '      tools:',
    '        schemas: { "a.b": { type: object } }',
    '  - name: an error not expected',
    '    call: { tool: nope }',
    '    expect: { text: { contains: x } }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.failures[0]?.expectation, x.failures[0]?.at]),
    [
      ['structured[1] at /x: equals', at(6, 45)],
      ['text.contains', at(11, 15)],
      ['tools.schemas.a.b', at(16, 9)],
      ['error', at(17, 5)],
    ],
  );
});

test('setup and teardown run on their own server; a failed setup makes its tests errors, a failed teardown is a result of its own', async () => {
  const r = await runLines([
    'coverage: [tools]',
    'setup:',
    '  - server: ci',
    '    call: { tool: create }',
    '  - server: odd',
    '    call: { tool: echo, args: { v: 1 } }',
    '    expect: { isError: true, text: { equals: "no" } }',
    'teardown:',
    '  - server: odd',
    '    status: {}',
    '  - server: call',
    '    tools: {}',
    '  - server: ci',
    '    call: { tool: get, args: { id: item-1 } }',
    '  - server: ci',
    `    call: { tool: get, args: { id: ${SECRET} } }`,
    '  - server: call',
    '    call: { tool: bad-output }',
    '    expect: { outputSchema: true }',
    'tests:',
    '  - { name: on odd, server: odd, call: { tool: echo } }',
    '  - { name: on ci, server: ci, call: { tool: get, args: { id: item-1 } } }',
    '  - { name: on call, server: call, status: {} }',
    '  - { name: skipped on odd, server: odd, skip: true, status: {} }',
  ]);
  const setupFailed = {
    kind: 'check',
    message: `setup step at ${at(5, 5)} failed: isError: expected true, actual false`,
    exitCode: 8,
  };
  assert.deepEqual(r.results.map(told).slice(0, 4), [
    ['on odd', 'error', setupFailed],
    ['on ci', 'passed'],
    ['on call', 'passed'],
    ['skipped on odd', 'skipped', 'skip'],
  ]);
  const teardowns = r.results.slice(4).sort((a, b) => a.name.localeCompare(b.name));
  assert.deepEqual(
    teardowns.map((x) => [x.name, x.server, x.step, x.at, x.status, x.error?.kind, x.error?.exitCode, x.file]),
    [
      ['teardown (call)', 'call', 'tools', at(11, 5), 'error', 'check', 8, fileName()],
      ['teardown (ci)', 'ci', 'call', at(13, 5), 'error', 'check', 8, fileName()],
    ],
  );
  assert.equal(
    teardowns[0]!.error!.message,
    `teardown step at ${at(17, 5)} failed: outputSchema: expected "structuredContent valid against the outputSchema", actual {"count":"three"} (structuredContent of tool "bad-output" does not match its outputSchema: /count must be number, got "three" (string))`,
  );
  assert.equal(
    teardowns[1]!.error!.message,
    `teardown step at ${at(15, 5)} failed: isError: expected false, actual true (no item ***)`,
  );
  assert.deepEqual(
    r.reported.slice(4).sort((a, b) => a.name.localeCompare(b.name)),
    teardowns,
  );
  assert.deepEqual(
    r.coverage,
    [
      { server: 'call', uncalled: r.coverage[0]!.uncalled },
      { server: 'ci', uncalled: ['create', 'flaky', 'never-called'] },
    ],
    'a server whose setup failed lists nothing',
  );
});

test('only and skip: the tests not marked only are skipped, a test marked only and skipped too; nothing is started for them', async () => {
  const r = await runLines([
    'defaults: { server: ci }',
    'tests:',
    '  - { name: not marked, call: { tool: create } }',
    '  - { name: marked, only: true, call: { tool: create } }',
    '  - { name: marked but skipped, only: true, skip: later, call: { tool: create } }',
    '  - { name: "elsewhere, not marked", server: missing, status: {} }',
    '  - { name: skipped, skip: true, server: odd, status: {} }',
  ]);
  assert.deepEqual(r.results.map(told), [
    ['not marked', 'skipped', 'not marked only'],
    ['marked', 'passed'],
    ['marked but skipped', 'skipped', 'later'],
    ['elsewhere, not marked', 'skipped', 'not marked only'],
    ['skipped', 'skipped', 'skip'],
  ]);
  assert.deepEqual(r.opened, ['ci']);
  assert.deepEqual(r.reported.map((x) => x.name).sort(), r.results.map((x) => x.name).sort());
});

test('--bail: a failure or an error skips every test after it, on every server; without --bail nothing trips', async () => {
  let failedOne: () => void = () => {};
  const failed = new Promise<void>((resolve) => {
    failedOne = resolve;
  });
  // The test on odd waits until the failure on ci is reported, so it starts after it.
  onCall.set('bail', () => failed);
  const lines = [
    'tests:',
    '  - { name: passes, server: ci, call: { tool: create } }',
    '  - { name: fails, server: ci, call: { tool: get, args: { id: nope } } }',
    '  - { name: never runs, server: ci, call: { tool: create } }',
    '  - { name: waits, server: odd, call: { tool: hook, args: { name: bail } } }',
    '  - { name: never runs on odd, server: odd, status: {} }',
    '  - { name: skipped anyway, server: ci, skip: own, status: {} }',
  ];
  const onResult = (x: TestResult) => {
    if (x.name === 'fails') failedOne();
  };
  const bailed = await runLines(lines, { bail: true, deps: { onResult } });
  assert.deepEqual(
    bailed.results.map((x) => [x.name, x.status, x.skipReason]),
    [
      ['passes', 'passed', undefined],
      ['fails', 'failed', undefined],
      ['never runs', 'skipped', '--bail: an earlier test failed'],
      ['waits', 'passed', undefined],
      ['never runs on odd', 'skipped', '--bail: an earlier test failed'],
      ['skipped anyway', 'skipped', 'own'],
    ],
  );
  assert.equal(bailed.tripped, true);
  const notBailed = await runLines(lines, { deps: { onResult } });
  assert.deepEqual(
    notBailed.results.map((x) => x.status),
    ['passed', 'failed', 'passed', 'passed', 'passed', 'skipped'],
  );
  assert.equal(notBailed.tripped, false);
  const errored = await runLines(
    [
      'tests:',
      '  - { name: cannot start, server: missing, status: {} }',
      '  - { name: after, server: missing, status: {} }',
    ],
    { bail: true },
  );
  assert.deepEqual(
    errored.results.map((x) => [x.status, x.skipReason]),
    [
      ['error', undefined],
      ['skipped', '--bail: an earlier test failed'],
    ],
  );
  assert.equal(errored.tripped, true, 'an error trips --bail too');
  const skippedOnly = await runLines(['tests:', '  - { name: s, server: ci, skip: true, status: {} }'], { bail: true });
  assert.equal(skippedOnly.tripped, false, 'a skip trips nothing');
});

test('a stopped run: no test starts, the one in flight is an error, the rest are skipped; a failing test is not tried again', async () => {
  const before = new AbortController();
  before.abort();
  const r = await runLines(
    [
      'defaults: { server: ci }',
      'tests:',
      '  - { name: a, call: { tool: create } }',
      '  - { name: b, skip: true, status: {} }',
    ],
    { signal: before.signal },
  );
  assert.deepEqual(r.results.map(told), [
    ['a', 'skipped', 'the run was stopped'],
    ['b', 'skipped', 'skip'],
  ]);
  assert.deepEqual(r.opened, []);

  // The run's --timeout reached while a request is on its way: that test is an error, as a timeout.
  const during = new AbortController();
  onCall.set('stop', () => during.abort(new Error('deadline')));
  const stopped = await runLines(
    [
      'defaults: { server: odd }',
      'tests:',
      '  - { name: first, status: {} }',
      '  - { name: stops the run, retries: 3, call: { tool: hook, args: { name: stop } } }',
      '  - { name: next, status: {} }',
      '  - { name: own skip, skip: mine, status: {} }',
      '  - { name: on another server, server: call, status: {} }',
    ],
    { signal: during.signal, include: (t) => t.name !== 'on another server' },
  );
  assert.deepEqual(
    stopped.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode, x.attempts, x.skipReason]),
    [
      ['first', 'passed', undefined, undefined, undefined, undefined],
      ['stops the run', 'error', 'timeout', 124, 1, undefined],
      ['next', 'skipped', undefined, undefined, undefined, 'the run was stopped'],
      ['own skip', 'skipped', undefined, undefined, undefined, 'mine'],
    ],
  );
  assert.deepEqual(stopped.opened, ['odd']);

  // Stopped (its --timeout reached on the clock) just after the answer came: judged, not tried again.
  const answered = new AbortController();
  let stopAtNextReading = false;
  let clock = 0;
  onCall.set('answered', () => {
    stopAtNextReading = true;
  });
  const now = () => {
    if (stopAtNextReading) answered.abort(new Error('deadline'));
    clock += 10;
    return clock;
  };
  const judged = await runLines(
    [
      'defaults: { server: odd }',
      'tests:',
      '  - { name: fails as the run stops, retries: 3, call: { tool: hook, args: { name: answered } }, expect: { isError: true } }',
    ],
    { signal: answered.signal, deps: { now } },
  );
  assert.deepEqual(
    judged.results.map((x) => [x.name, x.status, x.attempts, x.failures[0]?.expectation]),
    [['fails as the run stops', 'failed', 1, 'isError']],
  );

  // Stopped while the session opens (Ctrl-C during connect): the first test was on its way.
  const connecting = fakeContext({ cwd: dir, home: dir, env: { PATH: process.env.PATH, HOME: dir } });
  const late = await runLines(
    [
      'defaults: { server: odd }',
      'tests:',
      '  - { name: in flight, status: {} }',
      '  - { name: own skip, skip: mine, status: {} }',
      '  - { name: never started, status: {} }',
    ],
    {
      signal: connecting.signal,
      deps: {
        session: (spec: ServerSpec, fn) => {
          connecting.interrupt();
          return openSession(spec, connecting, { cacheDir: false }, fn);
        },
      },
    },
  );
  assert.deepEqual(
    late.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode, x.skipReason]),
    [
      ['in flight', 'error', 'interrupted', 130, undefined],
      ['own skip', 'skipped', undefined, undefined, 'mine'],
      ['never started', 'skipped', undefined, undefined, 'the run was stopped'],
    ],
  );
});

test('a server that cannot be resolved or started: each of its tests is an error with the exit code it would have; skips stay skips', async () => {
  const unresolved = await runLines(
    [
      'tests:',
      '  - { name: a, server: ci, status: {} }',
      '  - { name: b, server: ci, skip: why, status: {} }',
      '  - { name: c, server: odd, status: {} }',
    ],
    {
      resolve: async (name) => {
        if (name === 'ci') throw new Error('no server "ci" in the configuration');
        return resolveServer(
          (await loadTestFile(path.join(dir, `${fileName()}`), ctx)).servers.find((s) => s.name === name)!,
          ctx,
        );
      },
    },
  );
  assert.deepEqual(unresolved.results.map(told), [
    ['a', 'error', { kind: 'internal', message: 'no server "ci" in the configuration', exitCode: 1 }],
    ['b', 'skipped', 'why'],
    ['c', 'passed'],
  ]);
  assert.deepEqual(unresolved.opened, ['odd']);
  const unstarted = await runLines([
    'tests:',
    '  - { name: a, server: missing, status: {} }',
    '  - { name: b, server: missing, skip: true, status: {} }',
    '  - { name: c, server: missing, tools: {} }',
    '  - { name: d, server: passed, tools: {} }',
  ]);
  assert.deepEqual(
    unstarted.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode, x.durationMs, x.step]),
    [
      ['a', 'error', 'connection', 3, 0, 'status'],
      ['b', 'skipped', undefined, undefined, 0, 'status'],
      ['c', 'error', 'connection', 3, 0, 'tools'],
      ['d', 'error', 'connection', 3, 0, 'tools'],
    ],
  );
  const messages = unstarted.results.map((x) => x.error?.message ?? '');
  assert.match(messages[0]!, /\/nonexistent\/\*\*\*/, "the value of the server's env is masked");
  assert.match(messages[3]!, /\/nonexistent\/\*\*\*/, 'a value passed from the environment is masked');
  assert.doesNotMatch(JSON.stringify(unstarted.reported), /sekret/);
});

test('a server the file starts for each test: a session of its own per test, none for a skipped test; started once for the file, shared', async () => {
  const address = { host: '127.0.0.1', port: Number(new URL(fixtures().urls.ci).port) };
  // Already answering, and to be reused: nothing is started, but the tests are batched as for a server started.
  const startOf =
    (per: StartSpec['per'], reuseExisting = true) =>
    (name: string): StartSpec | undefined =>
      name !== 'ci'
        ? undefined
        : {
            server: 'ci',
            process: { command: '/nonexistent/never-run', args: [], cwd: dir, env: {} },
            ready: { kind: 'port', address },
            address,
            timeoutMs: 1000,
            per,
            reuseExisting,
          };
  const lines = [
    'defaults: { server: ci }',
    'coverage: [tools]',
    'tests:',
    '  - { name: first, call: { tool: create }, expect: { text: { equals: created item-1 } } }',
    '  - { name: second, call: { tool: create }, expect: { text: { equals: created item-1 } } }',
    '  - { name: skipped, skip: true, call: { tool: flaky } }',
    '  - { name: elsewhere, server: odd, status: {} }',
  ];
  const perTest = await runLines(lines, { deps: { startOf: startOf('test') } });
  assert.deepEqual(perTest.results.map(told), [
    ['first', 'passed'],
    ['second', 'passed'],
    ['skipped', 'skipped', 'skip'],
    ['elsewhere', 'passed'],
  ]);
  assert.deepEqual([...perTest.opened].sort(), ['ci', 'ci', 'odd']);
  assert.deepEqual(perTest.coverage, [
    { server: 'ci', uncalled: ['flaky', 'get', 'never-called'] },
    { server: 'odd', uncalled: ['echo', 'hang', 'hook', 'z-last'] },
  ]);
  const perFile = await runLines(lines, { deps: { startOf: startOf('file') } });
  assert.deepEqual(
    perFile.results.map((x) => [x.name, x.status, x.failures[0]?.actual]),
    [
      ['first', 'passed', undefined],
      ['second', 'failed', 'created item-2'],
      ['skipped', 'skipped', undefined],
      ['elsewhere', 'passed', undefined],
    ],
  );
  assert.deepEqual([...perFile.opened].sort(), ['ci', 'odd']);
  const taken = await runLines(lines, { deps: { startOf: startOf('file', false) } });
  assert.deepEqual(
    taken.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode]),
    [
      ['first', 'error', 'connection', 3],
      ['second', 'error', 'connection', 3],
      ['skipped', 'skipped', undefined, undefined],
      ['elsewhere', 'passed', undefined, undefined],
    ],
  );
  assert.match(
    taken.results[0]!.error!.message,
    new RegExp(`server "ci" not started: something already answers on 127.0.0.1:${address.port}`),
  );
  assert.deepEqual(
    taken.coverage.map((c) => c.server),
    ['odd'],
    'a server that could not be reached lists nothing',
  );
});

test('results in file order whatever order they came in; coverage by server name, the tools no test that ran called', async () => {
  let oddEnded: () => void = () => {};
  const oddDone = new Promise<void>((resolve) => {
    oddEnded = resolve;
  });
  // ci's session opens once odd's is over, so odd's results and coverage come first.
  const session = (spec: ServerSpec, fn: Parameters<typeof openSession>[3]) =>
    spec.name === 'ci'
      ? oddDone.then(() => openSession(spec, ctx, { cacheDir: false }, fn))
      : openSession(spec, ctx, { cacheDir: false }, fn).finally(oddEnded);
  const r = await runLines(
    [
      'coverage: [tools]',
      'tests:',
      '  - { name: on ci, server: ci, call: { tool: create } }',
      '  - name: on odd',
      '    server: odd',
      '    steps:',
      '      - { call: { tool: echo } }',
      '      - { tools: {} }',
      '      - { call: { tool: hook, args: { name: none } } }',
      '  - { name: skipped on odd, server: odd, skip: true, call: { tool: z-last } }',
      '  - { name: on ci again, server: ci, status: {} }',
    ],
    { deps: { session: session as never } },
  );
  assert.deepEqual(
    r.results.map((x) => x.name),
    ['on ci', 'on odd', 'skipped on odd', 'on ci again'],
  );
  assert.deepEqual(
    r.reported.map((x) => x.name),
    ['on odd', 'skipped on odd', 'on ci', 'on ci again'],
  );
  assert.deepEqual(r.coverage, [
    { server: 'ci', uncalled: ['flaky', 'get', 'never-called'] },
    { server: 'odd', uncalled: ['hang', 'z-last'] },
  ]);
  const narrow = await runLines([
    'coverage: [tools]',
    'tests:',
    '  - { name: t, server: narrow, call: { tool: types, args: { zip: "1" } } }',
  ]);
  assert.deepEqual(narrow.coverage[0]?.uncalled.includes('fails'), false, 'a disabled tool is not listed as uncalled');
  assert.ok(narrow.coverage[0]?.uncalled.includes('good-output'));
  const none = await runLines(['tests:', '  - { name: t, server: ci, call: { tool: create } }']);
  assert.deepEqual(none.coverage, [], 'no coverage without coverage: [tools]');
});

test('tools.snapshot: breaking changes against the snapshot beside the test file fail the test, others do not; one that cannot be read, or a contract the server cannot list, says why', async () => {
  const entries = path.join(dir, 'entries.yaml');
  writeFileSync(entries, [...fixtures().lines, 'tests: [{ name: x, server: odd, status: {} }]', ''].join('\n'));
  const entry = (await loadTestFile(entries, ctx)).servers.find((s) => s.name === 'odd')!;
  const contract = await openSession(resolveServer(entry, ctx), ctx, { cacheDir: false }, (s) => snapshotContract(s));
  writeFileSync(path.join(dir, 'same.json'), contractJson(contract));
  const gone = { ...contract, tools: [...contract.tools, { name: 'gone', inputSchema: { type: 'object' as const } }] };
  writeFileSync(path.join(dir, 'gone.json'), contractJson(gone));
  const added = { ...contract, tools: contract.tools.filter((t) => t.name !== 'z-last') };
  writeFileSync(path.join(dir, 'added.json'), contractJson(added));
  const r = await runLines([
    'defaults: { server: odd }',
    'tests:',
    '  - { name: same, tools: {}, expect: { tools: { snapshot: same.json } } }',
    '  - { name: gone, tools: {}, expect: { tools: { snapshot: gone.json } } }',
    '  - { name: unread, tools: {}, expect: { tools: { snapshot: none.json } } }',
    '  - { name: no tools to compare, server: broken, tools: {}, expect: { tools: { snapshot: same.json } } }',
    '  - { name: a tool added since, tools: {}, expect: { tools: { snapshot: added.json } } }',
    '  - { name: prompts not listed, server: half, tools: {}, expect: { tools: { snapshot: same.json } } }',
    '  - { name: after it, server: half, tools: {} }',
    '  - { name: prompts never listed, server: lagging, tools: {}, expect: { tools: { snapshot: same.json } } }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.failures.map((f) => f.expectation)]),
    [
      ['same', 'passed', []],
      ['gone', 'failed', ['tools.snapshot']],
      ['unread', 'failed', ['tools.snapshot']],
      ['no tools to compare', 'failed', ['error']],
      ['a tool added since', 'passed', []],
      ['prompts not listed', 'failed', ['tools.snapshot']],
      ['after it', 'passed', []],
      ['prompts never listed', 'error', []],
    ],
  );
  assert.deepEqual(
    [r.results[5]!.failures[0]!.expected, r.results[7]!.error?.kind, r.results[7]!.error?.exitCode],
    ["the server's contract", 'timeout', 124],
  );
  assert.equal(
    r.results[5]!.failures[0]!.message,
    'server "half" answered the request with error -32603: the prompt store is down',
  );
  assert.deepEqual(r.results[1]!.failures[0]!.actual, ['tools.gone: tool "gone" removed']);
  const [unread] = r.results[2]!.failures;
  assert.deepEqual([unread!.expected, unread!.actual, unread!.at], ['a snapshot at none.json', undefined, at(5, 51)]);
  assert.match(unread!.message ?? '', /none\.json/);
});

test('a failure under a long name or a two-digit index is at its own line; captures reach index 10 and keys with / and ~', async () => {
  const expectations = Array.from({ length: 10 }, () => '{ path: /x, equals: 1 }').join(', ');
  const r = await runLines([
    'defaults: { server: odd }',
    'tests:',
    '  - name: the eleventh of eleven',
    '    call: { tool: echo, args: { x: 1 } }',
    '    expect:',
    `      structured: [${expectations},`,
    '        { path: /x, equals: 2 }]',
    '  - name: a schema of a tool with a longer dotted name',
    '    tools: {}',
    '    expect:',
    '      tools:',
    '        schemas: { "ab.cd": { type: object } }',
    '  - name: captured',
    '    steps:',
    '      - call: { tool: echo, args: { list: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ten], "a/b~c": odd } }',
    `        capture: { tenth: "$.structuredContent.list[10]", odd: "$['structuredContent']['a/b~c']" }`,
    '      - call: { tool: echo, args: { tenth: "${tenth}", odd: "${odd}" } }',
    '        expect: { structured: { equals: { tenth: ten, odd: odd } } }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.failures[0]?.expectation, x.failures[0]?.at]),
    [
      ['the eleventh of eleven', 'failed', 'structured[10] at /x: equals', at(7, 9)],
      ['a schema of a tool with a longer dotted name', 'failed', 'tools.schemas.ab.cd', at(12, 9)],
      ['captured', 'passed', undefined, undefined],
    ],
  );
});

test('captures: a marker that starts a text, a captured string inside text as it is, nulls kept; a failing step captures nothing', async () => {
  const r = await runLines([
    'defaults: { server: odd }',
    'tests:',
    '  - name: filled in',
    '    steps:',
    '      - call: { tool: echo, args: { n: 3, s: v, none: null } }',
    '        capture: { n: "$.structuredContent.n", s: "$.structuredContent.s" }',
    '      - call: { tool: echo, args: { lead: "${n} left", quoted: "<${s}>", none: null } }',
    '        expect: { structured: { equals: { lead: "3 left", quoted: "<v>", none: null } } }',
    '  - name: a failing step',
    '    call: { tool: echo, args: {} }',
    '    expect: { isError: true }',
    '    capture: { gone: "$.structuredContent.nope" }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.failures.map((f) => [f.expectation, f.actual])]),
    [
      ['filled in', 'passed', []],
      ['a failing step', 'failed', [['isError', false]]],
    ],
  );
});

test('a server of the configuration, not of the file: its tests run', async () => {
  const r = await runLines(['tests:', '  - { name: configured, server: elsewhere, call: { tool: echo } }'], {
    resolve: async () =>
      resolveServer((await loadTestFile(path.join(dir, fileName()), ctx)).servers.find((s) => s.name === 'odd')!, ctx),
  });
  assert.deepEqual(r.results.map(told), [['configured', 'passed']]);
});

test("a setup step that loses its server: the server's tests are errors of the connection, as the step's own error says", async () => {
  const r = await runLines([
    'setup:',
    '  - { server: fault, call: { tool: crash } }',
    'tests:',
    '  - { name: a, server: fault, status: {} }',
    '  - { name: b, server: fault, status: {} }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode]),
    [
      ['a', 'error', 'connection', 3],
      ['b', 'error', 'connection', 3],
    ],
  );
  assert.match(r.results[0]!.error!.message, /server "fault"/);
});

test('a call that makes its server exit: the later tests of that server are errors of the connection, not a bug of mcpctl', async () => {
  const r = await runLines([
    'tests:',
    '  - { name: dies, server: fault, call: { tool: crash } }',
    '  - { name: after, server: fault, call: { tool: echo, args: { text: hi } } }',
    '  - { name: later, server: fault, tools: {} }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode]),
    [
      ['dies', 'error', 'connection', 3],
      ['after', 'error', 'connection', 3],
      ['later', 'error', 'connection', 3],
    ],
  );
  for (const x of r.results.slice(1)) assert.match(x.error!.message, /^server "fault" (exited|closed the connection)/);
});

test("a test without a timeout of its own has its server's: a request that never ends is a timeout error", async () => {
  const r = await runLines(['tests:', '  - { name: never answered, server: slow, tools: {} }']);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode]),
    [['never answered', 'error', 'timeout', 124]],
  );
  assert.match(r.results[0]!.error!.message, /no answer to tools\/list within 1s/);
});

test('--bail: a server reached or resolved only after a failure elsewhere has its tests skipped, not errors', async () => {
  let failedOne: () => void = () => {};
  const failed = new Promise<void>((resolve) => {
    failedOne = resolve;
  });
  const entries = async () => (await loadTestFile(path.join(dir, fileName()), ctx)).servers;
  const r = await runLines(
    [
      'tests:',
      '  - { name: fails, server: ci, call: { tool: get, args: { id: nope } } }',
      '  - { name: cannot start, server: missing, status: {} }',
      '  - { name: cannot be resolved, server: odd, status: {} }',
    ],
    {
      bail: true,
      // odd is resolved, and missing connected to, once the failure on ci is reported.
      resolve: async (name) => {
        if (name === 'odd') await failed.then(() => Promise.reject(new Error('no server "odd" in the configuration')));
        return resolveServer((await entries()).find((s) => s.name === name)!, ctx);
      },
      deps: {
        onResult: (x) => x.name === 'fails' && failedOne(),
        session: (spec: ServerSpec, fn) =>
          (spec.name === 'missing' ? failed : Promise.resolve()).then(() =>
            openSession(spec, ctx, { cacheDir: false }, fn),
          ),
      },
    },
  );
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.skipReason]),
    [
      ['fails', 'failed', undefined],
      ['cannot start', 'skipped', '--bail: an earlier test failed'],
      ['cannot be resolved', 'skipped', '--bail: an earlier test failed'],
    ],
  );
});

test('a token that expires mid-run: the next request is an error of authentication (exit 4), not a wrong answer', async () => {
  onCall.set('expire', fixtures().expire);
  const r = await runLines([
    'defaults: { server: expiring }',
    'tests:',
    '  - name: expires',
    '    retries: 2',
    '    steps:',
    '      - { call: { tool: hook, args: { name: expire } } }',
    '      - { tools: {} }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode, x.attempts]),
    [['expires', 'error', 'auth', 4, 1]],
  );
  assert.match(r.results[0]!.error!.message, /server "expiring" requires authentication \(HTTP 401\)/);
});

test("a server the file starts that exits at once: its output is each logged under the server's name, its tests are errors", async () => {
  const port = await freePort();
  const startOf = (name: string): StartSpec | undefined =>
    name !== 'ci'
      ? undefined
      : {
          server: 'ci',
          process: {
            command: process.execPath,
            args: [fileURLToPath(new URL('../fixtures/started-server.js', import.meta.url)), 'crash'],
            cwd: dir,
            env: { PATH: process.env.PATH ?? '', TOKEN: 't0k' },
          },
          ready: { kind: 'port', address: { host: '127.0.0.1', port } },
          address: { host: '127.0.0.1', port },
          timeoutMs: 60_000,
          per: 'file',
          reuseExisting: false,
        };
  const lines = [
    'tests:',
    '  - { name: on it, server: ci, status: {} }',
    '  - { name: elsewhere, server: odd, status: {} }',
  ];
  const logged: string[][] = [];
  const r = await runLines(lines, { deps: { startOf, serverLog: (server, line) => logged.push([server, line]) } });
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode]),
    [
      ['on it', 'error', 'connection', 3],
      ['elsewhere', 'passed', undefined, undefined],
    ],
  );
  assert.match(r.results[0]!.error!.message, /server "ci".*exit code 3/s);
  assert.deepEqual(logged.sort(), [
    ['ci', 'fatal: no database (token=t0k)'],
    ['ci', 'starting'],
  ]);
  const quiet = await runLines(lines, { deps: { startOf } });
  assert.deepEqual(
    quiet.results.map((x) => x.status),
    ['error', 'passed'],
    'without -v nothing is logged, and nothing breaks',
  );
});
