// The elicitation form without a server: answers typed by the field schema, choices by number,
// value or title, defaults on Enter, required fields asked again, decline and cancel.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Chalk } from 'chalk';
import { askForm, choicesOf, parseAnswer, type FormRequest } from '../../src/ask/form.js';
import { lineReader, type LineReader } from '../../src/ask/lines.js';

const chalk = new Chalk({ level: 0 });

/** A reader that answers from a list, then reports the end of input. */
function scripted(answers: string[]): LineReader & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    question: async (prompt) => {
      prompts.push(prompt);
      return answers.shift();
    },
    close: () => {},
  };
}

const REQUEST: FormRequest = {
  message: 'Tell me',
  requestedSchema: {
    properties: {
      name: { type: 'string', minLength: 2 },
      age: { type: 'integer', default: 30, minimum: 0 },
      pet: {
        type: 'string',
        oneOf: [
          { const: 'c', title: 'Cat' },
          { const: 'd', title: 'Dog' },
        ],
      },
      tags: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] } },
      ok: { type: 'boolean' },
    },
    required: ['name'],
  },
};

async function ask(answers: string[]) {
  const lines = scripted(answers);
  let written = '';
  const answer = await askForm(REQUEST, { lines, write: (t) => (written += t), chalk, server: 'srv' });
  return { answer, written, prompts: lines.prompts };
}

test('answers are typed by their field; Enter applies a default or skips an optional field', async () => {
  const { answer } = await ask(['Ada', '', 'Dog', '1,z', 'yes', '']);
  assert.deepEqual(answer, {
    action: 'accept',
    content: { name: 'Ada', age: 30, pet: 'd', tags: ['x', 'z'], ok: true },
  });
  const skipped = await ask(['Ada', '41', '1', '', '', 'y']);
  assert.deepEqual(skipped.answer, { action: 'accept', content: { name: 'Ada', age: 41, pet: 'c' } });
});

test('a required field and a value the schema refuses are asked again, saying why', async () => {
  const { answer, written } = await ask(['', 'A', 'Ada', '-3', 'x', '4', 'horse', 'c', '', '', '']);
  assert.deepEqual(answer, { action: 'accept', content: { name: 'Ada', age: 4, pet: 'c' } });
  assert.match(written, /an answer is required/);
  assert.match(written, /must NOT have fewer than 2 characters/);
  assert.match(written, /must be >= 0/);
  assert.match(written, /a number is needed/);
  assert.match(written, /"horse" is not one of the choices/);
});

test('"n" at the confirmation declines; the end of input cancels', async () => {
  assert.deepEqual((await ask(['Ada', '', '', '', '', 'n'])).answer, { action: 'decline' });
  assert.deepEqual((await ask(['Ada'])).answer, { action: 'cancel' });
});

test('a field that never gets a valid answer cancels instead of asking forever', async () => {
  const { answer, prompts } = await ask(Array(10).fill('x'));
  assert.deepEqual(answer, { action: 'cancel' });
  assert.equal(prompts.length, 5);
});

test('choices come from oneOf titles, enum with enumNames, or a plain enum', () => {
  assert.deepEqual(choicesOf({ oneOf: [{ const: 'a', title: 'A' }] }), [{ value: 'a', label: 'A' }]);
  assert.deepEqual(choicesOf({ enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] }), [
    { value: 'p1', label: 'Cats' },
    { value: 'p2', label: 'Dogs' },
  ]);
  assert.deepEqual(choicesOf({ enum: [1, 2] }), [
    { value: 1, label: '1' },
    { value: 2, label: '2' },
  ]);
  assert.equal(choicesOf({ type: 'string' }), undefined);
  assert.deepEqual(parseAnswer('Dogs', { enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] }), { ok: true, value: 'p2' });
  assert.deepEqual(parseAnswer('2', { type: 'number' }), { ok: true, value: 2 });
  assert.deepEqual(parseAnswer('2.5', { type: 'integer' }), { ok: false, problem: 'a whole number is needed' });
  assert.deepEqual(parseAnswer('maybe', { type: 'boolean' }), { ok: false, problem: 'answer y or n' });
});

test('lineReader keeps lines typed ahead and ends pending questions at the end of input', async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  const reader = lineReader(input, output);
  input.write('first\nsecond\n');
  assert.equal(await reader.question('1? '), 'first');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(await reader.question('2? '), 'second');
  const third = reader.question('3? ');
  input.end();
  assert.equal(await third, undefined);
  reader.close();
  assert.equal(output.read()?.toString(), '1? 2? 3? ');
});
