// The runner of `mcpctl test` in process, against our fixture servers over stdio: results in
// file order whatever the servers, only/skip/--bail/a stopped run, retries and flaky passes,
// steps with captures, a file's setup and teardown, infrastructure errors (a server that cannot
// be resolved, started or answer in time) told apart from wrong answers, secrets masked in every
// result, each failure at the line of its expectation, and the tools no test called. The clock
// is the test's: each reading is 10 ms after the one before.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveServer } from '../../src/config/resolve.js';
import { usageError } from '../../src/errors.js';
import { openSession } from '../mcp/helpers.js';
import { contractJson, snapshotContract } from '../../src/contract/snapshot.js';
import { loadTestFile } from '../../src/testing/load.js';
import { ROOT } from '../helpers/run.js';
import { fileRunner, told } from './run-lines.js';

const CI_SERVER = path.join(ROOT, 'dist', 'test', 'testing', 'ci-server.js');
const CALL_SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'call-server.js');
const SECRET = 'sekret-token-0123456789';

const SERVERS = [
  'servers:',
  `  ci: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(CI_SERVER)}, serve], env: { TOKEN: ${SECRET} } }`,
  `  call: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(CALL_SERVER)}, legacy] }`,
  '  missing: { command: /nonexistent/mcp-server }',
  `  narrow: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(CALL_SERVER)}, legacy], disabledTools: [fails, "b*"] }`,
];

const { dir, ctx, runLines, at } = fileRunner(SERVERS);

test('setup, teardown, captures, retries and secrets on one server; results in file order, each reported as it came', async () => {
  const r = await runLines([
    'defaults: { server: ci }',
    'coverage: [tools]',
    'setup:',
    '  - call: { tool: create }',
    '    capture: { first: "$.structuredContent.id" }',
    'teardown:',
    '  - call: { tool: get, args: { id: "${first}" } }',
    '    expect: { text: { equals: "item ${first}" } }',
    '  - call: { tool: get, args: { id: item-404 } }',
    'tests:',
    '  - name: flaky, retried',
    '    retries: 2',
    '    call: { tool: flaky }',
    '  - name: create then read back',
    '    steps:',
    '      - call: { tool: create }',
    `        capture: { id: "$.structuredContent.id", again: /structuredContent/id, quoted: "$['structuredContent'][\\"id\\"]", all: "$" }`,
    '      - call: { tool: get, args: { id: "${id}" } }',
    '        expect: { text: { equals: "item item-2" } }',
    '      - call: { tool: get, args: { id: "${again}" } }',
    '        expect: { text: { equals: "item ${quoted}" } }',
    '      - call: { tool: get, args: { id: "x${all}" } }',
    '        expect: { isError: true, text: { contains: "no item x{\\"content\\":[{" } }',
    '  - name: a later step fails, retried once',
    '    retries: 1',
    '    steps:',
    '      - call: { tool: create }',
    '        capture: { id: "$.structuredContent.id" }',
    '      - call: { tool: get, args: { id: "${id}" } }',
    '        expect: { text: { equals: "item item-1" } }',
    '  - name: the setup capture is there, passing at once',
    '    retries: 3',
    '    call: { tool: get, args: { id: "${first}" } }',
    '  - name: a secret',
    `    call: { tool: get, args: { id: ${SECRET} } }`,
    '  - name: nothing to capture',
    '    call: { tool: create }',
    '    capture: { none: "$.structuredContent.nope" }',
    '  - name: skipped',
    '    skip: true',
    '    call: { tool: never-called }',
    '  - name: skipped with a reason',
    '    skip: not today',
    '    call: { tool: never-called }',
  ]);
  const teardown = {
    kind: 'check',
    message: `teardown step at ${at(9, 5)} failed: isError: expected false, actual true (no item item-404)`,
    exitCode: 8,
  };
  assert.deepEqual(r.results.map(told), [
    ['flaky, retried', 'passed'],
    ['create then read back', 'passed'],
    [
      'a later step fails, retried once',
      'failed',
      [{ expectation: 'steps[1].text.equals', expected: 'item item-1', actual: 'item item-4', at: at(30, 27) }],
    ],
    ['the setup capture is there, passing at once', 'passed'],
    [
      'a secret',
      'failed',
      [{ expectation: 'isError', expected: false, actual: true, message: 'no item ***', at: at(34, 5) }],
    ],
    [
      'nothing to capture',
      'failed',
      [
        {
          expectation: 'capture.none',
          expected: 'a value at $.structuredContent.nope',
          actual: undefined,
          at: at(36, 5),
        },
      ],
    ],
    ['skipped', 'skipped', 'skip'],
    ['skipped with a reason', 'skipped', 'not today'],
    ['teardown (ci)', 'error', teardown],
  ]);
  assert.deepEqual(r.reported, r.results, 'each result reported once, as it came');
  assert.deepEqual(
    r.results.map((x) => [x.attempts, x.flaky, x.server, x.step, x.file]),
    [
      [2, true, 'ci', 'call', 't1.yaml'],
      [undefined, undefined, 'ci', 'call', 't1.yaml'],
      [2, undefined, 'ci', 'call', 't1.yaml'],
      [1, undefined, 'ci', 'call', 't1.yaml'],
      ...Array(4).fill([undefined, undefined, 'ci', 'call', 't1.yaml']),
      [undefined, undefined, 'ci', 'call', 't1.yaml'],
    ],
  );
  assert.equal(r.results[8]!.at, at(7, 5), 'the teardown is at its first step');
  // The clock moves 10 ms a reading: a test takes 10 ms more than the readings of its steps.
  assert.deepEqual(
    r.results.map((x) => x.durationMs),
    [50, 90, 90, 30, 30, 30, 0, 0, 0],
  );
  assert.deepEqual(r.coverage, [{ server: 'ci', uncalled: ['never-called'] }], 'skipped tests call nothing');
  assert.deepEqual(r.opened, ['ci']);
  assert.equal(r.tripped, false);
});

test('only: the tests not marked are skipped; --bail skips every test after a failure or an error', async () => {
  const only = await runLines([
    'defaults: { server: ci }',
    'tests:',
    '  - { name: not marked, call: { tool: create } }',
    '  - { name: marked, only: true, call: { tool: create } }',
    '  - { name: marked but skipped, only: true, skip: later, call: { tool: create } }',
  ]);
  assert.deepEqual(only.results.map(told), [
    ['not marked', 'skipped', 'not marked only'],
    ['marked', 'passed'],
    ['marked but skipped', 'skipped', 'later'],
  ]);
  const bailed = await runLines(
    [
      'defaults: { server: ci }',
      'tests:',
      '  - { name: passes, call: { tool: create } }',
      '  - { name: fails, call: { tool: get, args: { id: nope } }, expect: { isError: false } }',
      '  - { name: never runs, call: { tool: create } }',
    ],
    { bail: true },
  );
  assert.deepEqual(
    bailed.results.map((x) => [x.name, x.status, x.skipReason]),
    [
      ['passes', 'passed', undefined],
      ['fails', 'failed', undefined],
      ['never runs', 'skipped', '--bail: an earlier test failed'],
    ],
  );
  assert.equal(bailed.tripped, true);
  const errored = await runLines(
    ['defaults: { server: missing }', 'tests:', '  - { name: cannot start, status: {} }'],
    { bail: true },
  );
  assert.equal(errored.results[0]!.status, 'error');
  assert.equal(errored.tripped, true, 'an error trips --bail too');
  const noBail = await runLines([
    'defaults: { server: ci }',
    'tests:',
    '  - { name: fails, call: { tool: get, args: { id: x } } }',
  ]);
  assert.equal(noBail.results[0]!.status, 'failed');
  assert.equal(noBail.tripped, false, 'without --bail nothing is tripped');
});

test('a stopped run or a file of skipped tests starts no server; tests left out of the run are not reported', async () => {
  const stopped = new AbortController();
  stopped.abort();
  const r = await runLines(
    [
      'defaults: { server: ci }',
      'tests:',
      '  - { name: a, call: { tool: create } }',
      '  - { name: b, skip: true, status: {} }',
    ],
    { signal: stopped.signal },
  );
  assert.deepEqual(r.results.map(told), [
    ['a', 'skipped', 'the run was stopped'],
    ['b', 'skipped', 'skip'],
  ]);
  assert.deepEqual(r.opened, []);
  const some = await runLines(
    [
      'tests:',
      '  - { name: one, server: ci, call: { tool: create } }',
      '  - { name: two, server: call, status: {} }',
      '  - { name: three, server: ci, call: { tool: create } }',
      '  - { name: left out, server: missing, status: {} }',
    ],
    { include: (t) => t.name !== 'left out' },
  );
  assert.deepEqual(some.results.map(told), [
    ['one', 'passed'],
    ['two', 'passed'],
    ['three', 'passed'],
  ]);
  assert.deepEqual([...some.opened].sort(), ['call', 'ci']);
});

test('a server that cannot be resolved or started: each of its tests is an error with the exit code it would have; skips stay skips', async () => {
  const unresolved = await runLines(
    ['tests:', '  - { name: a, server: ci, status: {} }', '  - { name: b, server: ci, skip: why, status: {} }'],
    {
      resolve: async () => {
        throw usageError('no server "ci" in the configuration');
      },
    },
  );
  assert.deepEqual(unresolved.results.map(told), [
    ['a', 'error', { kind: 'usage', message: 'no server "ci" in the configuration', exitCode: 2 }],
    ['b', 'skipped', 'why'],
  ]);
  assert.deepEqual(unresolved.opened, []);
  const unstarted = await runLines([
    'defaults: { server: missing }',
    'tests:',
    '  - { name: a, status: {} }',
    '  - { name: b, skip: true, status: {} }',
    '  - { name: c, tools: {} }',
  ]);
  const [a, b, c] = unstarted.results;
  assert.deepEqual([a!.status, b!.status, c!.status], ['error', 'skipped', 'error']);
  assert.equal(a!.error?.kind, 'connection');
  assert.equal(a!.error?.exitCode, 3);
  assert.match(a!.error?.message ?? '', /nonexistent\/mcp-server/);
  assert.deepEqual(c!.error, a!.error);
  assert.deepEqual([a!.durationMs, a!.failures, a!.step, c!.step], [0, [], 'status', 'tools']);
});

test('a failed setup step: every test of that server is an error naming the step, expected and actual', async () => {
  const r = await runLines([
    'defaults: { server: ci }',
    'setup:',
    '  - call: { tool: get, args: { id: nope } }',
    '    expect: { isError: true, text: { equals: "no item yes" } }',
    'tests:',
    '  - { name: a, call: { tool: create } }',
    '  - { name: b, skip: true, call: { tool: create } }',
    '  - { name: c, server: call, status: {} }',
  ]);
  assert.deepEqual(r.results.map(told), [
    [
      'a',
      'error',
      {
        kind: 'check',
        message: `setup step at ${at(3, 5)} failed: text.equals: expected "no item yes", actual "no item nope"`,
        exitCode: 8,
      },
    ],
    ['b', 'skipped', 'skip'],
    ['c', 'passed'],
  ]);
});

test('every step kind against a real server: what it asked, what came back, and errors told from wrong answers', async () => {
  const r = await runLines([
    'defaults: { server: call }',
    'tests:',
    '  - name: status',
    '    status: {}',
    '    expect: { structured: [{ path: /serverInfo/name, equals: call-legacy }, { path: /era, equals: legacy }, { path: /instructions, exists: false }, { path: /capabilities/prompts, exists: true }] }',
    '  - name: tools',
    '    tools: {}',
    '    expect: { tools: { present: [types, fails, slow], minCount: 5 } }',
    '  - name: read',
    '    read: { uri: "fixture://multi" }',
    '    expect: { text: { equals: "first part\\nsecond part" }, content: { types: [text, text] } }',
    '  - name: prompt',
    '    prompt: { name: greet, args: { name: Ada, tone: warm } }',
    '    expect: { text: { equals: "Say hello to Ada, warmly.\\nHello, Ada!" } }',
    '  - name: call with typed arguments',
    '    call: { tool: types, args: { zip: "01234", count: 3 } }',
    '    expect: { text: { contains: \'"count":3\' } }',
    '  - name: a tool that is not there',
    '    call: { tool: typs }',
    '  - name: arguments the tool refuses',
    '    call: { tool: types, args: { count: 3 } }',
    '    expect: { error: usage }',
    '  - name: a wrong answer at the line of its expectation',
    '    read: { uri: "fixture://text" }',
    '    expect:',
    '      structured: [{ path: /contents/0/text, equals: "hello, world" }, { path: /contents/0/uri, equals: nope }]',
    '  - name: a resource that is not there',
    '    read: { uri: "fixture://nope" }',
    '  - name: too slow',
    '    timeout: 0.1',
    '    call: { tool: slow, args: { steps: 1, intervalMs: 600000 } }',
    '  - name: too slow, as expected',
    '    timeout: 0.1',
    '    call: { tool: slow, args: { steps: 1, intervalMs: 600000 } }',
    '    expect: { error: timeout }',
    '  - name: an outputSchema the result breaks',
    '    call: { tool: bad-output }',
    '    expect: { outputSchema: true }',
    '  - name: a disabled tool is not there',
    '    server: narrow',
    '    call: { tool: fails }',
    '  - name: disabled tools are not listed',
    '    server: narrow',
    '    tools: {}',
    '    expect: { tools: { absent: [fails, big, bad-output, bad-schema], present: [types] } }',
  ]);
  const [status, tools, read, prompt, call, missing, refused, wrong, nope, slow, slowOk, output, disabled, unlisted] =
    r.results;
  for (const passed of [status, tools, read, prompt, call, refused, slowOk, unlisted])
    assert.equal(passed!.status, 'passed', JSON.stringify(passed));
  assert.deepEqual(
    r.results.map((x) => x.step),
    [
      'status',
      'tools',
      'read',
      'prompt',
      'call',
      'call',
      'call',
      'read',
      'read',
      'call',
      'call',
      'call',
      'call',
      'tools',
    ],
  );
  assert.equal(missing!.status, 'failed');
  assert.deepEqual(missing!.failures, [
    {
      expectation: 'error',
      expected: 'none',
      actual: 'usage',
      message: 'server "call" has no tool "typs" (did you mean "types"?)',
      at: missing!.at,
    },
  ]);
  assert.deepEqual(wrong!.failures, [
    {
      expectation: 'structured[1] at /contents/0/uri: equals',
      expected: 'nope',
      actual: 'fixture://text',
      at: at(26, 72),
    },
  ]);
  assert.equal(nope!.status, 'failed', 'an error the server answers with is a wrong answer, not an infrastructure one');
  assert.equal(nope!.failures[0]!.expectation, 'error');
  assert.match(String(nope!.failures[0]!.message), /fixture:\/\/nope/);
  assert.equal(slow!.status, 'error');
  assert.equal(slow!.error?.kind, 'timeout');
  assert.equal(slow!.error?.exitCode, 124);
  assert.match(slow!.error?.message ?? '', /tools\/call/);
  assert.equal(output!.status, 'failed');
  assert.equal(output!.failures[0]!.expectation, 'outputSchema');
  assert.match(String(output!.failures[0]!.message), /count/);
  assert.deepEqual(disabled!.failures[0]!.actual, 'usage');
  assert.match(String(disabled!.failures[0]!.message), /has no tool "fails"/);
});

test('tools.snapshot: breaking changes against the snapshot fail the test; a snapshot that cannot be read says why', async () => {
  const entries = path.join(dir, 'entries.yaml');
  writeFileSync(entries, [...SERVERS, 'tests: [{ name: x, server: call, status: {} }]', ''].join('\n'));
  const entry = (await loadTestFile(entries, ctx)).servers.find((s) => s.name === 'call')!;
  const spec = resolveServer(entry, ctx);
  const contract = await openSession(spec, ctx, { cacheDir: false }, (s) => snapshotContract(s));
  writeFileSync(path.join(dir, 'same.json'), contractJson(contract));
  const gone = { ...contract, tools: [...contract.tools, { name: 'gone', inputSchema: { type: 'object' as const } }] };
  writeFileSync(path.join(dir, 'gone.json'), contractJson(gone));
  const r = await runLines([
    'defaults: { server: call }',
    'tests:',
    '  - { name: same, tools: {}, expect: { tools: { snapshot: same.json } } }',
    '  - { name: gone, tools: {}, expect: { tools: { snapshot: gone.json } } }',
    '  - { name: unread, tools: {}, expect: { tools: { snapshot: none.json } } }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status]),
    [
      ['same', 'passed'],
      ['gone', 'failed'],
      ['unread', 'failed'],
    ],
  );
  assert.deepEqual(r.results[1]!.failures, [
    {
      expectation: 'tools.snapshot',
      expected: 'no breaking change against gone.json',
      actual: ['tools.gone: tool "gone" removed'],
      at: r.results[1]!.failures[0]!.at,
    },
  ]);
  assert.match(r.results[1]!.failures[0]!.at ?? '', /:\d+:\d+$/);
  const [unread] = r.results[2]!.failures;
  assert.equal(unread!.expectation, 'tools.snapshot');
  assert.equal(unread!.expected, 'a snapshot at none.json');
  assert.match(unread!.message ?? '', /none\.json/);
});

test('a test that throws while it is checked is its own error; the tests after it still run', async () => {
  // The captured text is JSON with an unclosed "(": as a pattern it cannot even be compiled.
  const r = await runLines([
    'defaults: { server: call }',
    'tests:',
    '  - name: pattern from a capture',
    '    steps:',
    '      - call: { tool: types, args: { zip: "(" } }',
    '        capture: { v: "$.content[0].text" }',
    '      - call: { tool: types, args: { zip: x } }',
    '        expect: { text: { matches: "${v}" } }',
    '  - { name: the next test, call: { tool: types, args: { zip: "9" } }, expect: { text: { contains: "9" } } }',
  ]);
  assert.deepEqual(
    r.reported.map((x) => x.name),
    ['pattern from a capture', 'the next test'],
  );
  assert.notEqual(r.results[0]!.status, 'passed');
  assert.equal(r.results[1]!.status, 'passed');
});

test('a teardown step that throws while it is checked is reported as the teardown that failed', async () => {
  const r = await runLines([
    'defaults: { server: call }',
    'setup:',
    '  - call: { tool: types, args: { zip: "(" } }',
    '    capture: { v: "$.content[0].text" }',
    'teardown:',
    '  - call: { tool: types, args: { zip: x } }',
    '    expect: { text: { matches: "${v}" } }',
    'tests:',
    '  - { name: only test, call: { tool: types, args: { zip: "9" } }, expect: { text: { contains: "9" } } }',
  ]);
  assert.deepEqual(
    r.reported.map((x) => [x.name, x.status]),
    [
      ['only test', 'passed'],
      ['teardown (call)', 'error'],
    ],
  );
});
