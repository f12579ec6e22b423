// WireHeaders and WireResponse against the platform's Headers and Response, input by input: the
// same refusals (bad names, header injection, characters beyond U+00FF), the same values read
// back, the same listing, and the same body reading (byte order mark, bad bytes, clones).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WireHeaders } from '../../src/mcp/http/wire-headers.js';
import { WireResponse } from '../../src/mcp/http/wire-response.js';

/** What a call does: its value, or the class of what it threw. */
function outcome(fn: () => unknown): unknown {
  try {
    return { value: fn() };
  } catch (err) {
    return { threw: (err as Error).constructor.name };
  }
}

const NAMES = ['Content-Type', 'x-custom', "a!#$%&'*+-.^_`|~z", 'bad name', 'a:b', '', 'ü', 'x\n', 'x\r', '(x)', 'a/b'];
const VALUES = [
  'plain',
  '  padded\t ',
  '\tinner\ttab\t',
  'a\r\nInjected: 1',
  'line\nfeed',
  'nul\0byte',
  'latin é ÿ',
  'euro €',
  'emoji 😀',
  '',
  ' ',
  'a\u0085b',
];

describe('WireHeaders, against the platform Headers', () => {
  test('set, append, get and has refuse and accept the same names and values', () => {
    for (const name of NAMES)
      for (const value of VALUES) {
        for (const op of ['set', 'append'] as const) {
          const platform = new Headers();
          const wire = new WireHeaders();
          const label = `${op}(${JSON.stringify(name)}, ${JSON.stringify(value)})`;
          assert.deepEqual(
            outcome(() => wire[op](name, value)),
            outcome(() => platform[op](name, value)),
            label,
          );
          assert.deepEqual(
            outcome(() => wire.get(name)),
            outcome(() => platform.get(name)),
            `get after ${label}`,
          );
          assert.deepEqual(
            outcome(() => wire.has(name)),
            outcome(() => platform.has(name)),
            `has after ${label}`,
          );
        }
      }
  });

  test('names are case-insensitive, appended values join with ", ", delete removes all', () => {
    const steps = (h: Headers | WireHeaders) => {
      h.append('Accept', 'application/json');
      h.append('ACCEPT', 'text/event-stream');
      h.set('X-One', '1');
      h.set('x-one', '2');
      h.append('Set-Cookie', 'a=1');
      h.append('set-cookie', 'b=2');
      h.append('Zed', 'last');
      h.append('gone', 'soon');
      h.delete('GONE');
      return {
        accept: h.get('accept'),
        one: h.get('X-ONE'),
        cookie: h.get('Set-Cookie'),
        cookies: h.getSetCookie(),
        gone: h.has('gone'),
        missing: h.get('missing'),
        listed: [...h],
        keys: [...h.keys()],
        values: [...h.values()],
        each: (() => {
          const seen: string[] = [];
          h.forEach((value, name) => seen.push(`${name}=${value}`));
          return seen;
        })(),
      };
    };
    assert.deepEqual(steps(new WireHeaders()), steps(new Headers()));
  });

  test('built from a record, pairs, a platform Headers or another WireHeaders, as the platform builds', () => {
    const inits = [
      { 'X-A': '1', 'x-b': ' 2 ' },
      [
        ['X-A', '1'],
        ['x-a', '2'],
      ],
      new Headers({ 'X-A': '1', 'Set-Cookie': 'c=3' }),
    ] as const;
    for (const init of inits) {
      const platform = [...new Headers(init as ConstructorParameters<typeof Headers>[0])];
      assert.deepEqual([...new WireHeaders(init)], platform);
      assert.deepEqual([...new WireHeaders(new WireHeaders(init))], platform);
    }
    for (const bad of [[['only-name']], [['a', 'b', 'c']], { 'bad name': 'x' }, { ok: 'a\nb' }])
      assert.deepEqual(
        outcome(() => new WireHeaders(bad as never)),
        outcome(() => new Headers(bad as never)),
        JSON.stringify(bad),
      );
  });
});

/** A body stream of `chunks`. */
function stream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('WireResponse, against the platform Response', () => {
  const bodies = [
    Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}'),
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('after a byte order mark')]),
    Buffer.from([0x61, 0xff, 0xfe, 0x62]),
    Buffer.from('é in two chunks'),
  ];

  test('text() and json() read what the platform reads, in one chunk or split', async () => {
    for (const bytes of bodies) {
      const split = [bytes.subarray(0, 1), bytes.subarray(1)];
      const wire = new WireResponse(stream(split), { status: 200, headers: new WireHeaders() });
      const platform = new Response(stream(split));
      assert.equal(await wire.text(), await platform.text(), bytes.toString('hex'));
    }
    const json = new WireResponse(stream([bodies[0]!]), { status: 200, headers: new WireHeaders() });
    assert.deepEqual(await json.json(), { jsonrpc: '2.0', id: 1, result: {} });
  });

  test('ok follows the status as for a Response; a body is read once; a clone reads the same bytes', async () => {
    for (const status of [200, 202, 299, 300, 404, 500])
      assert.equal(
        new WireResponse(null, { status, headers: new WireHeaders() }).ok,
        new Response(null, { status }).ok,
      );
    const original = new WireResponse(stream([Buffer.from('data: x\n\n')]), {
      status: 200,
      statusText: 'OK',
      headers: new WireHeaders({ 'content-type': 'text/event-stream' }),
    });
    const copy = original.clone();
    assert.equal(copy.status, 200);
    assert.equal(copy.headers.get('content-type'), 'text/event-stream');
    assert.deepEqual(await Promise.all([original.text(), copy.text()]), ['data: x\n\n', 'data: x\n\n']);
    assert.equal(original.bodyUsed, true);
    await assert.rejects(original.text(), TypeError);
    assert.throws(() => original.clone(), TypeError);
    assert.equal(await new WireResponse(null, { status: 204, headers: new WireHeaders() }).text(), '');
  });
});
