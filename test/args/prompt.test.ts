// Prompt arguments: strings only, required and unknown names checked against the declared list.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPromptArguments } from '../../src/args/index.js';
import { McpctlError } from '../../src/errors.js';

const where = { server: 'docs', prompt: 'summarize' };
const declared = [
  { name: 'topic', description: 'what to summarize', required: true },
  { name: 'style', required: false },
  { name: 'language' },
];

function failure(fn: () => unknown): McpctlError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof McpctlError);
    return err;
  }
  assert.fail('expected a usage error');
}

test('prompt: values stay strings exactly as typed, even numbers, JSON and @', () => {
  const args = buildPromptArguments(['topic=42', 'style={"a":1}', 'language=@file', 'topic=a=b'], declared, where);
  assert.deepEqual(args, { topic: 'a=b', style: '{"a":1}', language: '@file' });
});

test('prompt: a missing required argument is an error', () => {
  const err = failure(() => buildPromptArguments(['style=short'], declared, where));
  assert.equal(err.kind, 'usage');
  assert.equal(err.exitCode, 2);
  assert.equal(err.message, 'bad arguments for prompt "summarize" of server "docs": missing required argument "topic"');
  assert.equal(err.hint, 'mcpctl prompts docs lists its prompts and their arguments');
});

test('prompt: unknown arguments get did-you-mean; all problems together', () => {
  const err = failure(() => buildPromptArguments(['topik=x', 'langauge=en', 'bogus', 'unrelated=1'], declared, where));
  assert.equal(
    err.message,
    [
      'bad arguments for prompt "summarize" of server "docs": 5 problems:',
      '  "bogus" is not an argument: write name=value',
      '  unknown argument "topik" (did you mean "topic"?)',
      '  unknown argument "langauge" (did you mean "language"?)',
      '  unknown argument "unrelated"',
      '  missing required argument "topic"',
    ].join('\n'),
  );
});

test('prompt: a prompt declaring an empty list takes no arguments', () => {
  const err = failure(() => buildPromptArguments(['a=1'], [], where));
  assert.match(err.message, /unknown argument "a" \(this prompt takes no arguments\)/);
});

test('prompt: with no declared list nothing is checked', () => {
  assert.deepEqual(buildPromptArguments(['any=thing', 'x='], undefined, where), { any: 'thing', x: '' });
});

test('prompt: a __proto__ name is an ordinary key', () => {
  const args = buildPromptArguments(['__proto__=x'], undefined, where);
  assert.deepEqual(Object.keys(args), ['__proto__']);
  assert.equal(Object.getPrototypeOf(args), Object.prototype);
});
