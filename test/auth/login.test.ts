// Browser sign-in end to end: $BROWSER is a fake browser that follows the authorization
// redirect to our loopback callback; the tokens then work for a real MCP client.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { authStatus, createAuthProvider, login } from '../../src/auth/index.js';
import { McpctlError } from '../../src/errors.js';
import { ADMIN_SCOPE, READ_SCOPE, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/server.js';
import {
  assertNoSecrets,
  browserEntries,
  connect,
  fakeBrowser,
  makeCtx,
  makeSpec,
  storedSecrets,
  tempHome,
  type TempHome,
} from './helpers.js';

describe('auth login (authorization code + PKCE)', () => {
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

  it('signs in through $BROWSER, and the stored tokens serve a later command', async () => {
    const browser = await fakeBrowser(home.dir);
    const ctx = makeCtx(home.dir, { BROWSER: browser.program });
    const spec = makeSpec(fixture.url);

    const status = await login(spec, ctx);
    assert.equal(status.state, 'signed-in');
    assert.deepEqual(status.scopes, ['mcp:read']);
    assert.equal(status.refreshable, true);
    assert.equal(fixture.stats.registrations, 1);
    assert.equal(fixture.stats.codeExchanges, 1);
    const authorize = fixture.stats.lastAuthorize ?? {};
    assert.equal(authorize.code_challenge_method, 'S256');
    assert.equal(authorize.resource, fixture.url);
    assert.match(authorize.redirect_uri ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    assert.equal(fixture.stats.lastTokenResource, fixture.url);

    // The browser saw the success page, which was sent only after the tokens were saved.
    const [entry] = await browserEntries(browser, 1);
    assert.equal(entry?.callbackStatus, 200);
    assert.equal(entry?.title, 'Signed in');
    const page = String(entry?.page);
    assert.match(page, /prefers-color-scheme: dark/);
    assert.match(page, /closes in/);
    assert.match(page, /you can close it now/);
    assert.match(String(entry?.csp), /script-src 'sha256-/);

    // A later, non-interactive command uses the stored tokens.
    const provider = await createAuthProvider(spec, makeCtx(home.dir), { interactive: false });
    assert.ok(provider);
    const client = await connect(fixture.url, provider);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['admin_tool', 'whoami']);
    } finally {
      await client.close();
    }

    const secrets = await storedSecrets(home.authFile);
    assert.ok(secrets.length >= 2);
    assertNoSecrets([ctx.stderrText(), page, JSON.stringify(status)], secrets);
    // The page carries fixed text only: no code or state from the query either.
    assert.doesNotMatch(page, /code_|state=/);
  });

  it('signs in again with the client (and callback port) registered the first time', async () => {
    const browser = await fakeBrowser(home.dir);
    const firstRedirect = fixture.stats.lastAuthorize?.redirect_uri;
    const status = await login(makeSpec(fixture.url), makeCtx(home.dir, { BROWSER: browser.program }));
    assert.equal(status.state, 'signed-in');
    assert.equal(fixture.stats.registrations, 1, 'no second registration');
    assert.equal(fixture.stats.lastAuthorize?.redirect_uri, firstRedirect);
  });

  it('rejects a callback whose state does not match, and stores nothing', async () => {
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir, 'tamper-state');
      const exchangesBefore = fixture.stats.codeExchanges;
      const ctx = makeCtx(fresh.dir, { BROWSER: browser.program });
      await assert.rejects(login(makeSpec(fixture.url), ctx), (err: unknown) => {
        assert.ok(err instanceof McpctlError);
        assert.equal(err.kind, 'auth');
        assert.match(err.message, /state/);
        return true;
      });
      const [entry] = await browserEntries(browser, 1);
      assert.equal(entry?.callbackStatus, 400);
      assert.equal(entry?.title, 'Sign-in rejected');
      assert.equal(fixture.stats.codeExchanges, exchangesBefore);
      assert.equal((await authStatus(makeSpec(fixture.url), ctx)).state, 'needs-sign-in');
    } finally {
      await fresh.cleanup();
    }
  });

  it('with noBrowser prints the URL to stderr, starts no program, and waits for the callback', async () => {
    const fresh = await tempHome();
    try {
      const recorder = await fakeBrowser(fresh.dir, 'record-only');
      const ctx = makeCtx(fresh.dir, { BROWSER: recorder.program });
      const pending = login(makeSpec(fixture.url), ctx, {
        noBrowser: true,
        limit: { at: Date.now() + 20_000, ms: 20_000 },
      });
      // Play the user: take the URL from stderr and open it.
      let url: string | undefined;
      for (let i = 0; i < 400 && url === undefined; i += 1) {
        url = /https?:\/\/\S+\/authorize\S*/.exec(ctx.stderrText())?.[0];
        if (url === undefined) await new Promise((r) => setTimeout(r, 25));
      }
      assert.ok(url, 'the authorization URL is printed');
      const redirect = await fetch(url, { redirect: 'manual' });
      const landing = await fetch(redirect.headers.get('location') ?? '');
      const [status] = await Promise.all([pending, landing.text()]);
      assert.equal(landing.status, 200);
      assert.equal(status.state, 'signed-in');
      assert.deepEqual(await recorder.entries(), [], '$BROWSER was not run');
    } finally {
      await fresh.cleanup();
    }
  });

  it('gives up after the configured wait with a timeout error', async () => {
    const fresh = await tempHome();
    try {
      const ctx = makeCtx(fresh.dir);
      await assert.rejects(
        login(makeSpec(fixture.url), ctx, { noBrowser: true, limit: { at: Date.now() + 300, ms: 300 } }),
        (err: unknown) => {
          assert.ok(err instanceof McpctlError);
          assert.equal(err.kind, 'timeout');
          assert.equal(err.phase, 'auth');
          return true;
        },
      );
    } finally {
      await fresh.cleanup();
    }
  });

  it('requests the configured scope', async () => {
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir);
      const status = await login(
        makeSpec(fixture.url, { scope: 'mcp:read mcp:admin' }),
        makeCtx(fresh.dir, { BROWSER: browser.program }),
      );
      assert.equal(fixture.stats.lastAuthorize?.scope, 'mcp:read mcp:admin');
      assert.deepEqual(status.scopes, ['mcp:read', 'mcp:admin']);
      await browserEntries(browser, 1);
    } finally {
      await fresh.cleanup();
    }
  });

  it('shows the fixed failure page and fails when the authorization server denies access', async () => {
    const denying = await startOAuthFixture({ denyAuthorization: true });
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir);
      await assert.rejects(
        login(makeSpec(denying.url), makeCtx(fresh.dir, { BROWSER: browser.program })),
        (err: unknown) => {
          assert.ok(err instanceof McpctlError);
          assert.equal(err.kind, 'auth');
          assert.match(err.message, /access_denied/);
          return true;
        },
      );
      const [entry] = await browserEntries(browser, 1);
      assert.equal(entry?.callbackStatus, 400);
      assert.equal(entry?.title, 'Sign-in failed');
      assert.doesNotMatch(String(entry?.page), /access_denied/, 'nothing from the server on the page');
      assert.equal(denying.stats.codeExchanges, 0);
    } finally {
      await denying.close();
      await fresh.cleanup();
    }
  });

  it('refuses to sign in to a server that does not use OAuth', async () => {
    const { createServer } = await import('node:http');
    const plain = createServer((req, res) => {
      req.resume();
      res.writeHead(req.url?.startsWith('/.well-known/') ? 404 : 200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const address = plain.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const fresh = await tempHome();
    try {
      const recorder = await fakeBrowser(fresh.dir, 'record-only');
      await assert.rejects(
        login(makeSpec(`http://127.0.0.1:${port}/mcp`, null), makeCtx(fresh.dir, { BROWSER: recorder.program })),
        (err: unknown) => {
          assert.ok(err instanceof McpctlError);
          assert.equal(err.kind, 'usage');
          assert.match(err.message, /does not use OAuth/);
          return true;
        },
      );
      assert.deepEqual(await recorder.entries(), []);
    } finally {
      plain.close();
      plain.closeAllConnections();
      await fresh.cleanup();
    }
  });

  it('keeps the token file private: mode 0600 in a 0700 directory', async () => {
    const { stat } = await import('node:fs/promises');
    const { dirname } = await import('node:path');
    assert.equal((await stat(home.authFile)).mode & 0o777, 0o600);
    assert.equal((await stat(dirname(home.authFile))).mode & 0o777, 0o700);
    JSON.parse(await readFile(home.authFile, 'utf8'));
  });
});

describe('auth login when the token endpoint holds a client to its registered scope', () => {
  it('registers again, once, after an invalid_scope from the code exchange', async () => {
    const fixture = await startOAuthFixture({ holdToRegisteredScope: true });
    const home = await tempHome();
    try {
      const browser = await fakeBrowser(home.dir);
      const ctx = makeCtx(home.dir, { BROWSER: browser.program });
      const spec = makeSpec(fixture.url, { scope: READ_SCOPE });
      // oauth.scope: the registration carries it, and the server holds the client to it.
      const first = await login(spec, ctx);
      assert.equal(first.state, 'signed-in');
      assert.equal(fixture.stats.registrations, 1);

      const status = await login(spec, ctx, { scope: `${READ_SCOPE} ${ADMIN_SCOPE}` });
      assert.deepEqual(status.scopes, [READ_SCOPE, ADMIN_SCOPE]);
      assert.equal(fixture.stats.registrations, 2, 'one new registration');
      assert.match(ctx.stderrText(), /registering again/);
    } finally {
      await fixture.close();
      await home.cleanup();
    }
  });
});
