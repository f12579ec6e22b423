// Server text on a terminal: every control character shown as an escape, our own colours kept,
// pipes untouched.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlFreeJson, escapeControls } from '../../src/output/escape.js';
import { guardTerminal, terminalChalk } from '../../src/output/terminal.js';
import { fakeContext } from '../helpers/context.js';

test('escapeControls: C0, DEL, C1 and a lone CR become \\xHH; newline, tab and CRLF stay', () => {
  assert.equal(escapeControls('a\x1b]52;c;eA==\x07b'), 'a\\x1b]52;c;eA==\\x07b');
  assert.equal(escapeControls('\x00\x08\x0b\x0c\x0e\x1f\x7f'), '\\x00\\x08\\x0b\\x0c\\x0e\\x1f\\x7f');
  assert.equal(escapeControls('\u0080\u009b2J\u009f'), '\\x80\\x9b2J\\x9f');
  assert.equal(escapeControls('real\rFAKE'), 'real\\x0dFAKE');
  assert.equal(escapeControls('line one\r\nline\ttwo\n'), 'line one\r\nline\ttwo\n');
  assert.equal(escapeControls('héllo — 日本 🙂 \u00a0'), 'héllo — 日本 🙂 \u00a0', 'printable Unicode is left alone');
});

test('JSON text carries no raw DEL or C1 and parses back to the same string', () => {
  const value = { s: 'a\u009bb\u007fc\x1bd' };
  const text = controlFreeJson(value, 2);
  assert.doesNotMatch(text, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, 'nothing but the newlines of the layout');
  assert.deepEqual(JSON.parse(text), value);
});

/** Streams of a terminal (0 columns, as some pty wrappers report) or of a pipe. */
function fakeIO(tty: boolean) {
  const ctx = fakeContext({ stdoutTTY: tty, stderrTTY: tty, columns: tty ? 0 : undefined });
  return { io: ctx.io, written: ctx.stdoutText };
}

test('a terminal stream escapes what it is given and keeps the colours of terminalChalk', () => {
  const { io, written } = fakeIO(true);
  const guarded = guardTerminal(io);
  const chalk = terminalChalk(1);
  guarded.stdout.write(`${chalk.bold('name')} \x1b[2Jserver\x1b[31m ${chalk.red('x\x1b]0;t\x07')}\n`);
  guarded.stdout.write(Buffer.from('bytes \x1b[H\n'));
  assert.equal(
    written(),
    '\x1b[1mname\x1b[22m \\x1b[2Jserver\\x1b[31m \x1b[31mx\\x1b]0;t\\x07\x1b[39m\nbytes \\x1b[H\n',
  );
  assert.equal(guarded.columns, 80, 'a terminal of 0 columns is 80 wide');
});

test('a pipe gets the bytes exactly', () => {
  const { io, written } = fakeIO(false);
  const guarded = guardTerminal(io);
  const text = 'raw \x1b]52;c;eA==\x07 \r over \u009b\n';
  guarded.stdout.write(text);
  guarded.stdout.write(Buffer.from([0x1b, 0x9b, 0xff]));
  assert.equal(written(), text + Buffer.from([0x1b, 0x9b, 0xff]).toString('utf8'));
  assert.equal(guarded.columns, undefined);
});
