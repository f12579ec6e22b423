// The --max-size cap of HTTP answers, in process: an event stream is capped per event (its
// `data:` lines together, however many), not per line and not per stream; a JSON body as a whole.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cappedResponse } from '../../src/mcp/http/body-limit.js';
import { MessageTooLargeError } from '../../src/mcp/stdio/process-transport.js';

const LIMIT = 1000;

/** The body read through the cap, sent in the given chunks; the error the cap reported, if any. */
async function throughCap(chunks: string[], type = 'text/event-stream') {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  const reported: MessageTooLargeError[] = [];
  const res = cappedResponse(new Response(body, { headers: { 'content-type': type } }), LIMIT, (e) => reported.push(e));
  try {
    return { text: await res.text(), reported };
  } catch (err) {
    return { err, reported };
  }
}

/** The text cut into pieces of `size` characters. */
const pieces = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

/** One SSE event of `lines` data lines of `width` bytes each. */
const event = (lines: number, width: number, eol = '\n') =>
  `${Array.from({ length: lines }, () => `data: ${'x'.repeat(width)}`).join(eol)}${eol}${eol}`;

test('an event of many short data lines is one message: over the cap together, it fails', async () => {
  const big = event(50, 40); // 50 lines of 46 bytes: each far under the cap, the event over it
  for (const chunks of [[big], pieces(big, 64), [...big]]) {
    const r = await throughCap(chunks);
    assert.ok(r.err instanceof MessageTooLargeError, `in ${chunks.length} chunks`);
    assert.equal(r.reported.length, 1);
    assert.equal(r.reported[0]!.limit, LIMIT);
  }
  assert.ok((await throughCap([event(50, 40, '\r\n')])).err instanceof MessageTooLargeError, 'CRLF lines too');
});

test('an event over the cap fails even when it ends in the same chunk', async () => {
  const r = await throughCap([`${event(1, 2 * LIMIT)}${event(1, 10)}`]);
  assert.ok(r.err instanceof MessageTooLargeError);
});

test('many events each under the cap pass, however long the stream', async () => {
  const small = event(5, 100); // about 530 bytes an event
  const stream = small.repeat(20);
  const whole = await throughCap([stream]);
  assert.equal(whole.text, stream);
  assert.equal(whole.reported.length, 0);
  const split = await throughCap(pieces(stream, 97));
  assert.equal(split.text, stream);
  const crlf = event(5, 100, '\r\n').repeat(20);
  assert.equal((await throughCap([crlf])).text, crlf, 'events ended by CRLF blank lines');
});

test('a JSON body is capped as a whole, blank lines or not', async () => {
  const body = `${'{"a":1}\n\n'.repeat(200)}`;
  const r = await throughCap([body], 'application/json');
  assert.ok(r.err instanceof MessageTooLargeError);
  assert.equal((await throughCap(['{"a":1}'], 'application/json')).text, '{"a":1}');
});

test('the cap is inclusive: a message of exactly the limit passes, one byte more fails', async () => {
  const exact = event(1, LIMIT - 'data: \n\n'.length);
  assert.equal(exact.length, LIMIT);
  assert.equal((await throughCap([exact, exact])).text, exact + exact);
  assert.ok((await throughCap([event(1, LIMIT - 'data: \n\n'.length + 1)])).err instanceof MessageTooLargeError);
  assert.equal((await throughCap(['x'.repeat(LIMIT)], 'application/json')).text, 'x'.repeat(LIMIT));
  assert.ok((await throughCap(['x'.repeat(LIMIT), 'x'], 'application/json')).err instanceof MessageTooLargeError);
});

test('only a text/event-stream type is counted per event; status and headers pass unchanged', async () => {
  const body = event(1, 600).repeat(3);
  const labelled = await throughCap([body], 'application/json; note="not text/event-stream"');
  assert.ok(labelled.err instanceof MessageTooLargeError, 'a JSON body is one message');
  assert.equal((await throughCap([body], 'Text/Event-Stream; charset=utf-8')).text, body);
  const res = cappedResponse(
    new Response('{}', { status: 202, statusText: 'Taken', headers: { 'mcp-session-id': 's1' } }),
    LIMIT,
    () => {},
  );
  assert.deepEqual([res.status, res.statusText, res.headers.get('mcp-session-id')], [202, 'Taken', 's1']);
  const empty = new Response(null, { status: 204 });
  assert.equal(
    cappedResponse(empty, LIMIT, () => {}),
    empty,
    'a response without a body is returned as it is',
  );
});
