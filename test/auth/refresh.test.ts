// Refresh: before the request when the stored token has expired, after a 401 when the server
// stopped accepting it, and with two mcpctl processes racing on the same rotating refresh token.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, beforeEach, describe, it } from 'node:test';
import { authStatus, createAuthProvider, login } from '../../src/auth/index.js';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/server.js';
import { connect, fakeBrowser, FIXTURES, makeCtx, makeSpec, tempHome, type TempHome } from './helpers.js';

const TWO_HOURS = 2 * 3600_000;

describe('token refresh', () => {
  let fixture: OAuthFixture;
  let home: TempHome;

  before(async () => {
    fixture = await startOAuthFixture({ refreshDelayMs: 300 });
  });
  after(async () => {
    await fixture.close();
    await home?.cleanup();
  });
  beforeEach(async () => {
    await home?.cleanup();
    home = await tempHome();
    const browser = await fakeBrowser(home.dir);
    await login(makeSpec(fixture.url), makeCtx(home.dir, { BROWSER: browser.program }));
  });

  /** tools/list with the stored sign-in, at the time `ctx` says it is. */
  const listTools = async (ctx: ReturnType<typeof makeCtx>) => {
    const client = await connect(
      fixture.url,
      await createAuthProvider(makeSpec(fixture.url), ctx, { interactive: false }),
    );
    try {
      await client.listTools();
    } finally {
      await client.close();
    }
  };

  it('refreshes an expired token before the request (no 401 first)', async () => {
    fixture.expireAccessTokens();
    const ctx = makeCtx(home.dir);
    ctx.advance(TWO_HOURS);
    assert.equal((await authStatus(makeSpec(fixture.url), ctx)).state, 'expired');
    const refreshes = fixture.stats.refreshes;
    const unauthorized = fixture.stats.unauthorized;

    await listTools(ctx);
    assert.equal(fixture.stats.refreshes, refreshes + 1);
    assert.equal(fixture.stats.unauthorized, unauthorized, 'the refresh came before any request');
    assert.equal((await authStatus(makeSpec(fixture.url), ctx)).state, 'signed-in');
  });

  it('refreshes a token about to expire before the request; one with time left is used as it is', async () => {
    // The fixture's tokens live an hour. Half a minute before the end the token still works here,
    // but may not by the time the server reads it: refreshed first, no 401.
    fixture.expireAccessTokens();
    const ctx = makeCtx(home.dir);
    ctx.advance(3600_000 - 30_000);
    assert.equal((await authStatus(makeSpec(fixture.url), ctx)).state, 'signed-in');
    const refreshes = fixture.stats.refreshes;
    const unauthorized = fixture.stats.unauthorized;
    await listTools(ctx);
    assert.equal(fixture.stats.refreshes, refreshes + 1);
    assert.equal(fixture.stats.unauthorized, unauthorized, 'the refresh came before any request');

    // The new token has its hour: ten minutes on, it is used without a refresh.
    const later = makeCtx(home.dir);
    later.advance(3600_000 - 30_000 + 600_000);
    await listTools(later);
    assert.equal(fixture.stats.refreshes, refreshes + 1, 'a token with time left is not refreshed');
    assert.equal(fixture.stats.unauthorized, unauthorized);
  });

  it('refreshes after a 401 when the server no longer accepts an unexpired token', async () => {
    fixture.expireAccessTokens();
    const ctx = makeCtx(home.dir);
    const refreshes = fixture.stats.refreshes;
    const before = await readFile(home.authFile, 'utf8');

    const provider = await createAuthProvider(makeSpec(fixture.url), ctx, { interactive: false });
    const client = await connect(fixture.url, provider);
    try {
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      assert.equal(result.isError, undefined);
      // The SDK's refresh ran under our store lock, and released it once the tokens were saved.
      await assert.rejects(stat(`${home.authFile}.lock`), { code: 'ENOENT' });
    } finally {
      await client.close();
      await provider?.close();
    }
    assert.equal(fixture.stats.refreshes, refreshes + 1);
    assert.notEqual(await readFile(home.authFile, 'utf8'), before, 'the new tokens were saved');
  });

  it('two processes refreshing at once: one refresh at the server, both get the new token, file intact', async () => {
    fixture.expireAccessTokens();
    const refreshes = fixture.stats.refreshes;
    const children = [runRefresher(home.dir, fixture.url), runRefresher(home.dir, fixture.url)];
    // Both are loaded and past their store read before either asks for tokens.
    await Promise.all(children.map((c) => c.ready));
    for (const child of children) child.go();
    const results = await Promise.all(children.map((c) => c.done));

    for (const result of results) assert.equal(result.code, 0, result.stderr);
    assert.equal(fixture.stats.refreshes, refreshes + 1, 'exactly one refresh');
    assert.equal(fixture.stats.refreshReuse, 0, 'no process spent an already used refresh token');
    assert.equal(results[0]?.token, results[1]?.token, 'both use the refreshed token');
    JSON.parse(await readFile(home.authFile, 'utf8'));
  });
});

interface Refresher {
  ready: Promise<void>;
  go(): void;
  done: Promise<{ code: number | null; token?: string; stderr: string }>;
}

function runRefresher(configHome: string, url: string): Refresher {
  const child = spawn(process.execPath, [join(FIXTURES, 'refresher.js')], {
    env: {
      ...process.env,
      REFRESHER_CONFIG_HOME: configHome,
      REFRESHER_URL: url,
      REFRESHER_CLOCK_OFFSET_MS: String(TWO_HOURS),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let token: string | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (line === 'ready') markReady();
    if (line.startsWith('token ')) token = line.slice(6);
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const done = new Promise<{ code: number | null; token?: string; stderr: string }>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(killer);
      markReady();
      resolve({ code, token, stderr });
    });
  });
  return { ready, go: () => child.stdin.end('go\n'), done };
}
