// HTTP servers: the reference server over Streamable HTTP and legacy SSE, the SSE fallback (on 404 and 405),
// status answers (401/403 → auth, 404/500 → connection), refused ports, static headers, and
// HTTP_PROXY/NO_PROXY through a local proxy (HTTPS and HTTPS_PROXY: test/commands/https.test.ts,
// through bin/, as NODE_EXTRA_CA_CERTS needs a fresh process).

import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Session } from '../../src/mcp/session/index.js';
import { startProxy } from '../fixtures/connect-proxy.js';
import { listen, serveFetch } from '../fixtures/node-http.js';
import { startResumeServer } from '../fixtures/resume-server.js';
import { startRevisionHttpServer } from '../fixtures/revision-server.js';
import { sessionsHandler } from '../fixtures/session-http.js';
import { startStatusServer } from '../fixtures/status-server.js';
import { watchServer } from '../fixtures/watch-server.js';
import { freePort, httpSpec, makeCtx, failure, openSession } from './helpers.js';
import { startEverything, type Everything } from '../helpers/everything.js';

const listTools = async (s: Session) => ({
  era: s.era,
  protocolVersion: s.protocolVersion,
  tools: (await s.client.listTools(undefined, s.requestOptions())).tools.map((t) => t.name),
});

describe('server-everything over HTTP', { concurrency: true }, () => {
  let streamable: Everything;
  let sse: Everything;
  before(async () => {
    [streamable, sse] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
  });
  after(async () => {
    await Promise.all([streamable?.stop(), sse?.stop()]);
  });

  test('Streamable HTTP, negotiated', async () => {
    const value = await openSession(
      httpSpec('everything-http', streamable.url),
      makeCtx(),
      { cacheDir: false },
      listTools,
    );
    assert.equal(value.era, 'legacy');
    assert.ok(value.tools.includes('echo'), value.tools.join(','));
  });

  test('Streamable HTTP, a tool call', async () => {
    const spec = httpSpec('everything-http', streamable.url, { protocol: 'legacy' });
    const result = await openSession(spec, makeCtx(), { cacheDir: false }, (s) =>
      s.client.callTool({ name: 'echo', arguments: { message: 'over http' } }, s.requestOptions()),
    );
    assert.match(JSON.stringify(result.content), /over http/);
  });

  test('legacy SSE, declared', async () => {
    const spec = httpSpec('everything-sse', sse.url, { transport: 'sse', protocol: 'legacy' });
    const value = await openSession(spec, makeCtx(), { cacheDir: false }, listTools);
    assert.ok(value.tools.includes('echo'));
  });

  test('a URL without type falls back from Streamable HTTP to SSE on 404', async () => {
    const ctx = makeCtx();
    const spec = httpSpec('everything-fallback', sse.url, { sseFallback: true, protocol: 'auto' });
    const value = await openSession(spec, ctx, { cacheDir: false, verbose: true }, listTools);
    assert.ok(value.tools.includes('echo'));
    assert.equal(value.era, 'legacy');
    assert.match(ctx.stderrText(), /trying the SSE transport/);
  });

  test('a URL without type falls back from Streamable HTTP to SSE on 405', async () => {
    // In front of server-everything's SSE endpoint: a POST to it is 405 (as SSE-only servers
    // that route by method answer), everything else goes through to the real server.
    const upstream = new URL(sse.url);
    const posts: number[] = [];
    const front = await listen((req, res) => {
      if (req.method === 'POST' && req.url?.startsWith(upstream.pathname)) {
        req.resume();
        posts.push(405);
        res.writeHead(405, { allow: 'GET' }).end();
        return;
      }
      const forward = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    }, upstream.pathname);
    try {
      const ctx = makeCtx();
      const spec = httpSpec('everything-405', front.url, { sseFallback: true, protocol: 'auto' });
      const value = await openSession(spec, ctx, { cacheDir: false, verbose: true }, listTools);
      assert.ok(value.tools.includes('echo'));
      assert.equal(value.era, 'legacy');
      assert.ok(posts.length > 0, 'Streamable HTTP was tried first and got 405');
      assert.match(ctx.stderrText(), /trying the SSE transport/);
    } finally {
      await front.close();
    }
  });
});

describe('HTTP failures', { concurrency: true }, () => {
  for (const status of [401, 403]) {
    test(`HTTP ${status} is an auth error with a login hint`, async () => {
      const server = await startStatusServer(status);
      try {
        for (const protocol of ['auto', 'legacy'] as const) {
          const err = await failure(
            openSession(httpSpec('locked', server.url, { protocol }), makeCtx(), { cacheDir: false }, listTools),
          );
          assert.equal(err.kind, 'auth', `${protocol}: ${err.message}`);
          assert.equal(err.exitCode, 4);
          assert.equal(err.server, 'locked');
          assert.match(err.message, new RegExp(`HTTP ${status}`));
          assert.equal(err.hint, 'run `mcpctl auth login locked`');
        }
      } finally {
        await server.close();
      }
    });
  }

  for (const status of [500, 404]) {
    test(`HTTP ${status} is a connection error naming the status`, async () => {
      const server = await startStatusServer(status);
      try {
        for (const protocol of ['auto', 'legacy'] as const) {
          const err = await failure(
            openSession(httpSpec('broken', server.url, { protocol }), makeCtx(), { cacheDir: false }, listTools),
          );
          assert.equal(err.kind, 'connection', `${protocol}: ${err.message}`);
          assert.equal(err.exitCode, 3);
          assert.match(err.message, new RegExp(`HTTP ${status}`));
          assert.ok(err.phase === 'discovery' || err.phase === 'initialize', `phase ${err.phase}`);
        }
      } finally {
        await server.close();
      }
    });
  }

  test('a refused port is a connection error in the connect phase', async () => {
    const port = await freePort();
    for (const protocol of ['auto', 'legacy'] as const) {
      const err = await failure(
        openSession(
          httpSpec('nobody', `http://127.0.0.1:${port}/mcp?token=secret`, { protocol }),
          makeCtx(),
          { cacheDir: false },
          listTools,
        ),
      );
      assert.equal(err.kind, 'connection');
      assert.equal(err.phase, 'connect');
      assert.equal(err.message, `server "nobody": connection refused at http://127.0.0.1:${port}/mcp?token=<redacted>`);
    }
  });

  test('an SSE stream that never opens is bounded by the connect deadline', async () => {
    // Accepts the GET and says nothing: the transport's start would wait forever.
    const server = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
    }, '/sse');
    try {
      const spec = httpSpec('silent-sse', server.url, { transport: 'sse', protocol: 'legacy' });
      const err = await failure(openSession(spec, makeCtx(), { cacheDir: false, connectTimeoutMs: 500 }, listTools));
      assert.equal(err.kind, 'timeout');
      assert.equal(err.phase, 'connect');
      assert.equal(err.message, 'server "silent-sse": no connection within 500ms (connect timeout)');
    } finally {
      await server.close();
    }
  });

  test('a POST that is never answered is bounded by the connect deadline', async () => {
    const server = await listen((req) => req.resume());
    try {
      for (const [protocol, what] of [
        ['auto', 'server/discover'],
        ['legacy', 'initialize'],
      ] as const) {
        const spec = httpSpec('silent-http', server.url, { protocol });
        const err = await failure(openSession(spec, makeCtx(), { cacheDir: false, connectTimeoutMs: 500 }, listTools));
        assert.equal(err.kind, 'timeout');
        assert.equal(err.message, `server "silent-http": no answer to ${what} within 500ms (connect timeout)`);
      }
    } finally {
      await server.close();
    }
  });

  test('static headers are sent, and their values never appear in errors', async () => {
    const server = await startStatusServer(401);
    try {
      const spec = httpSpec('with-key', server.url, { protocol: 'legacy', headers: { 'X-Api-Key': 'sekrit-value' } });
      const err = await failure(openSession(spec, makeCtx(), { cacheDir: false }, listTools));
      assert.equal(server.seen()[0]?.headers['x-api-key'], 'sekrit-value');
      assert.doesNotMatch(`${err.message} ${err.hint}`, /sekrit/);
    } finally {
      await server.close();
    }
  });
});

describe('stream resumption', () => {
  test('a POST stream closed after its priming event is resumed with a GET carrying Last-Event-ID', async () => {
    const server = await startResumeServer();
    try {
      const spec = httpSpec('resume', server.url, { protocol: 'legacy', timeoutMs: 5_000 });
      const result = await openSession(spec, makeCtx(), { cacheDir: false }, (s) =>
        s.client.callTool({ name: 'slow', arguments: {} }, s.requestOptions()),
      );
      assert.match(JSON.stringify(result.content), /resumed result/);
      assert.ok(
        server.resumes.some((id) => id !== undefined),
        `GETs: ${JSON.stringify(server.resumes)}`,
      );
    } finally {
      await server.close();
    }
  });
});

describe("the server's own stream", () => {
  test('a listing opens none: initialize, initialized, tools/list and DELETE, nothing else', async () => {
    const server = await startRevisionHttpServer('legacy');
    try {
      const spec = httpSpec('lists-only', server.url, { protocol: 'legacy' });
      const value = await openSession(spec, makeCtx(), { cacheDir: false, listsOnly: true }, listTools);
      assert.ok(value.tools.length > 0);
      assert.deepEqual(server.log(), ['POST 200', 'POST 202', 'POST 200', 'DELETE 200']);
    } finally {
      await server.close();
    }
  });

  test('any other session opens it and hears the server there', { timeout: 60_000 }, async () => {
    let streamOpened!: () => void;
    const opened = new Promise<void>((resolve) => (streamOpened = resolve));
    const handle = sessionsHandler(() => watchServer());
    const server = await serveFetch((request) => {
      if (request.method === 'GET' && request.headers.get('last-event-id') === null) streamOpened();
      return handle(request);
    });
    try {
      const spec = httpSpec('listener', server.url, { protocol: 'legacy' });
      const heard = await openSession(spec, makeCtx(), { cacheDir: false }, async (s) => {
        const changed = new Promise<string>((resolve) =>
          s.client.setNotificationHandler('notifications/tools/list_changed', (n) => resolve(n.method)),
        );
        // Listed only once the stream is there: the change it causes is sent on that stream alone.
        await opened;
        await s.client.listTools(undefined, s.requestOptions());
        return changed;
      });
      assert.equal(heard, 'notifications/tools/list_changed');
    } finally {
      await server.close();
    }
  });
});

describe('proxy variables', () => {
  test('HTTP_PROXY routes requests through the proxy, NO_PROXY bypasses it', async () => {
    const [proxy, server] = await Promise.all([startProxy(), startRevisionHttpServer('legacy')]);
    try {
      const spec = httpSpec('proxied', server.url, { protocol: 'legacy' });
      const target = new URL(server.url).host;

      const viaProxy = await openSession(
        spec,
        makeCtx({ ...process.env, HTTP_PROXY: proxy.url, NO_PROXY: '' }),
        { cacheDir: false },
        listTools,
      );
      assert.deepEqual(viaProxy.tools, ['echo', 'add', 'slow']);
      assert.ok(proxy.tunnels().includes(target), `tunnels: ${proxy.tunnels().join(',')}`);

      const seen = proxy.tunnels().length;
      const bypass = await openSession(
        spec,
        makeCtx({ ...process.env, HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' }),
        { cacheDir: false },
        listTools,
      );
      assert.deepEqual(bypass.tools, ['echo', 'add', 'slow']);
      assert.equal(proxy.tunnels().length, seen);
    } finally {
      await Promise.all([proxy.close(), server.close()]);
    }
  });
});
