// The steps of `mcpctl test` in process, through the runner, against fixture servers served in
// this process over HTTP (runner-fixtures.ts): each step kind asks what its test says and is
// judged on what came back; a step's error names the request that failed, and a wrong answer is
// told from an error of the infrastructure (a time limit: exit 124). Fast enough to judge each
// mutant of src/testing/steps.ts (scripts/mutate-modules.mjs); runner.test.ts runs the runner
// over stdio. The clock is the test's: each reading is 10 ms after the one before.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestResult } from '../../src/testing/run.js';
import { fileRunner } from './run-lines.js';
import { runnerFixtures } from './runner-fixtures.js';

const fixtures = runnerFixtures();
const { runLines } = fileRunner(() => fixtures().lines);

/** The first failure's expectation and message (or actual value) of a result, or its error's kind and message. */
function why(r: TestResult): unknown[] {
  const f = r.failures[0];
  if (f) return [r.name, r.status, f.expectation, f.message ?? f.actual];
  return [r.name, r.status, r.error?.kind, r.error?.message];
}

test('each step kind asks what its test says and is judged on what came back', async () => {
  const r = await runLines([
    'defaults: { server: odd }',
    'tests:',
    '  - name: status',
    '    status: {}',
    '    expect: { structured: [{ path: /serverInfo, equals: { name: odd, version: 2.0.0 } }, { path: /instructions, equals: Handle with care }, { path: /capabilities/completions, equals: {} }, { path: /era, equals: legacy }, { path: /protocolVersion, equals: 2025-11-25 }] }',
    '  - name: status of a server without instructions',
    '    server: call',
    '    status: {}',
    '    expect: { structured: { path: /instructions, exists: false } }',
    '  - name: tools',
    '    tools: {}',
    '    expect: { tools: { present: [echo, hook], maxCount: 4 } }',
    '  - name: call with its arguments',
    '    call: { tool: echo, args: { a: [1, { b: two }] } }',
    '    expect: { structured: { equals: { a: [1, { b: two }] } }, text: { equals: \'{"a":[1,{"b":"two"}]}\' } }',
    '  - name: complete a prompt argument in context',
    '    complete: { prompt: p, argument: a, value: x, context: { b: y } }',
    '    expect: { text: { equals: "ref/prompt:a=x\\n{\\"b\\":\\"y\\"}" } }',
    '  - name: complete without context',
    '    complete: { prompt: p, argument: a, value: "" }',
    '    expect: { text: { equals: "ref/prompt:a=\\nnull" } }',
    '  - name: read',
    '    server: call',
    '    read: { uri: "fixture://multi" }',
    '    expect: { text: { equals: "first part\\nsecond part" } }',
    '  - name: prompt with its arguments',
    '    server: call',
    '    prompt: { name: greet, args: { name: Ada, tone: warm } }',
    '    expect: { text: { equals: "Say hello to Ada, warmly.\\nHello, Ada!" } }',
    '  - name: each step takes 10 ms of the clock',
    '    tools: {}',
    '    expect: { latencyMs: { max: 9 } }',
    '  - name: a latency within the limit',
    '    tools: {}',
    '    expect: { latencyMs: { max: 10 } }',
  ]);
  assert.deepEqual(r.results.map(why), [
    ['status', 'passed', undefined, undefined],
    ['status of a server without instructions', 'passed', undefined, undefined],
    ['tools', 'passed', undefined, undefined],
    ['call with its arguments', 'passed', undefined, undefined],
    ['complete a prompt argument in context', 'passed', undefined, undefined],
    ['complete without context', 'passed', undefined, undefined],
    ['read', 'passed', undefined, undefined],
    ['prompt with its arguments', 'passed', undefined, undefined],
    ['each step takes 10 ms of the clock', 'failed', 'latencyMs.max', 10],
    ['a latency within the limit', 'passed', undefined, undefined],
  ]);
  assert.deepEqual(
    r.results.map((x) => x.step),
    ['status', 'status', 'tools', 'call', 'complete', 'complete', 'read', 'prompt', 'tools', 'tools'],
  );
});

test("a step's error names the request that failed; an error the server answers with is a wrong answer", async () => {
  const r = await runLines([
    'tests:',
    '  - { name: tools, server: broken, tools: {} }',
    '  - { name: call, server: broken, call: { tool: any } }',
    '  - { name: read, server: call, read: { uri: "fixture://nope" } }',
    '  - { name: prompt, server: call, prompt: { name: nope } }',
    '  - { name: complete, server: call, complete: { prompt: greet, argument: name, value: A } }',
    '  - { name: no such tool, server: call, call: { tool: typs } }',
    '  - { name: refused arguments, server: call, call: { tool: types, args: { count: 3 } } }',
    '  - { name: "refused, as expected", server: call, call: { tool: types, args: { count: 3 } }, expect: { error: usage } }',
  ]);
  const results = r.results.map(why);
  assert.deepEqual(
    results.map((x) => x.slice(0, 3)),
    [
      ['tools', 'failed', 'error'],
      ['call', 'failed', 'error'],
      ['read', 'failed', 'error'],
      ['prompt', 'failed', 'error'],
      ['complete', 'failed', 'error'],
      ['no such tool', 'failed', 'error'],
      ['refused arguments', 'failed', 'error'],
      ['refused, as expected', 'passed', undefined],
    ],
  );
  const messages = results.map((x) => String(x[3]));
  assert.match(messages[0]!, /tools\/list.*the tool registry is down/);
  assert.match(messages[1]!, /tools\/call.*the tool registry is down/);
  assert.match(messages[2]!, /resources\/read.*fixture:\/\/nope/);
  assert.match(messages[3]!, /prompts\/get/);
  assert.match(messages[4]!, /completion\/complete/);
  assert.equal(messages[5], 'server "call" has no tool "typs" (did you mean "types"?)');
  assert.equal(messages[6], 'bad arguments for tool "types" of server "call": missing required argument "zip"');
  assert.deepEqual(
    r.results.map((x) => x.failures[0]?.actual),
    ['protocol', 'protocol', 'protocol', 'protocol', 'protocol', 'usage', 'usage', undefined],
  );
});

test('outputSchema: the runner checks the structured content itself, against the tool it listed', async () => {
  const r = await runLines([
    'defaults: { server: call }',
    'tests:',
    '  - { name: broken by its result, call: { tool: bad-output }, expect: { outputSchema: true } }',
    '  - { name: "broken, as expected", call: { tool: bad-output }, expect: { outputSchema: false } }',
    '  - { name: fits, call: { tool: good-output }, expect: { outputSchema: true } }',
    '  - { name: a disabled tool is not there, server: narrow, call: { tool: fails } }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.failures[0]?.expectation]),
    [
      ['broken by its result', 'failed', 'outputSchema'],
      ['broken, as expected', 'passed', undefined],
      ['fits', 'passed', undefined],
      ['a disabled tool is not there', 'failed', 'error'],
    ],
  );
  assert.match(String(r.results[0]!.failures[0]!.message), /count/);
  assert.match(String(r.results[3]!.failures[0]!.message), /has no tool "fails"/);
});

test('a time limit: the request ends as a timeout error (exit 124), unless the test expects it', async () => {
  const r = await runLines([
    'defaults: { server: odd }',
    'tests:',
    '  - name: too slow',
    '    timeout: 0.05',
    '    call: { tool: hang }',
    '  - name: too slow, as expected',
    '    timeout: 0.05',
    '    call: { tool: hang }',
    '    expect: { error: timeout }',
    '  - name: expecting another error',
    '    timeout: 0.05',
    '    call: { tool: hang }',
    '    expect: { error: usage }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode]),
    [
      ['too slow', 'error', 'timeout', 124],
      ['too slow, as expected', 'passed', undefined, undefined],
      ['expecting another error', 'error', 'timeout', 124],
    ],
  );
  assert.match(r.results[0]!.error!.message, /tools\/call/);
});

test('status: the facts of the handshake, as values a later step can use', async () => {
  const r = await runLines([
    'defaults: { server: odd }',
    'tests:',
    '  - name: captured',
    '    steps:',
    '      - status: {}',
    '        capture: { name: "$.serverInfo.name", era: "$.era", version: "$.protocolVersion", caps: "$.capabilities" }',
    '      - call: { tool: echo, args: { name: "${name}", era: "${era}", version: "${version}", caps: "${caps}" } }',
    '        expect: { structured: { equals: { name: odd, era: legacy, version: 2025-11-25, caps: { tools: {}, completions: {}, prompts: {} } } } }',
  ]);
  assert.deepEqual(r.results.map(why), [['captured', 'passed', undefined, undefined]]);
});

test("a request that gets no answer in the test's time, or loses its connection, is an error naming the request", async () => {
  const r = await runLines([
    'tests:',
    '  - { name: tools, server: stuck, timeout: 0.05, tools: {} }',
    '  - { name: call, server: stuck, timeout: 0.05, call: { tool: any } }',
    '  - { name: dropped, server: odd, call: { tool: hook, args: { name: drop } } }',
    '  - { name: crashed, server: fault, call: { tool: crash } }',
  ]);
  assert.deepEqual(
    r.results.map((x) => [x.name, x.status, x.error?.kind, x.error?.exitCode]),
    [
      ['tools', 'error', 'timeout', 124],
      ['call', 'error', 'timeout', 124],
      ['dropped', 'error', 'connection', 3],
      ['crashed', 'error', 'connection', 3],
    ],
  );
  assert.match(r.results[0]!.error!.message, /no answer to tools\/list within 50 ?ms/);
  assert.match(r.results[1]!.error!.message, /no answer to tools\/call within 50 ?ms/);
  assert.match(r.results[2]!.error!.message, /network error at .*socket hang up/);
  // Over stdio the server's last words are part of the message.
  assert.match(
    r.results[3]!.error!.message,
    /(closed the connection|exited with code 5) during tools\/call; its last stderr lines:\n {2}fault-server: segfault in tool "crash"/,
  );
});
