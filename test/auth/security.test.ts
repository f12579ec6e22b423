// HTTPS for every OAuth endpoint (plain http only on loopback), and no token in any message.

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createAuthProvider, login } from '../../src/auth/index.js';
import { isSecureOAuthUrl, normalizeServerUrl } from '../../src/auth/url.js';
import { McpctlError } from '../../src/errors.js';
import { startOAuthFixture } from '../fixtures/oauth/server.js';
import { fakeBrowser, makeCtx, makeSpec, tempHome } from './helpers.js';

function assertRefused(err: unknown, what: RegExp): true {
  assert.ok(err instanceof McpctlError, String(err));
  assert.equal(err.kind, 'auth');
  assert.match(err.message, /must use https/);
  assert.match(err.message, what);
  return true;
}

describe('OAuth endpoint security', () => {
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('accepts https anywhere and http only on loopback', () => {
    assert.equal(isSecureOAuthUrl('https://auth.example.com/token'), true);
    assert.equal(isSecureOAuthUrl('http://127.0.0.1:8080/token'), true);
    assert.equal(isSecureOAuthUrl('http://localhost/token'), true);
    assert.equal(isSecureOAuthUrl('http://[::1]:9000/token'), true);
    assert.equal(isSecureOAuthUrl('http://auth.example.com/token'), false);
    assert.equal(isSecureOAuthUrl('http://10.0.0.5/token'), false);
    assert.equal(isSecureOAuthUrl('ftp://127.0.0.1/token'), false);
  });

  it('refuses an authorization server on a non-loopback http:// URL before contacting it', async () => {
    const fixture = await startOAuthFixture({ insecure: 'authorization_server' });
    const home = await tempHome();
    cleanups.push(
      () => fixture.close(),
      () => home.cleanup(),
    );
    const browser = await fakeBrowser(home.dir, 'record-only');
    await assert.rejects(login(makeSpec(fixture.url), makeCtx(home.dir, { BROWSER: browser.program })), (err) =>
      assertRefused(err, /192\.0\.2\.1/),
    );
    assert.deepEqual(await browser.entries(), []);
    assert.equal(fixture.stats.registrations, 0);
  });

  it('refuses a token endpoint on a non-loopback http:// URL before any sign-in starts', async () => {
    const fixture = await startOAuthFixture({ insecure: 'token_endpoint' });
    const home = await tempHome();
    cleanups.push(
      () => fixture.close(),
      () => home.cleanup(),
    );
    const browser = await fakeBrowser(home.dir, 'record-only');
    await assert.rejects(login(makeSpec(fixture.url), makeCtx(home.dir, { BROWSER: browser.program })), (err) =>
      assertRefused(err, /token endpoint/),
    );
    assert.deepEqual(await browser.entries(), [], 'no browser for a flow that would send the code over http');
    assert.equal(fixture.stats.registrations, 0);
  });

  it('refuses OAuth for a non-loopback http:// server URL without any request', async () => {
    const home = await tempHome();
    cleanups.push(() => home.cleanup());
    const spec = makeSpec('http://192.0.2.1/mcp');
    await assert.rejects(createAuthProvider(spec, makeCtx(home.dir), { interactive: false }), (err) =>
      assertRefused(err, /server URL/),
    );
    await assert.rejects(login(spec, makeCtx(home.dir)), (err) => assertRefused(err, /server URL/));
  });

  it('stores tokens per normalised server URL: another URL never gets them', async () => {
    assert.equal(normalizeServerUrl('HTTPS://Example.COM:443/mcp#x'), 'https://example.com/mcp');
    assert.notEqual(normalizeServerUrl('https://example.com/mcp'), normalizeServerUrl('https://example.com/mcp/'));

    const fixture = await startOAuthFixture();
    const home = await tempHome();
    cleanups.push(
      () => fixture.close(),
      () => home.cleanup(),
    );
    const browser = await fakeBrowser(home.dir);
    await login(makeSpec(fixture.url), makeCtx(home.dir, { BROWSER: browser.program }));
    // Same server, different path: no stored sign-in, so no provider (and no token sent).
    const other = makeSpec(`${fixture.url}/other`, null);
    assert.equal(await createAuthProvider(other, makeCtx(home.dir), { interactive: false }), undefined);
  });
});
