// The node:http fetch of the HTTP transports against a local server: what fetch would send
// and give back (bodies, content types, streamed responses, decompression, redirects, aborts,
// network errors in fetch's shape), and no socket left open once it is closed.

import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { createHttpFetch } from '../../src/mcp/http/http-fetch.js';
import { freePort } from './helpers.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
/** The same handler on another port: the same host, another origin. */
let other: http.Server;
let otherBase: string;
const seen: Seen[] = [];
const sockets = new Set<Socket>();
/** Lets the test decide when the streamed response goes on. */
let releaseStream: () => void = () => {};

before(async () => {
  const handler: http.RequestListener = (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/json') {
        res.writeHead(201, 'Made', { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
        res.end(JSON.stringify({ echo: body }));
      } else if (path === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        releaseStream = () => res.end('data: second\n\n');
      } else if (path === '/gzip') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        res.end(gzipSync('unpacked text'));
      } else if (path === '/redirect') {
        res.writeHead(302, { location: '/json' });
        res.end();
      } else if (path === '/to') {
        res.writeHead(307, { location: new URL(req.url ?? '/', 'http://x').searchParams.get('url') ?? '/' });
        res.end();
      } else if (path === '/see-other') {
        res.writeHead(303, { location: '/json' });
        res.end();
      } else if (path === '/empty') {
        res.writeHead(204);
        res.end();
      } else {
        res.writeHead(404);
        res.end('no');
      }
    });
  };
  server = http.createServer(handler);
  other = http.createServer(handler);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

after(async () => {
  releaseStream();
  other.closeAllConnections();
  await new Promise<void>((resolve) => other.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fetch on node:http', () => {
  test('a POST sends what fetch sends and the response reads as fetch reads it', async () => {
    const client = createHttpFetch();
    try {
      const res = await client.fetch(new URL(`${base}/json`), {
        method: 'post',
        headers: { 'Mcp-Session-Id': 'abc' },
        body: '{"x":1}',
      });
      assert.equal(res.status, 201);
      assert.equal(res.statusText, 'Made');
      assert.equal(res.ok, true);
      assert.equal(res.headers.get('content-type'), 'application/json');
      assert.deepEqual(res.headers.getSetCookie(), ['a=1', 'b=2']);
      assert.deepEqual(await res.json(), { echo: '{"x":1}' });
      const request = seen.at(-1)!;
      assert.equal(request.method, 'POST');
      assert.equal(request.headers['mcp-session-id'], 'abc');
      assert.equal(request.headers['content-type'], 'text/plain;charset=UTF-8');
      assert.equal(request.headers['content-length'], '7');
      assert.equal(request.body, '{"x":1}');
    } finally {
      client.close();
    }
  });

  test('URLSearchParams go out form-encoded', async () => {
    const client = createHttpFetch();
    try {
      await (
        await client.fetch(`${base}/json`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'a b' }),
        })
      ).text();
      const request = seen.at(-1)!;
      assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded;charset=UTF-8');
      assert.equal(request.body, 'grant_type=client_credentials&scope=a+b');
    } finally {
      client.close();
    }
  });

  test('a streamed response arrives as it is written', async () => {
    const client = createHttpFetch();
    try {
      const res = await client.fetch(`${base}/stream`, { headers: { accept: 'text/event-stream' } });
      const reader = res.body!.getReader();
      const first = await reader.read();
      assert.equal(Buffer.from(first.value!).toString(), 'data: first\n\n');
      releaseStream();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        rest += Buffer.from(chunk.value).toString();
      assert.equal(rest, 'data: second\n\n');
    } finally {
      client.close();
    }
  });

  test('a gzip body comes back decompressed; no body for 204', async () => {
    const client = createHttpFetch();
    try {
      assert.equal(await (await client.fetch(`${base}/gzip`)).text(), 'unpacked text');
      assert.match(String(seen.at(-1)!.headers['accept-encoding']), /gzip/);
      const empty = await client.fetch(`${base}/empty`, { method: 'DELETE' });
      assert.equal(empty.status, 204);
      assert.equal(empty.body, null);
    } finally {
      client.close();
    }
  });

  test('redirects: followed by default (303 and a POST 302 become GET), returned with manual, refused with error', async () => {
    const client = createHttpFetch();
    try {
      const followed = await client.fetch(`${base}/redirect`, { method: 'POST', body: 'x' });
      assert.equal(followed.status, 201);
      assert.equal(seen.at(-1)!.method, 'GET');
      assert.equal(seen.at(-1)!.body, '');
      assert.equal((await client.fetch(`${base}/see-other`, { method: 'PUT', body: 'y' })).status, 201);
      assert.equal(seen.at(-1)!.method, 'GET');
      const manual = await client.fetch(`${base}/redirect`, { redirect: 'manual' });
      assert.equal(manual.status, 302);
      assert.equal(manual.headers.get('location'), '/json');
      await assert.rejects(client.fetch(`${base}/redirect`, { redirect: 'error' }), TypeError);
    } finally {
      client.close();
    }
  });

  test('credentials follow a redirect within the origin and are dropped when it leaves it, even for another port', async () => {
    const client = createHttpFetch();
    const credentials = { authorization: 'Bearer SECRET', cookie: 'sid=SECRET', 'proxy-authorization': 'Basic SECRET' };
    const through = async (target: string) => {
      const to = `${base}/to?url=${encodeURIComponent(target)}`;
      const res = await client.fetch(to, { method: 'POST', headers: { ...credentials, 'x-trace': 't1' }, body: '{}' });
      assert.equal(res.status, 201, target);
      await res.text();
      return seen.at(-1)!;
    };
    try {
      const same = await through(`${base}/json`);
      for (const [name, value] of Object.entries(credentials)) assert.equal(same.headers[name], value, name);
      // The same host name on another port is another origin.
      const landed = await through(`${otherBase}/json`);
      assert.equal(landed.headers.host, new URL(otherBase).host, 'it reached the other server');
      assert.equal(landed.method, 'POST', 'a 307 keeps the method');
      for (const name of Object.keys(credentials)) assert.equal(landed.headers[name], undefined, name);
      assert.equal(landed.headers['x-trace'], 't1', 'other headers go on');
    } finally {
      client.close();
    }
  });

  test("an abort rejects with the signal's reason, before the answer and while a body streams", async () => {
    const client = createHttpFetch();
    try {
      const reason = new Error('stop now');
      await assert.rejects(
        client.fetch(`${base}/json`, { signal: AbortSignal.abort(reason) }),
        (err) => err === reason,
      );
      const controller = new AbortController();
      const res = await client.fetch(`${base}/stream`, { signal: controller.signal });
      const reader = res.body!.getReader();
      await reader.read();
      controller.abort(reason);
      await assert.rejects(reader.read());
    } finally {
      client.close();
      releaseStream();
    }
  });

  test('a refused connection fails as fetch fails: TypeError "fetch failed" with the cause', async () => {
    const client = createHttpFetch();
    try {
      const port = await freePort();
      await assert.rejects(
        client.fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' }),
        (err: unknown) => {
          assert.ok(err instanceof TypeError);
          assert.equal(err.message, 'fetch failed');
          assert.equal((err.cause as NodeJS.ErrnoException).code, 'ECONNREFUSED');
          return true;
        },
      );
    } finally {
      client.close();
    }
  });

  test('close() ends the kept-alive connections', async () => {
    const client = createHttpFetch();
    await (await client.fetch(`${base}/json`)).text();
    const deadline = Date.now() + 5000;
    while (sockets.size === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.ok(sockets.size > 0, 'a connection is kept alive');
    client.close();
    while (sockets.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.equal(sockets.size, 0);
  });
});
