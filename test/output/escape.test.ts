// Server text on a terminal: every control character shown as an escape, our own colours kept,
// pipes untouched.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlFreeJson, escapeControls, hasControlCharacters } from '../../src/output/escape.js';
import { guardTerminal, terminalChalk } from '../../src/output/terminal.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeContext } from '../helpers/context.js';
import { run } from '../helpers/run.js';

test('escapeControls: C0, DEL, C1 and a lone CR become \\xHH; newline, tab and CRLF stay', () => {
  assert.equal(escapeControls('a\x1b]52;c;eA==\x07b'), 'a\\x1b]52;c;eA==\\x07b');
  assert.equal(escapeControls('\x00\x08\x0b\x0c\x0e\x1f\x7f'), '\\x00\\x08\\x0b\\x0c\\x0e\\x1f\\x7f');
  assert.equal(escapeControls('\u0080\u009b2J\u009f'), '\\x80\\x9b2J\\x9f');
  assert.equal(escapeControls('real\rFAKE'), 'real\\x0dFAKE');
  assert.equal(escapeControls('line one\r\nline\ttwo\n'), 'line one\r\nline\ttwo\n');
  assert.equal(escapeControls('héllo — 日本 🙂 \u00a0'), 'héllo — 日本 🙂 \u00a0', 'printable Unicode is left alone');
});

test('escapeControls: bidirectional overrides and zero-width characters become \\u{HHHH}, each of them', () => {
  assert.equal(escapeControls('safe\u202Egnp.exe'), 'safe\\u{202E}gnp.exe');
  assert.equal(escapeControls('ec\u200Bho'), 'ec\\u{200B}ho');
  const invisible = [
    ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069],
    ...[0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0xfeff, 0x2060],
  ];
  for (const code of invisible) {
    const c = String.fromCharCode(code);
    assert.equal(escapeControls(`a${c}b`), `a\\u{${code.toString(16).toUpperCase()}}b`, `U+${code.toString(16)}`);
    assert.equal(hasControlCharacters(`a${c}b`), true, `U+${code.toString(16)} is not offered by completion`);
  }
  // Their neighbours are ordinary text: a mark, dashes, a non-breaking space, word joiners' kin.
  for (const c of ['\u2010', '\u2029', '\u2065', '\u206a', '\u202f', '\u200a', '\ufefe', '\u2061'])
    assert.equal(escapeControls(c), c, `U+${c.charCodeAt(0).toString(16)} is left alone`);
  assert.equal(hasControlCharacters('plain-name'), false);
});

test('JSON text carries no raw bidirectional or zero-width character and parses back the same', () => {
  const value = { name: 'safe\u202Egnp.exe', tool: 'ec\u200Bho\uFEFF\u2066' };
  const text = controlFreeJson(value);
  assert.equal(text, '{"name":"safe\\u202egnp.exe","tool":"ec\\u200bho\\ufeff\\u2066"}');
  assert.deepEqual(JSON.parse(text), value);
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

test('a terminal stream shows bidirectional and zero-width characters escaped, even split across writes', () => {
  const { io, written } = fakeIO(true);
  const guarded = guardTerminal(io);
  const bytes = Buffer.from('safe\u202Egnp.exe ec\u200Bho\n');
  guarded.stdout.write(bytes.subarray(0, 5)); // ends inside the three bytes of U+202E
  guarded.stdout.write(bytes.subarray(5));
  assert.equal(written(), 'safe\\u{202E}gnp.exe ec\\u{200B}ho\n');
});

test('a pipe gets the bytes exactly', () => {
  const { io, written } = fakeIO(false);
  const guarded = guardTerminal(io);
  const text = 'raw \x1b]52;c;eA==\x07 \r over \u009b \u202E\u200B\uFEFF\n';
  guarded.stdout.write(text);
  guarded.stdout.write(Buffer.from([0x1b, 0x9b, 0xff]));
  assert.equal(written(), text + Buffer.from([0x1b, 0x9b, 0xff]).toString('utf8'));
  assert.equal(guarded.columns, undefined);
});

test('in-process: a config server named with a bidi override and a zero-width space shows escaped on a terminal, as written in a pipe', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-bidi-'));
  const config = path.join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { 'safe\u202Egnp.exe': { command: 'ec\u200Bho' } } }));
  const tty = await run(['-c', config, 'servers'], { tty: true, cwd: dir, home: dir });
  assert.equal(tty.code, 0, tty.stderr);
  assert.ok(tty.stdout.includes('safe\\u{202E}gnp.exe'), tty.stdout);
  assert.ok(tty.stdout.includes('ec\\u{200B}ho'), tty.stdout);
  assert.doesNotMatch(tty.stdout, /[\u200b\u202e]/);
  const piped = await run(['-c', config, 'servers'], { cwd: dir, home: dir });
  assert.ok(piped.stdout.includes('safe\u202Egnp.exe\t'), piped.stdout);
  assert.ok(piped.stdout.includes('ec\u200Bho'), piped.stdout);
  rmSync(dir, { recursive: true, force: true });
});
