// A child's output as error messages show it: lines split wherever the chunks fall, the line
// still being written (a progress line redrawn with carriage returns) shown as its last state,
// available before the stream ends, long lines clipped, only the last few kept.

import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { OutputLines } from '../../src/mcp/stdio/output-lines.js';

function reader(keep = 3, maxLine = 40) {
  const seen: string[] = [];
  const lines = new OutputLines(keep, maxLine, (line) => seen.push(line));
  const stream = new PassThrough();
  const done = lines.read(stream);
  const write = (chunk: string | Buffer) =>
    new Promise<void>((resolve) => {
      stream.write(chunk);
      setImmediate(resolve);
    });
  return { lines, seen, stream, done, write };
}

test('lines split across chunks, CRLF endings and a character cut between chunks come out whole', async () => {
  const r = reader();
  const euro = Buffer.from('€');
  await r.write('first li');
  await r.write(Buffer.concat([Buffer.from('ne\r\nprice 5'), euro.subarray(0, 1)]));
  await r.write(Buffer.concat([euro.subarray(1), Buffer.from('\n')]));
  r.stream.end();
  await r.done;
  assert.deepEqual(r.seen, ['first line', 'price 5€']);
});

test('a progress line still being written is pending as its last state, and kept when the stream ends', async () => {
  const r = reader();
  await r.write('starting\nfetching 10%\rfetching 90%');
  assert.deepEqual(r.lines.last, ['starting']);
  assert.equal(r.lines.pending, 'fetching 90%');
  await r.write('\r');
  assert.equal(r.lines.pending, 'fetching 90%', 'a trailing carriage return erases nothing');
  r.stream.end();
  await r.done;
  assert.equal(r.lines.pending, '');
  assert.deepEqual(r.lines.last, ['starting', 'fetching 90%']);
});

test('an ended line keeps its carriage returns (shown escaped), so what a server overwrote stays visible', async () => {
  const r = reader();
  await r.write('real\rFAKE\ndone\n');
  r.stream.end();
  await r.done;
  assert.deepEqual(r.seen, ['real\rFAKE', 'done']);
});

test('only the last lines are kept, each clipped, and a line that never ends is cut at the clip length', async () => {
  const r = reader(2, 10);
  await r.write('one\ntwo\nthree is a long line\n');
  assert.deepEqual(r.lines.last, ['two', 'three is a…']);
  await r.write('x'.repeat(25));
  assert.deepEqual(r.lines.last, ['three is a…', `${'x'.repeat(10)}…`]);
  assert.equal(r.lines.pending, '', 'what was cut is no longer pending');
  r.stream.end();
  await r.done;
});
