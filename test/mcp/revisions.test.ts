// Protocol revisions: each one pinned and negotiated against the revision fixtures over stdio
// and Streamable HTTP; `auto` over stdio starts the server once; the era cache is written,
// reused (no probe next time) and dropped when it no longer holds.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ProtocolSetting } from '../../src/config/types.js';
import { EraCache, eraCacheKey } from '../../src/mcp/session/era-cache.js';
import type { Session } from '../../src/mcp/session/index.js';
import { startRevisionHttpServer, type RevisionHttpServer, type RevisionMode } from '../fixtures/revision-server.js';
import { fixtureSpec, httpSpec, logLines, makeCtx, tempDir, withEnv, failure, openSession } from './helpers.js';

const summary = async (s: Session) => {
  const { tools } = await s.client.listTools(undefined, s.requestOptions());
  const call = await s.client.callTool({ name: 'add', arguments: { a: 2, b: 3 } }, s.requestOptions());
  return {
    protocolVersion: s.protocolVersion,
    era: s.era,
    server: s.serverInfo?.name,
    tools: tools.map((t) => t.name),
    call: call.content,
  };
};

// A generous connect deadline: over stdio `auto` waits half of it (at most 10 s) for the probe's
// answer, and a start slower than that (a busy machine) would look like a server that missed it.
function revisionSpec(mode: RevisionMode, protocol: ProtocolSetting, env: Record<string, string> = {}) {
  return fixtureSpec(`rev-${mode}`, 'revision-server.js', [mode], { protocol, env: withEnv(env), timeoutMs: 30_000 });
}

const works: Array<[RevisionMode, ProtocolSetting, string]> = [
  ['modern', 'auto', '2026-07-28'],
  ['modern', '2026-07-28', '2026-07-28'],
  ['legacy', 'auto', '2025-11-25'],
  ['legacy', 'legacy', '2025-11-25'],
  ['legacy', '2024-11-05', '2024-11-05'],
  ['legacy', '2025-03-26', '2025-03-26'],
  ['legacy', '2025-06-18', '2025-06-18'],
  ['legacy', '2025-11-25', '2025-11-25'],
  ['2024-11-05', 'auto', '2024-11-05'],
  ['2024-11-05', 'legacy', '2024-11-05'],
  ['2024-11-05', '2024-11-05', '2024-11-05'],
];

/** Server fixture, our setting, and the revisions the error must name. */
const mismatches: Array<[RevisionMode, ProtocolSetting, RegExp[], string]> = [
  ['modern', 'legacy', [/2025-11-25/, /2026-07-28/], 'initialize'],
  ['modern', '2025-06-18', [/2025-06-18/, /2026-07-28/], 'initialize'],
  ['legacy', '2026-07-28', [/2026-07-28/, /2025/], 'discovery'],
  ['2024-11-05', '2025-06-18', [/answered with protocol revision 2024-11-05/, /2025-06-18 is pinned/], 'initialize'],
];

// A few at a time: each test starts a node process, and the machine has two cores.
describe('protocol revisions over stdio', { concurrency: 3 }, () => {
  for (const [mode, protocol, expected] of works) {
    test(`${protocol} against the ${mode} fixture speaks ${expected}`, async () => {
      const value = await openSession(revisionSpec(mode, protocol), makeCtx(), { cacheDir: false }, summary);
      assert.equal(value.protocolVersion, expected);
      assert.equal(value.era, expected === '2026-07-28' ? 'modern' : 'legacy');
      assert.equal(value.server, `revision-${mode}`);
      assert.deepEqual(value.tools, ['echo', 'add', 'slow']);
      assert.deepEqual(value.call, [{ type: 'text', text: '5' }]);
    });
  }

  for (const [mode, protocol, names, phase] of mismatches) {
    test(`${protocol} against the ${mode} fixture is a connection error naming both revisions`, async () => {
      const err = await failure(openSession(revisionSpec(mode, protocol), makeCtx(), { cacheDir: false }, summary));
      assert.equal(err.kind, 'connection');
      assert.equal(err.exitCode, 3);
      assert.equal(err.server, `rev-${mode}`);
      assert.equal(err.phase, phase);
      for (const name of names) assert.match(err.message, name);
      assert.ok(err.hint);
    });
  }

  test('a pinned revision (--protocol reaches the session in the spec) is the one spoken', async () => {
    const value = await openSession(
      { ...revisionSpec('legacy', 'legacy'), protocol: '2025-03-26' },
      makeCtx(),
      { cacheDir: false },
      summary,
    );
    assert.equal(value.protocolVersion, '2025-03-26');
  });

  for (const mode of ['modern', 'legacy'] as const) {
    test(`auto over stdio starts the ${mode} server exactly once`, async () => {
      const spawns = join(tempDir('spawns'), 'spawns.log');
      const value = await openSession(
        revisionSpec(mode, 'auto', { SPAWN_LOG: spawns }),
        makeCtx(),
        { cacheDir: false },
        summary,
      );
      assert.equal(value.era, mode);
      assert.equal(logLines(spawns).length, 1);
    });
  }

  test('a modern server slower to start than the probe is connected on a second start', async () => {
    const dir = tempDir('slow');
    const spawns = join(dir, 'spawns.log');
    // The first start never answers the probe (the fixture drops it); a 10 s deadline gives the
    // probe 5 s, and leaves 5 s for the second start.
    const spec = revisionSpec('modern', 'auto', { SPAWN_LOG: spawns, SLOW_FIRST_START: join(dir, 'marker') });
    const value = await openSession({ ...spec, timeoutMs: 10_000 }, makeCtx(), { cacheDir: false }, summary);
    assert.equal(value.era, 'modern');
    assert.equal(logLines(spawns).length, 2);
  });

  test('a server that exits on the discover probe is restarted once for initialize', async () => {
    const spawns = join(tempDir('spawns'), 'spawns.log');
    const spec = fixtureSpec('dies', 'fault-server.js', ['die-on-discover'], {
      protocol: 'auto',
      env: withEnv({ SPAWN_LOG: spawns }),
    });
    const cacheDir = tempDir('cache');
    const value = await openSession(spec, makeCtx(), { cacheDir }, async (s) => s.era);
    assert.equal(value, 'legacy');
    assert.equal(logLines(spawns).length, 2);
    // The verdict is remembered: the next run starts it once, without a probe.
    assert.equal(await openSession(spec, makeCtx(), { cacheDir }, async (s) => s.era), 'legacy');
    assert.equal(logLines(spawns).length, 3);
  });
});

describe('protocol revisions over Streamable HTTP', { concurrency: true }, () => {
  const servers = new Map<RevisionMode, RevisionHttpServer>();
  before(async () => {
    for (const mode of ['modern', 'legacy', '2024-11-05'] as const)
      servers.set(mode, await startRevisionHttpServer(mode));
  });
  after(async () => {
    for (const server of servers.values()) await server.close();
  });
  const spec = (mode: RevisionMode, protocol: ProtocolSetting) =>
    httpSpec(`http-${mode}`, servers.get(mode)!.url, { protocol, timeoutMs: 5000 });

  const httpWorks: Array<[RevisionMode, ProtocolSetting, string]> = [
    ['modern', 'auto', '2026-07-28'],
    ['modern', '2026-07-28', '2026-07-28'],
    ['legacy', 'auto', '2025-11-25'],
    ['legacy', '2025-06-18', '2025-06-18'],
    ['2024-11-05', 'legacy', '2024-11-05'],
  ];
  for (const [mode, protocol, expected] of httpWorks) {
    test(`${protocol} against the ${mode} HTTP fixture speaks ${expected}`, async () => {
      const value = await openSession(spec(mode, protocol), makeCtx(), { cacheDir: false }, summary);
      assert.equal(value.protocolVersion, expected);
      assert.deepEqual(value.call, [{ type: 'text', text: '5' }]);
    });
  }

  test('a pinned 2025 revision against the modern HTTP fixture names both revisions', async () => {
    const err = await failure(openSession(spec('modern', '2025-06-18'), makeCtx(), { cacheDir: false }, summary));
    assert.equal(err.kind, 'connection');
    assert.match(err.message, /2025-06-18/);
    assert.match(err.message, /2026-07-28/);
  });

  test('a pinned 2026-07-28 against the legacy HTTP fixture names both sides', async () => {
    const err = await failure(openSession(spec('legacy', '2026-07-28'), makeCtx(), { cacheDir: false }, summary));
    assert.equal(err.kind, 'connection');
    assert.equal(err.phase, 'discovery');
    assert.match(err.message, /2026-07-28/);
    assert.match(err.message, /2025/);
  });

  test('the HTTP session is terminated with DELETE before close', async () => {
    const server = await startRevisionHttpServer('legacy');
    try {
      await openSession(
        httpSpec('deleting', server.url, { protocol: 'legacy' }),
        makeCtx(),
        { cacheDir: false },
        summary,
      );
      assert.equal(server.deletes(), 1);
      assert.ok(server.log().at(-1)?.startsWith('DELETE 2'), `last request: ${server.log().at(-1)}`);
    } finally {
      await server.close();
    }
  });
});

describe('era cache', { concurrency: 3 }, () => {
  const entries = (dir: string) => readdirSync(join(dir, 'era')).filter((name) => name.endsWith('.json'));
  const verdict = (dir: string) =>
    JSON.parse(readFileSync(join(dir, 'era', entries(dir)[0]!), 'utf8')) as { verdict: { kind: string } };

  for (const mode of ['modern', 'legacy'] as const) {
    test(`a ${mode} verdict is written, then reused without a probe`, async () => {
      const cacheDir = tempDir('cache');
      const methods = join(tempDir('methods'), 'm.log');
      const spec = revisionSpec(mode, 'auto', { METHOD_LOG: methods });
      const first = await openSession(spec, makeCtx(), { cacheDir }, summary);
      assert.equal(first.era, mode);
      assert.equal(entries(cacheDir).length, 1);
      assert.equal(verdict(cacheDir).verdict.kind, mode);
      const firstRun = logLines(methods);
      assert.equal(firstRun[0], 'server/discover');

      const second = await openSession(spec, makeCtx(), { cacheDir }, summary);
      assert.equal(second.era, mode);
      assert.equal(second.protocolVersion, first.protocolVersion);
      assert.deepEqual(second.call, [{ type: 'text', text: '5' }]);
      const secondRun = logLines(methods).slice(firstRun.length);
      assert.deepEqual(
        secondRun,
        mode === 'modern' ? ['tools/list', 'tools/call'] : ['initialize', 'tools/list', 'tools/call'],
      );
    });
  }

  test('a stale legacy verdict is dropped and the server probed again', async () => {
    const cacheDir = tempDir('cache');
    const ctx = makeCtx();
    const spawns = join(tempDir('spawns'), 'spawns.log');
    const spec = revisionSpec('modern', 'auto', { SPAWN_LOG: spawns });
    await new EraCache(cacheDir, Date.now).write(eraCacheKey(spec, ctx.env), { kind: 'legacy' });
    const value = await openSession(spec, ctx, { cacheDir }, summary);
    assert.equal(value.era, 'modern');
    assert.equal(verdict(cacheDir).verdict.kind, 'modern');
    assert.equal(logLines(spawns).length, 2, 'one start with the stale verdict, one after it was dropped');
  });

  test('a stale modern verdict fails at the first request and is dropped, then the work is redone', async () => {
    const cacheDir = tempDir('cache');
    const ctx = makeCtx();
    const spec = fixtureSpec('strict', 'fault-server.js', ['strict'], { protocol: 'auto' });
    const stale = {
      kind: 'modern' as const,
      discover: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } },
    };
    await new EraCache(cacheDir, Date.now).write(eraCacheKey(spec, ctx.env), stale as never);
    const value = await openSession(spec, ctx, { cacheDir }, async (s) => ({
      era: s.era,
      tools: (await s.client.listTools(undefined, s.requestOptions())).tools.length,
    }));
    assert.deepEqual(value, { era: 'legacy', tools: 4 });
    assert.equal(verdict(cacheDir).verdict.kind, 'legacy');
  });

  test('over HTTP the second connection skips the probe too', async () => {
    const server = await startRevisionHttpServer('legacy');
    try {
      const cacheDir = tempDir('cache');
      const spec = httpSpec('cached-http', server.url, { protocol: 'auto' });
      await openSession(spec, makeCtx(), { cacheDir }, summary);
      const probes = server.methods().filter((m) => m === 'server/discover').length;
      assert.equal(probes, 1);
      await openSession(spec, makeCtx(), { cacheDir }, summary);
      assert.equal(server.methods().filter((m) => m === 'server/discover').length, 1);
      assert.equal(server.methods().filter((m) => m === 'initialize').length, 2);
    } finally {
      await server.close();
    }
  });

  test('the cache key holds no secret in clear and ignores the inherited environment', () => {
    const ctx = makeCtx({ PATH: '/bin', PWD: '/a' });
    const spec = { ...revisionSpec('legacy', 'auto'), env: { PATH: '/bin', PWD: '/b', API_TOKEN: 'sekrit-123' } };
    const key = eraCacheKey(spec, ctx.env);
    assert.match(key, /^[0-9a-f]{64}$/);
    assert.equal(
      eraCacheKey({ ...spec, env: { ...spec.env, PWD: '/a' } }, ctx.env),
      eraCacheKey({ ...spec, env: { PATH: '/bin', API_TOKEN: 'sekrit-123' } }, ctx.env),
    );
    assert.notEqual(eraCacheKey({ ...spec, env: { ...spec.env, API_TOKEN: 'other' } }, ctx.env), key);
  });
});
