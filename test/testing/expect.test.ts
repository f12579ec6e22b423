// The expectations of `mcpctl test` judged in process, on results shaped as servers send them:
// each kind met and missed, with the expectation named, expected vs actual and the message a
// report shows; an error expected or not, isError against what was asked; the text each step
// kind is read as.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '@modelcontextprotocol/client';
import { McpctlError } from '../../src/errors.js';
import { check, textOf, type Failure } from '../../src/testing/expect.js';
import type { Expectations, Step } from '../../src/testing/load.js';
import type { StepOutcome } from '../../src/testing/steps.js';

const CALL: Step = { kind: 'call', tool: 'weather', args: {} };
const ok = (value: unknown, extra: Partial<StepOutcome> = {}): StepOutcome => ({ value, latencyMs: 5, ...extra });
const judge = (expect: Expectations, outcome: StepOutcome, step: Step = CALL, breaking?: string[]): Failure[] =>
  check({ step, expect }, outcome, breaking === undefined ? {} : { breaking });

const weather = {
  content: [
    { type: 'text', text: 'Sunny, 21 degrees' },
    { type: 'image', data: 'eA==', mimeType: 'image/png' },
  ],
  structuredContent: { temperature: 21, conditions: 'sunny', tags: ['warm'] },
};

test('a result that meets every expectation has no failure', () => {
  const tool: Tool = {
    name: 'weather',
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object', required: ['temperature'] },
  };
  const all: Expectations = {
    isError: false,
    text: { equals: 'Sunny, 21 degrees', contains: '21', matches: '^Sunny' },
    structured: [
      { path: '/temperature', equals: 21 },
      { path: '/conditions', matches: '^sun' },
      { schema: { required: ['conditions'] } },
      { path: '/wind', exists: false },
      { path: '/tags/0', exists: true },
    ],
    content: { count: 2, minCount: 2, maxCount: 2, types: ['text', 'image'], includes: ['image'] },
    latencyMs: { max: 5 },
    outputSchema: true,
  };
  assert.deepEqual(judge(all, ok(weather, { tool })), []);
  assert.deepEqual(judge({}, ok(weather)), []);
  assert.deepEqual(judge({ text: { equals: 'Sunny, 21 degrees' } }, ok(weather)), [], 'only what is asked is judged');
  const status: Step = { kind: 'status' };
  assert.deepEqual(
    judge(
      { structured: [{ path: '/protocolVersion', equals: '2025-11-25' }] },
      ok({ protocolVersion: '2025-11-25' }),
      status,
    ),
    [],
    'a step other than call is matched on its whole result',
  );
});

test('isError belongs to calls: on another step it is neither a tool error nor judged', () => {
  const read: Step = { kind: 'read', uri: 'x' };
  const odd = ok({ isError: true, contents: [{ uri: 'x', text: 'fine' }] });
  assert.deepEqual(judge({ error: 'tool' }, odd, read), [
    { expectation: 'error', expected: 'tool', actual: 'none', message: undefined },
  ]);
  assert.deepEqual(judge({ isError: true }, odd, read), []);
});

test('text: each of equals, contains and matches missed is its own failure with the text it read', () => {
  assert.deepEqual(judge({ text: { equals: 'Rain', contains: 'rain', matches: 'rain$' } }, ok(weather)), [
    { expectation: 'text.equals', expected: 'Rain', actual: 'Sunny, 21 degrees' },
    { expectation: 'text.contains', expected: 'rain', actual: 'Sunny, 21 degrees' },
    { expectation: 'text.matches', expected: '/rain$/', actual: 'Sunny, 21 degrees' },
  ]);
});

test('structured: one match is "structured", several are numbered, each names its path', () => {
  assert.deepEqual(judge({ structured: [{ path: '/temperature', equals: 30 }] }, ok(weather)), [
    { expectation: 'structured at /temperature: equals', expected: 30, actual: 21 },
  ]);
  assert.deepEqual(
    judge(
      {
        structured: [
          { path: '/temperature', equals: 21 },
          { path: '/conditions', matches: '^rain' },
          { path: '/temperature', matches: '2' },
          { equals: { temperature: 21 } },
        ],
      },
      ok(weather),
    ),
    [
      { expectation: 'structured[1] at /conditions: matches', expected: '/^rain/', actual: 'sunny' },
      { expectation: 'structured[2] at /temperature: matches', expected: '/2/', actual: 21 },
      { expectation: 'structured[3]: equals', expected: { temperature: 21 }, actual: weather.structuredContent },
    ],
  );
});

test('structured: exists says where nothing (or something) is, and stops there; a missing value is named', () => {
  assert.deepEqual(judge({ structured: [{ path: '/wind', exists: true, equals: 3 }] }, ok(weather)), [
    { expectation: 'structured at /wind: exists', expected: true, actual: false },
  ]);
  assert.deepEqual(judge({ structured: [{ path: '/tags', exists: false }] }, ok(weather)), [
    { expectation: 'structured at /tags: exists', expected: false, actual: true },
  ]);
  assert.deepEqual(judge({ structured: [{ path: '/wind', exists: true }] }, ok(weather)), [
    { expectation: 'structured at /wind: exists', expected: true, actual: false },
  ]);
  assert.deepEqual(judge({ structured: [{ path: '/wind', equals: 3 }] }, ok(weather)), [
    { expectation: 'structured at /wind', expected: 3, actual: undefined, message: 'nothing at /wind' },
  ]);
  assert.deepEqual(judge({ structured: [{ path: '/wind', matches: 'x' }] }, ok(weather)), [
    { expectation: 'structured at /wind', expected: 'x', actual: undefined, message: 'nothing at /wind' },
  ]);
  assert.deepEqual(judge({ structured: [{ path: '/wind', schema: true }] }, ok(weather)), [
    { expectation: 'structured at /wind', expected: 'a value', actual: undefined, message: 'nothing at /wind' },
  ]);
  assert.deepEqual(judge({ structured: [{ path: '/wind' }] }, ok(weather)), []);
  const bare = { content: [{ type: 'text', text: 'x' }] };
  assert.deepEqual(judge({ structured: [{ path: '/a', equals: 1 }] }, ok(bare)), [
    { expectation: 'structured at /a', expected: 1, actual: undefined, message: 'the result has no structuredContent' },
  ]);
});

test('structured schema: the problems as a report says them; a schema that does not compile says so', () => {
  const [failure] = judge({ structured: [{ path: '/temperature', schema: { type: 'string' } }] }, ok(weather)) as [
    Failure,
  ];
  assert.equal(failure.expectation, 'structured at /temperature: schema');
  assert.equal(failure.expected, 'valid against the schema');
  assert.equal(failure.actual, 21);
  assert.match(failure.message ?? '', /string/);
  const [two] = judge({ structured: [{ schema: { required: ['a', 'b'] } }] }, ok(weather)) as [Failure];
  assert.match(two.message ?? '', /a.*; .*b/);
  const [broken] = judge({ structured: [{ schema: { type: 'no-such-type' } }] }, ok(weather)) as [Failure];
  assert.match(broken.message ?? '', /^the schema in the test file does not compile: /);
});

test('content: count, bounds, types and includes, each missed with what was there', () => {
  assert.deepEqual(
    judge(
      { content: { count: 1, minCount: 3, maxCount: 1, types: ['image'], includes: ['audio', 'text', 'resource'] } },
      ok(weather),
    ),
    [
      { expectation: 'content.count', expected: 1, actual: 2 },
      { expectation: 'content.minCount', expected: 'at least 3', actual: 2 },
      { expectation: 'content.maxCount', expected: 'at most 1', actual: 2 },
      { expectation: 'content.types', expected: ['image'], actual: ['text', 'image'] },
      {
        expectation: 'content.includes',
        expected: ['audio', 'text', 'resource'],
        actual: ['text', 'image'],
        message: 'missing audio, resource',
      },
    ],
  );
  assert.deepEqual(judge({ content: { minCount: 2, maxCount: 2 } }, ok(weather)), []);
  const read = {
    contents: [
      { uri: 'a', text: 'x' },
      { uri: 'b', blob: 'eA==' },
    ],
  };
  assert.deepEqual(judge({ content: { types: ['text', 'blob'] } }, ok(read), { kind: 'read', uri: 'a' }), []);
  const prompt = {
    messages: [
      { role: 'user', content: { type: 'text', text: 'hi' } },
      { role: 'user', content: null },
    ],
  };
  assert.deepEqual(
    judge({ content: { types: ['text', ''] } }, ok(prompt), { kind: 'prompt', name: 'p', args: {} }),
    [],
  );
  assert.deepEqual(judge({ content: { count: 0 } }, ok({}), { kind: 'read', uri: 'a' }), []);
  assert.deepEqual(judge({ content: { count: 0 } }, ok({}), { kind: 'prompt', name: 'p', args: {} }), []);
  assert.deepEqual(judge({ content: { count: 0 } }, ok({ isError: false })), []);
});

test('latency: over the maximum is a failure; at it is not', () => {
  assert.deepEqual(judge({ latencyMs: { max: 4 } }, ok(weather)), [
    { expectation: 'latencyMs.max', expected: 'at most 4', actual: 5 },
  ]);
});

test('isError: a tool error not asked for fails with its text; one asked for passes; none asked for and none come fails', () => {
  const failed = { content: [{ type: 'text', text: 'disk full' }], isError: true };
  assert.deepEqual(judge({}, ok(failed)), [
    { expectation: 'isError', expected: false, actual: true, message: 'disk full' },
  ]);
  assert.deepEqual(judge({ isError: true }, ok(failed)), []);
  assert.deepEqual(judge({ isError: true }, ok(weather)), [{ expectation: 'isError', expected: true, actual: false }]);
  assert.deepEqual(judge({ error: 'tool' }, ok(failed)), []);
  assert.deepEqual(judge({ error: 'tool', text: { contains: 'disk' } }, ok(failed)), []);
  assert.deepEqual(judge({ error: 'tool', text: { contains: 'cpu' } }, ok(failed)), [
    { expectation: 'text.contains', expected: 'cpu', actual: 'disk full' },
  ]);
  // Not a call: isError means nothing and is not judged.
  assert.deepEqual(judge({}, ok({ isError: true, contents: [] }), { kind: 'read', uri: 'x' }), []);
});

test('error: the kind expected against the kind that came (a tool error, none, or the error) with its message', () => {
  const timeout = new McpctlError('timeout', 'no answer within 1s');
  assert.deepEqual(judge({ error: 'timeout' }, { error: timeout, latencyMs: 1000 }), []);
  assert.deepEqual(judge({ error: 'connection' }, { error: timeout, latencyMs: 1 }), [
    { expectation: 'error', expected: 'connection', actual: 'timeout', message: 'no answer within 1s' },
  ]);
  assert.deepEqual(judge({ error: 'timeout', text: { equals: 'x' } }, ok(weather)), [
    { expectation: 'error', expected: 'timeout', actual: 'none', message: undefined },
  ]);
  const failed = { content: [{ type: 'text', text: 'disk full' }], isError: true };
  assert.deepEqual(judge({ error: 'timeout' }, ok(failed)), [
    { expectation: 'error', expected: 'timeout', actual: 'tool', message: 'disk full' },
  ]);
  assert.deepEqual(judge({ text: { equals: 'x' } }, { error: timeout, latencyMs: 1 }), [
    { expectation: 'error', expected: 'none', actual: 'timeout', message: 'no answer within 1s' },
  ]);
  assert.deepEqual(judge({ text: { equals: 'x' } }, { latencyMs: 1 }), [], 'no result, nothing to judge');
});

test('outputSchema: valid or not as asked; a tool without one, or a result it refuses, says why', () => {
  const tool: Tool = {
    name: 'weather',
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object', properties: { temperature: { type: 'string' } } },
  };
  const [invalid] = judge({ outputSchema: true }, ok(weather, { tool })) as [Failure];
  assert.equal(invalid.expectation, 'outputSchema');
  assert.equal(invalid.expected, 'structuredContent valid against the outputSchema');
  assert.deepEqual(invalid.actual, weather.structuredContent);
  assert.match(invalid.message ?? '', /temperature/);
  assert.deepEqual(judge({ outputSchema: false }, ok(weather, { tool })), []);
  const plain: Tool = { name: 'weather', inputSchema: { type: 'object' } };
  assert.deepEqual(judge({ outputSchema: true }, ok(weather, { tool: plain })), [
    {
      expectation: 'outputSchema',
      expected: 'structuredContent valid against the outputSchema',
      actual: weather.structuredContent,
      message: 'tool "weather" declares no outputSchema',
    },
  ]);
  const good: Tool = { ...tool, outputSchema: { type: 'object' } };
  assert.deepEqual(judge({ outputSchema: false }, ok(weather, { tool: good })), [
    {
      expectation: 'outputSchema',
      expected: 'structuredContent not valid against the outputSchema',
      actual: weather.structuredContent,
    },
  ]);
  assert.deepEqual(judge({ outputSchema: true }, ok(weather)), [], 'no tool definition, nothing to judge');
  assert.deepEqual(judge({}, ok(weather, { tool })), [], 'not asked, not judged');
});

const listed: Tool[] = [
  { name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } },
  { name: 'add', inputSchema: { type: 'object' } },
];
const TOOLS: Step = { kind: 'tools' };

test('tools: present, absent, counts, schemas and a snapshot, each missed with the names listed', () => {
  assert.deepEqual(
    judge(
      {
        tools: {
          present: ['echo', 'teleport', 'fly'],
          absent: ['add', 'echo', 'sub'],
          minCount: 3,
          maxCount: 1,
          schemas: { echo: { required: ['title'] }, gone: true, add: { required: ['title'] } },
          snapshot: 'tools.json',
        },
      },
      ok({ tools: listed }),
      TOOLS,
      ['tools.add: tool "add" removed'],
    ).map((f) => (f.message?.includes('title') ? { ...f, message: 'schema' } : f)),
    [
      {
        expectation: 'tools.present',
        expected: ['echo', 'teleport', 'fly'],
        actual: ['echo', 'add'],
        message: 'missing teleport, fly',
      },
      {
        expectation: 'tools.absent',
        expected: ['add', 'echo', 'sub'],
        actual: ['echo', 'add'],
        message: 'present: add, echo',
      },
      { expectation: 'tools.minCount', expected: 'at least 3', actual: 2 },
      { expectation: 'tools.maxCount', expected: 'at most 1', actual: 2 },
      {
        expectation: 'tools.schemas.echo',
        expected: 'the tool valid against the schema',
        actual: listed[0],
        message: 'schema',
      },
      { expectation: 'tools.schemas.gone', expected: 'a tool of that name', actual: ['echo', 'add'] },
      {
        expectation: 'tools.schemas.add',
        expected: 'the tool valid against the schema',
        actual: listed[1],
        message: 'schema',
      },
      {
        expectation: 'tools.snapshot',
        expected: 'no breaking change against tools.json',
        actual: ['tools.add: tool "add" removed'],
      },
    ],
  );
  assert.deepEqual(
    judge(
      {
        tools: {
          present: ['add'],
          absent: ['sub'],
          minCount: 2,
          maxCount: 2,
          schemas: { echo: { required: ['name'] } },
          snapshot: 'x',
        },
      },
      ok({ tools: listed }),
      TOOLS,
      [],
    ),
    [],
  );
  assert.deepEqual(judge({ tools: { maxCount: 0 } }, ok({}), TOOLS), [], 'no tools listed: none counted');
  const [both] = judge(
    { tools: { schemas: { add: { required: ['title', 'annotations'] } } } },
    ok({ tools: listed }),
    TOOLS,
  );
  assert.match(both!.message ?? '', /title.*; .*annotations/);
});

test('the text each step is read as: blocks of a call, contents of a read, messages of a prompt, values of a completion', () => {
  assert.equal(
    textOf(CALL, { content: [{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }] }),
    'a\nb',
  );
  assert.equal(textOf(CALL, { content: 'not a list' }), '');
  assert.equal(textOf(CALL, { content: [null, 3, { text: 7 }] }), '');
  assert.equal(textOf({ kind: 'read', uri: 'u' }, { contents: [{ text: 'x' }, { blob: 'y' }, { text: 'z' }] }), 'x\nz');
  const prompt: Step = { kind: 'prompt', name: 'p', args: {} };
  assert.equal(
    textOf(prompt, {
      messages: [{ content: { type: 'text', text: 'hi' } }, { content: { type: 'text', text: 'there' } }],
    }),
    'hi\nthere',
  );
  assert.equal(textOf(prompt, { messages: 'none' }), '');
  const complete: Step = { kind: 'complete', ref: { type: 'ref/prompt', name: 'p' }, argument: 'a', value: '' };
  assert.equal(textOf(complete, { completion: { values: ['one', 'two'] } }), 'one\ntwo');
  assert.equal(textOf(complete, {}), '');
  assert.equal(textOf({ kind: 'status' }, { protocolVersion: '2025-11-25' }), '{"protocolVersion":"2025-11-25"}');
  assert.equal(textOf(CALL, undefined), '');
  assert.deepEqual(judge({ text: { contains: 'two' } }, ok({ completion: { values: ['one', 'two'] } }), complete), []);
});
