// Under `auto`, an answer to the server/discover probe that is not a discover result costs no
// working server: each wrong kind of answer is followed by initialize, once, and the verdict is
// remembered; a pinned revision fails instead; when the handshake fails too, the error says
// what was tried, in order.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Session } from '../../src/mcp/session/index.js';
import { PROBE_ANSWERS, startProbeAnswerServer, type ProbeAnswerKind } from '../fixtures/probe-answer-server.js';
import { failure, fixtureSpec, httpSpec, makeCtx, tempDir, openSession } from './helpers.js';

const summary = async (s: Session) => {
  const { tools } = await s.client.listTools(undefined, s.requestOptions());
  return { era: s.era, protocolVersion: s.protocolVersion, tools: tools.map((t) => t.name) };
};

const verdictIn = (cacheDir: string) => {
  const files = readdirSync(join(cacheDir, 'era')).filter((name) => name.endsWith('.json'));
  assert.equal(files.length, 1);
  return (JSON.parse(readFileSync(join(cacheDir, 'era', files[0]!), 'utf8')) as { verdict: { kind: string } }).verdict
    .kind;
};

describe('auto: a probe answer that is not a discover result', { concurrency: 3 }, () => {
  for (const kind of Object.keys(PROBE_ANSWERS) as ProbeAnswerKind[]) {
    test(`${kind}: initialize follows, once, and the legacy verdict is remembered`, async () => {
      const server = await startProbeAnswerServer(kind);
      try {
        const cacheDir = tempDir('probe-cache');
        // A connect timeout far beyond the test: an unsettled probe would show as a timeout.
        const spec = httpSpec(`probe-${kind}`, server.url, { protocol: 'auto', timeoutMs: 60_000 });
        const value = await openSession(spec, makeCtx(), { cacheDir }, summary);
        assert.equal(value.era, 'legacy');
        assert.equal(value.protocolVersion, '2025-11-25');
        assert.ok(value.tools.includes('add'));
        assert.deepEqual(server.methods().slice(0, 2), ['server/discover', 'initialize']);
        assert.equal(server.methods().filter((m) => m === 'server/discover').length, 1);
        assert.equal(verdictIn(cacheDir), 'legacy');

        await openSession(spec, makeCtx(), { cacheDir }, summary);
        assert.equal(
          server.methods().filter((m) => m === 'server/discover').length,
          1,
          'the second run skips the probe',
        );
      } finally {
        await server.close();
      }
    });
  }
});

describe('what does not fall back', { concurrency: 2 }, () => {
  test('a pinned 2026-07-28 fails on the HTTP 500 probe answer, without initialize', async () => {
    const server = await startProbeAnswerServer('http-500');
    try {
      const err = await failure(
        openSession(
          httpSpec('pinned', server.url, { protocol: '2026-07-28' }),
          makeCtx(),
          { cacheDir: false },
          summary,
        ),
      );
      assert.equal(err.kind, 'connection');
      assert.deepEqual(server.methods(), ['server/discover']);
    } finally {
      await server.close();
    }
  });

  test('when initialize fails too, the error names the probe answer, then the handshake', async () => {
    const server = await startProbeAnswerServer('http-500', { initialize: 500 });
    try {
      const err = await failure(
        openSession(httpSpec('both', server.url, { protocol: 'auto' }), makeCtx(), { cacheDir: false }, summary),
      );
      assert.equal(err.kind, 'connection');
      assert.equal(err.exitCode, 3);
      assert.match(
        err.message,
        /tried server\/discover \(answered with HTTP 500 with JSON-RPC error -32603 "Error in httpTransport"\), then initialize: answered HTTP 500/,
      );
      assert.deepEqual(server.methods(), ['server/discover', 'initialize']);
    } finally {
      await server.close();
    }
  });
});

describe('stdio: an error answer with id null', { concurrency: 2 }, () => {
  const spec = fixtureSpec('null-id', 'fault-server.js', ['serve', 'null-id'], { protocol: 'auto' });

  test('to the probe: taken as the answer (not dropped as noise), then initialize', async () => {
    const ctx = makeCtx();
    const era = await openSession(spec, ctx, { cacheDir: false, verbose: true }, async (s) => s.era);
    assert.equal(era, 'legacy');
    assert.doesNotMatch(ctx.stderrText(), /not JSON-RPC/);
  });

  test("to a request: the request fails with the server's error instead of waiting for its timeout", async () => {
    const err = await failure(
      openSession({ ...spec, protocol: 'legacy', timeoutMs: 600_000 }, makeCtx(), { cacheDir: false }, (s) =>
        s.client.callTool({ name: 'echo', arguments: { text: 'x' } }, s.requestOptions()),
      ),
    );
    assert.equal(err.kind, 'protocol');
    assert.match(err.message, /cannot route tools\/call/);
  });
});
