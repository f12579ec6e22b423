// bin/'s stdout and stderr into a pipe or file: fs.write in the order the writes were made,
// each whole before its callback, without node:net or node:stream; Node's own stream where the
// descriptor is a terminal, or turns out non-blocking. Each case runs bin/standard-streams.js in
// a process of its own, its descriptors set up by the shell or by this test.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../helpers/run.js';

const STREAMS = path.join(ROOT, 'bin', 'standard-streams.js');

/**
 * A script that takes stdout and stderr from bin/standard-streams.js, then runs `body`; it ends
 * itself after 50 s, as spawnSync's timeout would end only the shell around it (a writer that
 * loops for ever would otherwise outlive the test).
 */
function script(body: string): string {
  return `setTimeout(() => process.exit(124), 50_000).unref();
const { standardStream } = require(${JSON.stringify(STREAMS)});
const out = standardStream(1), err = standardStream(2);
${body}`;
}

test('stdout and stderr into one pipe (2>&1) arrive in the order they were written, none lost', () => {
  const body = `for (let i = 0; i < 200; i++) (i % 3 ? out : err).stream.write((i % 3 ? 'out ' : 'err ') + i + '\\n');
process.on('exit', () => require('node:fs').writeSync(2, 'modules ' + process.moduleLoadList.join(',') + '\\n'));`;
  const r = spawnSync('sh', ['-c', `"$0" -e "$1" 2>&1 | cat`, process.execPath, script(body)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  const modules = lines.pop()!;
  assert.deepEqual(
    lines,
    Array.from({ length: 200 }, (_, i) => `${i % 3 ? 'out' : 'err'} ${i}`),
  );
  // What the writer is for: a run that only prints loads neither.
  assert.doesNotMatch(modules, /NativeModule (net|stream|tty)\b/);
});

test('a write calls back once its bytes are written: a file holds them all at that moment', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-streams-')), 'out.txt');
  const body = `const chunk = 'x'.repeat(1 << 20);
let n = 0;
const more = () => out.stream.write(chunk, (e) => {
  if (e) throw e;
  n += 1;
  const size = require('node:fs').statSync(${JSON.stringify(file)}).size;
  if (size !== n * chunk.length) { process.stderr.write('size ' + size + ' after ' + n + '\\n'); process.exit(3); }
  if (n < 8) more();
});
more();
process.on('exit', () => require('node:fs').writeSync(2, process.moduleLoadList.join(',')));`;
  const r = spawnSync('sh', ['-c', `"$0" -e "$1" > "$2"`, process.execPath, script(body), file], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /NativeModule (net|stream|tty)\b/);
  assert.equal(readFileSync(file).length, 8 << 20);
  assert.equal(readFileSync(file, 'utf8').replaceAll('x', ''), '');
});

test('writes queued behind one in flight go out together, in order, each called back once its bytes are written', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-streams-')), 'out.txt');
  // fs.write counted before the writer takes it; the last write (2 MiB) is over the batch size.
  const count = `const fs = require('node:fs');
const write = fs.write;
let calls = 0;
fs.write = (...args) => { calls += 1; return write(...args); };
`;
  const body = `const line = (i) => 'line ' + i + '\\n';
let through = 0, late = 0, called = 0;
for (let i = 0; i < 1000; i++) {
  through += line(i).length;
  const end = through;
  out.stream.write(line(i), (e) => {
    if (e) throw e;
    if (require('node:fs').statSync(${JSON.stringify(file)}).size < end) late += 1;
    called += 1;
  });
}
out.stream.write('z'.repeat(2 << 20) + '\\n');
process.on('exit', () => require('node:fs').writeSync(2, JSON.stringify({ calls, late, called }) + '\\n'));`;
  const r = spawnSync('sh', ['-c', `"$0" -e "$1" > "$2"`, process.execPath, count + script(body), file], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  const { calls, late, called } = JSON.parse(r.stderr) as { calls: number; late: number; called: number };
  assert.equal(called, 1000, 'every callback ran');
  assert.equal(late, 0, 'no callback ran before its bytes were in the file');
  assert.ok(calls <= 4, `${calls} writes for 1001`);
  const lines = readFileSync(file, 'utf8').split('\n');
  assert.deepEqual(
    lines.slice(0, 1000),
    Array.from({ length: 1000 }, (_, i) => `line ${i}`),
  );
  assert.equal(lines[1000], 'z'.repeat(2 << 20));
});

test('a terminal is left to Node: only a character device other than /dev/null is asked whether it is one', () => {
  const body = `const tty = process.moduleLoadList.includes('NativeModule tty');
process.stdout.write(JSON.stringify([out.terminal, err.terminal, out.stream === process.stdout, tty]) + '\\n');`;
  // /dev/null is a character device, and no terminal: node:tty is not loaded to say so.
  const r = spawnSync('sh', ['-c', `"$0" -e "$1" 2>/dev/null`, process.execPath, script(body)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '[false,false,false,false]\n');
});

test('a reader gone away (EPIPE) is reported to the write, and to every write after it', () => {
  const body = `const report = [];
const chunk = 'y'.repeat(1 << 16);
const more = (i) => out.stream.write(chunk, (e) => {
  if (!e) return more(i + 1);
  report.push(e.code);
  out.stream.write('after', (again) => {
    report.push(again && again.code);
    require('node:fs').writeSync(2, report.join(' ') + '\\n');
  });
});
more(0);`;
  const r = spawnSync('sh', ['-c', `"$0" -e "$1" | head -c 10 >/dev/null`, process.execPath, script(body)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, 'EPIPE EPIPE\n');
});

test('a descriptor made non-blocking hands the rest to Node’s stream (EAGAIN): every byte arrives, in order', {
  timeout: 60_000,
}, async () => {
  // process.stdout on a pipe makes the descriptor non-blocking; 4 MiB fill any pipe this test's
  // end does not read from until the script says the writer has handed over.
  const body = `process.stdout;
const text = Array.from({ length: 1 << 16 }, (_, i) => String(i).padStart(63, '.') + '\\n').join('');
out.stream.write(text, (e) => { if (e) throw e; err.stream.write('written\\n'); });
const wait = () => (out.stream.stream ? err.stream.write('handed over\\n') : setImmediate(wait));
wait();`;
  const child = spawn(process.execPath, ['-e', script(body)], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  child.stdout.pause();
  let stderr = '';
  const chunks: Buffer[] = [];
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    if (stderr.includes('handed over')) child.stdout.resume();
  });
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, stderr);
  assert.equal(stderr, 'handed over\nwritten\n');
  const lines = Buffer.concat(chunks).toString().split('\n');
  assert.equal(lines.length, (1 << 16) + 1);
  assert.ok(
    lines.slice(0, -1).every((line, i) => line === String(i).padStart(63, '.')),
    'the lines arrive whole and in order',
  );
});
