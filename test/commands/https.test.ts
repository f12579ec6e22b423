// HTTPS servers through bin/ (NODE_EXTRA_CA_CERTS is read at process start): a private CA
// given in NODE_EXTRA_CA_CERTS is trusted; without it the TLS failure is exit 3 with the hint;
// HTTPS_PROXY tunnels the connection through a proxy, NO_PROXY bypasses it.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBin, jsonError } from '../helpers/run.js';
import { makeTestCa, type TestCa } from '../helpers/test-ca.js';
import { startProxy, type TestProxy } from '../fixtures/connect-proxy.js';
import { startRevisionHttpServer, type RevisionHttpServer } from '../fixtures/revision-server.js';

let ca: TestCa;
let server: RevisionHttpServer;
let proxy: TestProxy;
let env: Record<string, string>;

before(async () => {
  ca = makeTestCa();
  [server, proxy] = await Promise.all([startRevisionHttpServer('legacy', ca.server), startProxy()]);
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-https-'));
  env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CACHE_HOME: path.join(home, 'cache'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
  };
});
after(async () => {
  await Promise.all([server?.close(), proxy?.close()]);
});

const toolNames = (stdout: string) => (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);

test('a server whose certificate a private CA signed is reached with NODE_EXTRA_CA_CERTS', async () => {
  assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const r = await runBin(['tools', server.url, '--json'], { env: { ...env, NODE_EXTRA_CA_CERTS: ca.caFile } });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(toolNames(r.stdout), ['echo', 'add', 'slow']);
});

test('without the CA the certificate is refused: exit 3, a TLS error with the NODE_EXTRA_CA_CERTS hint', async () => {
  const before = server.log().length;
  const r = await runBin(['tools', server.url, '--json'], { env });
  assert.equal(r.code, 3, r.stderr);
  assert.equal(r.stdout, '');
  const e = jsonError(r.stderr).error;
  assert.equal(e.kind, 'connection');
  assert.match(e.message, /TLS error at https:\/\/127\.0\.0\.1:\d+\/mcp/);
  assert.match(e.hint ?? '', /NODE_EXTRA_CA_CERTS/);
  assert.equal(server.log().length, before, 'no request got through');
});

test('HTTPS_PROXY tunnels the connection through the proxy; NO_PROXY bypasses it', async () => {
  const target = new URL(server.url).host;
  const trusted = { ...env, NODE_EXTRA_CA_CERTS: ca.caFile };
  const via = await runBin(['tools', server.url, '--json'], { env: { ...trusted, HTTPS_PROXY: proxy.url } });
  assert.equal(via.code, 0, via.stderr);
  assert.deepEqual(toolNames(via.stdout), ['echo', 'add', 'slow']);
  assert.ok(proxy.tunnels().includes(target), `tunnels: ${proxy.tunnels().join(' ')}`);

  const tunnels = proxy.tunnels().length;
  const bypass = await runBin(['tools', server.url, '--json'], {
    env: { ...trusted, HTTPS_PROXY: proxy.url, NO_PROXY: 'example.com,127.0.0.1' },
  });
  assert.equal(bypass.code, 0, bypass.stderr);
  assert.deepEqual(toolNames(bypass.stdout), ['echo', 'add', 'slow']);
  assert.equal(proxy.tunnels().length, tunnels, 'NO_PROXY: nothing went through the proxy');
});
