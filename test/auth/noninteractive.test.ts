// Commands other than `auth login`: never a browser, a needed sign-in is exit 4 with a hint,
// a 403 insufficient_scope becomes a remembered step-up that the next login requests.

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { authStatus, createAuthProvider, login } from '../../src/auth/index.js';
import { classifyAuthError } from '../../src/auth/classify.js';
import { McpctlError } from '../../src/errors.js';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/server.js';
import {
  assertNoSecrets,
  connect,
  fakeBrowser,
  makeCtx,
  makeSpec,
  storedSecrets,
  tempHome,
  type TempHome,
} from './helpers.js';

function assertSignInError(err: unknown): McpctlError {
  const error = classifyAuthError(err, 'demo');
  assert.ok(error instanceof McpctlError, `expected an auth error, got ${String(err)}`);
  assert.equal(error.kind, 'auth');
  assert.equal(error.exitCode, 4);
  assert.match(error.hint ?? '', /mcpctl auth login demo/);
  return error;
}

describe('non-interactive use', () => {
  let fixture: OAuthFixture;
  let home: TempHome;

  before(async () => {
    fixture = await startOAuthFixture();
    home = await tempHome();
  });
  after(async () => {
    await fixture.close();
    await home.cleanup();
  });

  it('without a stored sign-in fails with kind auth, starts no browser, registers nothing', async () => {
    const recorder = await fakeBrowser(home.dir, 'record-only');
    const ctx = makeCtx(home.dir, { BROWSER: recorder.program });
    const provider = await createAuthProvider(makeSpec(fixture.url), ctx, { interactive: false });
    assert.ok(provider, 'oauth is configured, so there is a provider');
    await assert.rejects(connect(fixture.url, provider), (err: unknown) => {
      const error = assertSignInError(err);
      assert.match(error.message, /requires OAuth sign-in/);
      return true;
    });
    assert.deepEqual(await recorder.entries(), [], 'no browser was started');
    assert.equal(fixture.stats.registrations, 0);
    assert.equal(fixture.stats.authorizations, 0);
    assert.equal((await authStatus(makeSpec(fixture.url), ctx)).state, 'needs-sign-in');
  });

  it('has no provider for a server without oauth config or stored tokens, or with a static Authorization header', async () => {
    const ctx = makeCtx(home.dir);
    assert.equal(await createAuthProvider(makeSpec(fixture.url, null), ctx, { interactive: false }), undefined);
    const withHeader = makeSpec(fixture.url, null);
    withHeader.headers = { Authorization: 'Bearer static-token' };
    assert.equal(await createAuthProvider(withHeader, ctx, { interactive: false }), undefined);
    assert.equal((await authStatus(makeSpec(fixture.url, null), ctx)).state, 'none');
  });

  it('turns 403 insufficient_scope into a step-up: an auth error, then a login that asks for the union', async () => {
    const browser = await fakeBrowser(home.dir);
    const spec = makeSpec(fixture.url);
    await login(spec, makeCtx(home.dir, { BROWSER: browser.program }));
    assert.equal(fixture.stats.lastAuthorize?.scope, 'mcp:read');

    const recorder = await fakeBrowser(home.dir, 'record-only');
    const ctx = makeCtx(home.dir, { BROWSER: recorder.program });
    const client = await connect(fixture.url, await createAuthProvider(spec, ctx, { interactive: false }));
    let message = '';
    try {
      const whoami = await client.callTool({ name: 'whoami', arguments: {} });
      assert.notEqual(whoami.isError, true);
      await assert.rejects(client.callTool({ name: 'admin_tool', arguments: {} }), (err: unknown) => {
        const error = assertSignInError(err);
        assert.match(error.message, /mcp:admin/);
        message = error.message;
        return true;
      });
    } finally {
      await client.close();
    }
    assert.deepEqual(await recorder.entries(), [], 'no browser was started');
    const pending = await authStatus(spec, ctx);
    assert.equal(pending.state, 'needs-sign-in');

    // The next login requests the granted scope plus the one the server asked for.
    await login(spec, makeCtx(home.dir, { BROWSER: browser.program }));
    assert.deepEqual((fixture.stats.lastAuthorize?.scope ?? '').split(' ').sort(), ['mcp:admin', 'mcp:read']);
    const signedIn = await authStatus(spec, ctx);
    assert.equal(signedIn.state, 'signed-in');
    assert.deepEqual(signedIn.scopes?.sort(), ['mcp:admin', 'mcp:read']);

    const again = await connect(fixture.url, await createAuthProvider(spec, ctx, { interactive: false }));
    try {
      const result = await again.callTool({ name: 'admin_tool', arguments: {} });
      assert.notEqual(result.isError, true);
    } finally {
      await again.close();
    }
    assertNoSecrets([message, ctx.stderrText()], await storedSecrets(home.authFile));
  });

  it('a 403 for a scope the unexpired sign-in already grants is reported as not accepted, not as expired', async () => {
    const own = await startOAuthFixture({ forbidAdminTool: true });
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir);
      const spec = makeSpec(own.url);
      await login(spec, makeCtx(fresh.dir, { BROWSER: browser.program }), { scope: 'mcp:read mcp:admin' });
      await dropRefreshTokens(fresh.authFile);
      const ctx = makeCtx(fresh.dir);
      const client = await connect(own.url, await createAuthProvider(spec, ctx, { interactive: false }));
      try {
        await assert.rejects(client.callTool({ name: 'admin_tool', arguments: {} }), (err: unknown) => {
          const error = assertSignInError(err);
          assert.doesNotMatch(error.message, /expired/);
          assert.match(error.message, /did not accept the stored sign-in/);
          assert.match(error.hint ?? '', /lack the permission/);
          return true;
        });
      } finally {
        await client.close();
      }
      assert.equal(own.stats.forbidden, 1);
      assert.equal((await authStatus(spec, ctx)).state, 'signed-in', 'nothing to step up to');
    } finally {
      await fresh.cleanup();
      await own.close();
    }
  });

  it('an expired sign-in without a refresh token is reported before any request', async () => {
    // A fixture of its own: no late request of an earlier test's client can reach it.
    const own = await startOAuthFixture();
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir);
      const spec = makeSpec(own.url);
      await login(spec, makeCtx(fresh.dir, { BROWSER: browser.program }));
      await dropRefreshTokens(fresh.authFile);

      const ctx = makeCtx(fresh.dir);
      ctx.advance(2 * 3600_000);
      assert.equal((await authStatus(spec, ctx)).state, 'needs-sign-in');
      const requests = own.stats.mcpRequests;
      const provider = await createAuthProvider(spec, ctx, { interactive: false });
      await assert.rejects(connect(own.url, provider), (err: unknown) => {
        assert.match(assertSignInError(err).message, /expired/);
        return true;
      });
      assert.equal(own.stats.mcpRequests, requests, 'nothing was sent with the expired token');
    } finally {
      await fresh.cleanup();
      await own.close();
    }
  });
});

/** Removes the refresh tokens from a stored sign-in, as servers that issue none leave it. */
async function dropRefreshTokens(authFile: string): Promise<void> {
  const data = JSON.parse(await readFile(authFile, 'utf8')) as {
    servers: Record<string, { tokens: Record<string, { refresh_token?: string }> }>;
  };
  for (const server of Object.values(data.servers))
    for (const entry of Object.values(server.tokens)) delete entry.refresh_token;
  await writeFile(authFile, JSON.stringify(data));
}
