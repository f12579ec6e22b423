// `mcpctl auth …` and OAuth through every command, as a user runs them: sign in through
// $BROWSER, use the stored tokens unattended, see the state, sign out, and exit 4 without tokens.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, statSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, runBin, jsonError } from '../helpers/run.js';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/server.js';
import { browserEntries, fakeBrowser, type FakeBrowser } from '../auth/helpers.js';

let fixture: OAuthFixture;
let dir: string;
let browser: FakeBrowser;
let env: Record<string, string>;

before(async () => {
  fixture = await startOAuthFixture();
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-authcmd-'));
  browser = await fakeBrowser(dir);
  writeFileSync(
    path.join(dir, '.mcp.json'),
    JSON.stringify({
      mcpServers: { secure: { url: fixture.url, oauth: {} }, local: { command: 'node', args: ['x.js'] } },
    }),
  );
  env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    BROWSER: browser.program,
    MCPCTL_TRUST_PROJECT: '1',
  };
});
after(async () => {
  await fixture.close();
});

/** Moves every stored token's expiry into the past, as time would. */
function expireStoredTokens(authFile: string): void {
  const data = JSON.parse(readFileSync(authFile, 'utf8')) as {
    servers: Record<string, { tokens: Record<string, { expires_at?: number }> }>;
  };
  for (const server of Object.values(data.servers))
    for (const entry of Object.values(server.tokens)) entry.expires_at = Date.now() - 60_000;
  writeFileSync(authFile, JSON.stringify(data));
}

test('without tokens a command exits 4 with the login hint and opens no browser', async () => {
  const r = await run(['tools', 'secure', '--json'], { cwd: dir, home: dir, env });
  assert.equal(r.code, 4, r.stderr);
  const e = jsonError(r.stderr).error;
  assert.equal(e.kind, 'auth');
  assert.match(e.hint ?? '', /mcpctl auth login secure/);
  assert.deepEqual(await browser.entries(), []);
  const s = JSON.parse((await run(['auth', 'status', '--json'], { cwd: dir, home: dir, env })).stdout) as {
    servers: { server: string; state: string }[];
  };
  assert.deepEqual(s.servers, [{ server: 'secure', state: 'needs-sign-in', refreshable: false }]);
});

test('auth login signs in through $BROWSER; later commands use the tokens; logout removes them', async () => {
  const login = await runBin(['auth', 'login', 'secure', '--json'], { cwd: dir, env, killAfterMs: 30_000 });
  assert.equal(login.code, 0, login.stderr);
  const status = JSON.parse(login.stdout) as { state: string; scopes: string[] };
  assert.equal(status.state, 'signed-in');
  // The browser runs detached and logs after it has read the callback page: wait for it, bounded.
  assert.equal((await browserEntries(browser, 1)).length, 1);

  const authFile = path.join(dir, 'config', 'mcpctl', 'auth.json');
  assert.equal(statSync(authFile).mode & 0o777, 0o600);
  assert.equal(statSync(path.dirname(authFile)).mode & 0o777, 0o700);
  const stored = JSON.stringify(JSON.parse(readFileSync(authFile, 'utf8')));
  const token = /"access_token":"([^"]+)"/.exec(stored)?.[1];
  assert.ok(token, 'an access token is stored');

  const tools = await run(['tools', 'secure', '--json'], { cwd: dir, home: dir, env });
  assert.equal(tools.code, 0, tools.stderr);
  assert.ok((JSON.parse(tools.stdout) as { tools: unknown[] }).tools.length > 0);
  const st = await run(['status', 'secure', '--json'], { cwd: dir, home: dir, env });
  assert.equal(st.code, 0, st.stderr);
  assert.equal((JSON.parse(st.stdout) as { servers: { auth: string }[] }).servers[0].auth, 'signed-in');
  for (const argv of [
    ['auth', 'status'],
    ['auth', 'status', '--json'],
    ['servers', 'secure', '--json'],
    ['status', 'secure'],
  ]) {
    const r = await run(argv, { cwd: dir, home: dir, env, tty: true });
    assert.ok(!r.stdout.includes(token!) && !r.stderr.includes(token!), `${argv.join(' ')} printed the token`);
  }

  const out = await run(['auth', 'logout', 'secure'], { cwd: dir, home: dir, env });
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stderr, /signed out of/);
  const again = await run(['tools', 'secure'], { cwd: dir, home: dir, env });
  assert.equal(again.code, 4);
});

test('auth login of a stdio server is a usage error', async () => {
  const r = await run(['auth', 'login', 'local'], { cwd: dir, home: dir, env });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /stdio server/);
});

test('auth logout needs a server or --all', async () => {
  const r = await run(['auth', 'logout'], { cwd: dir, home: dir, env });
  assert.equal(r.code, 2);
});

test('with HTTP_PROXY set, sign-in and the OAuth requests of later commands go through the proxy too', async () => {
  const { startProxy } = await import('../fixtures/connect-proxy.js');
  const proxy = await startProxy();
  const proxied = await startOAuthFixture();
  try {
    const d = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-authproxy-'));
    const b = await fakeBrowser(d);
    writeFileSync(
      path.join(d, '.mcp.json'),
      JSON.stringify({ mcpServers: { secure: { url: proxied.url, oauth: {} } } }),
    );
    const e = {
      PATH: process.env.PATH ?? '',
      HOME: d,
      XDG_CONFIG_HOME: path.join(d, 'config'),
      XDG_CACHE_HOME: path.join(d, 'cache'),
      BROWSER: b.program,
      HTTP_PROXY: proxy.url,
      MCPCTL_TRUST_PROJECT: '1',
    };
    const login = await runBin(['auth', 'login', 'secure'], { cwd: d, env: e, killAfterMs: 30_000 });
    assert.equal(login.code, 0, login.stderr);
    const host = new URL(proxied.url).host;
    assert.ok(proxy.tunnels().includes(host), `sign-in went through the proxy: ${proxy.tunnels().join(' ')}`);
    assert.ok(
      proxy.requests().includes('POST /token'),
      `the code exchange went through the proxy: ${proxy.requests().join(', ')}`,
    );
    // The server and its authorization server share a host: only the request lines in the
    // tunnels tell that a refresh itself, not just the MCP requests, went through the proxy.
    const tokenRequests = () => proxy.requests().filter((line) => line === 'POST /token').length;
    // Two ways to need a refresh, neither a lifetime a busy machine could outlive twice: the
    // stored token has run out (refreshed before the request), and the server stops
    // accepting it (refreshed after its 401).
    for (const expire of [
      () => expireStoredTokens(path.join(d, 'config', 'mcpctl', 'auth.json')),
      () => proxied.expireAccessTokens(),
    ]) {
      expire();
      const before = proxied.stats.refreshes;
      const proxiedBefore = tokenRequests();
      const r = await run(['tools', 'secure', '--json'], { cwd: d, home: d, env: e });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(proxied.stats.refreshes, before + 1, 'the expired token was refreshed');
      assert.equal(tokenRequests(), proxiedBefore + 1, `requests through the proxy: ${proxy.requests().join(', ')}`);
    }
  } finally {
    await proxied.close();
    await proxy.close();
  }
});
