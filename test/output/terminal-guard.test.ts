// The terminal guard in process, part by part: each stream judged on its own, bytes split inside
// a character, the stream's own methods and width, our colour codes kept or taken off, and the
// width of a terminal that reports none.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { hasControlCharacters } from '../../src/escape.js';
import {
  DEFAULT_COLUMNS,
  forTerminal,
  guardTerminal,
  terminalChalk,
  terminalWidth,
  unguarded,
  withoutOwnCodes,
} from '../../src/output/terminal.js';
import { write } from '../../src/output/output.js';
import { Secrets } from '../../src/redact.js';
import { fakeContext } from '../helpers/context.js';

test('stdout and stderr are judged each on its own: a terminal escapes, a pipe passes bytes as they are', () => {
  const ctx = fakeContext({ stdoutTTY: false, stderrTTY: true });
  const io = guardTerminal(ctx.io);
  io.stdout.write('out \x1b[2J\n');
  io.stderr.write('err \x1b[2J\n');
  assert.equal(ctx.stdoutText(), 'out \x1b[2J\n');
  assert.equal(ctx.stderrText(), 'err \\x1b[2J\n');
  assert.equal(io.columns, undefined, 'no width for a pipe');
  const swapped = fakeContext({ stdoutTTY: true, stderrTTY: false, columns: 99 });
  const guarded = guardTerminal(swapped.io);
  guarded.stdout.write('\x07');
  guarded.stderr.write('\x07');
  assert.equal(swapped.stdoutText(), '\\x07');
  assert.equal(swapped.stderrText(), '\x07');
  assert.equal(guarded.columns, 99);
});

test('bytes split inside a character are decoded whole; a guard is not guarded twice', () => {
  const ctx = fakeContext({ stdoutTTY: true });
  const io = guardTerminal(ctx.io);
  const bytes = Buffer.from('é\x1b日');
  for (const byte of bytes) io.stdout.write(Uint8Array.of(byte));
  assert.equal(ctx.stdoutText(), 'é\\x1b日');
  const again = guardTerminal(io);
  again.stdout.write('\x1b');
  assert.equal(ctx.stdoutText(), 'é\\x1b日\\x1b', 'escaped once, not as \\\\x1b');
});

test("the guarded stream keeps the stream's own methods, properties and events; unguarded gives the stream", async () => {
  const ctx = fakeContext({ stdoutTTY: true });
  const io = guardTerminal(ctx.io);
  assert.equal(unguarded(io.stdout), ctx.io.stdout);
  const plain = new PassThrough();
  assert.equal(unguarded(plain), plain, 'a stream without a guard is itself');
  assert.equal(io.stdout.writable, true);
  let ended = false;
  io.stdout.once('finish', () => {
    ended = true;
  });
  await new Promise<void>((resolve) => io.stdout.end('last\x07', () => resolve()));
  assert.equal(ended, true);
  assert.match(ctx.stdoutText(), /last/);
  const callback = await new Promise<boolean>((resolve) => {
    const other = guardTerminal(fakeContext({ stdoutTTY: true }).io);
    other.stdout.write('x', () => resolve(true));
  });
  assert.equal(callback, true, 'the write callback is passed on');
});

test('a terminal stream that reports 0 columns reports 80 to everyone; one with a width keeps it', () => {
  const zero = Object.assign(new PassThrough(), { columns: 0 });
  const ctx = fakeContext({ stdoutTTY: true, stderrTTY: true, columns: 0 });
  guardTerminal({ ...ctx.io, stdout: zero });
  assert.equal(zero.columns, DEFAULT_COLUMNS);
  assert.ok(Object.keys(zero).includes('columns'), 'still an own, enumerable property');
  zero.columns = 132;
  assert.equal(zero.columns, 132, 'a resize is seen');
  const wide = Object.assign(new PassThrough(), { columns: 200 });
  guardTerminal({ ...ctx.io, stdout: wide });
  assert.equal(wide.columns, 200);
  const piped = Object.assign(new PassThrough(), { columns: 0 });
  guardTerminal({ ...ctx.io, stdout: piped, stdoutIsTTY: false });
  assert.equal(piped.columns, 0, 'a pipe is left alone');
  const unknown = new PassThrough() as PassThrough & { columns?: number };
  guardTerminal({ ...ctx.io, stderr: unknown });
  assert.equal(unknown.columns, DEFAULT_COLUMNS, 'no width at all is 80 too');
});

test('terminalWidth: a positive finite width, floored; anything else is 80', () => {
  assert.equal(DEFAULT_COLUMNS, 80);
  assert.equal(terminalWidth(100), 100);
  assert.equal(terminalWidth(100.7), 100);
  assert.equal(terminalWidth(1), 1);
  for (const bad of [undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(terminalWidth(bad), 80);
});

test('our colour codes: made real on a terminal, taken off for plain text, every one of them', () => {
  const chalk = terminalChalk(1);
  assert.equal(chalk.level, 1, 'properties of chalk pass through');
  const text = `${chalk.bold('a')} ${chalk.red.bold('b')}\x1b[31m`;
  assert.equal(withoutOwnCodes(text), 'a b\x1b[31m', 'codes from elsewhere are not ours to take off');
  assert.equal(forTerminal(text), '\x1b[1ma\x1b[22m \x1b[31m\x1b[1mb\x1b[22m\x1b[39m\\x1b[31m');
  assert.equal(withoutOwnCodes('plain'), 'plain');
});

test('hasControlCharacters: any C0 (newline and tab too), DEL or C1; nothing else', () => {
  for (const c of ['\n', '\t', '\x00', '\x1b', '\x1f', '\x7f', '\x80', '\x9f'])
    assert.equal(hasControlCharacters(`a${c}b`), true);
  for (const text of ['', 'plain', 'héllo 日本 🙂', '\u00a0', '\u00ff'])
    assert.equal(hasControlCharacters(text), false, text);
});

test('guarding the same streams twice: the raw stream is still found, a 0-column one still reports 80', () => {
  const zero = Object.assign(new PassThrough(), { columns: 0 });
  const ctx = fakeContext({ stdoutTTY: true, columns: 0 });
  const raw = { ...ctx.io, stdout: zero };
  guardTerminal(raw);
  const twice = guardTerminal(guardTerminal(raw));
  assert.equal(unguarded(twice.stdout), zero);
  assert.equal(zero.columns, DEFAULT_COLUMNS);
});

test('a long string goes to a pipe in pieces, byte for byte, even where a cut would split a surrogate pair', async () => {
  const ctx = fakeContext({ stdoutTTY: false });
  const io = guardTerminal(ctx.io);
  const pieces: number[] = [];
  ctx.io.stdout.on('data', (chunk: Buffer) => pieces.push(chunk.length));
  // The first cut would fall at 2^20 units, between the two halves of this pair.
  const text = `${'a'.repeat((1 << 20) - 1)}😀é${'b'.repeat(1 << 20)}😀`;
  await write(io.stdout, text);
  assert.equal(ctx.stdoutText(), text, 'no U+FFFD where a pair was cut');
  assert.ok(pieces.length > 1, `written in pieces (${pieces.length})`);
});

test('a long string where secrets are masked is guarded whole: a secret across a cut is still masked', async () => {
  const ctx = fakeContext({ stderrTTY: false });
  const secrets = new Secrets();
  secrets.add('hunter2-token-value');
  const io = guardTerminal(ctx.io, secrets);
  // The first cut would fall at 2^20 units, inside the secret.
  await write(io.stderr, `${'a'.repeat((1 << 20) - 5)}hunter2-token-value\n`);
  assert.ok(!ctx.stderrText().includes('hunter2'), 'no part of the secret is shown');
  assert.ok(!ctx.stderrText().includes('token-value'), 'no part of the secret is shown');
});
