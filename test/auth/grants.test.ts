// Machine grants (client_credentials with a secret or private_key_jwt, cross-app access via an
// identity provider), a pre-registered client, a client ID metadata document, and the
// 2025-03-26 layout without resource metadata.

import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { authStatus, createAuthProvider, login } from '../../src/auth/index.js';
import { McpctlError } from '../../src/errors.js';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/server.js';
import { freePort } from '../mcp/helpers.js';
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

describe('grants and client identity', () => {
  let fixture: OAuthFixture;
  let home: TempHome;
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  before(async () => {
    fixture = await startOAuthFixture({
      clients: [
        { client_id: 'machine', client_secret: 'machine-secret' },
        { client_id: 'jwt-machine', publicKeyPem },
        { client_id: 'mcp-app', client_secret: 'app-secret' },
        { client_id: 'static-public', redirect_uris: ['http://127.0.0.1:0/callback'] },
      ],
      idp: { idToken: 'id-token-of-alice', clientId: 'idp-client', clientSecret: 'idp-secret' },
    });
    home = await tempHome();
  });
  after(async () => {
    await fixture.close();
    await home.cleanup();
  });

  it('client_credentials with a secret: tokens on demand in a command, and via login', async () => {
    const spec = makeSpec(
      fixture.url,
      { grant: 'client_credentials', clientId: 'machine', clientSecret: 'machine-secret', issuer: fixture.issuer },
      'machine',
    );
    const ctx = makeCtx(home.dir);
    assert.equal((await authStatus(spec, ctx)).state, 'needs-sign-in');
    const client = await connect(fixture.url, await createAuthProvider(spec, ctx, { interactive: false }));
    try {
      await client.listTools();
    } finally {
      await client.close();
    }
    assert.equal(fixture.stats.clientCredentials, 1);
    assert.equal(fixture.stats.lastClientAuth, 'basic');
    assert.equal(fixture.stats.registrations, 0);

    const status = await login(spec, ctx);
    assert.equal(status.state, 'signed-in');
    assert.equal(status.refreshable, true);
    assert.equal(fixture.stats.clientCredentials, 2);
    assertNoSecrets(
      [ctx.stderrText(), JSON.stringify(status)],
      [...(await storedSecrets(home.authFile)), 'machine-secret'],
    );
  });

  it('client_credentials honours tokenEndpointAuthMethod client_secret_post', async () => {
    const spec = makeSpec(
      fixture.url,
      {
        grant: 'client_credentials',
        clientId: 'machine',
        clientSecret: 'machine-secret',
        issuer: fixture.issuer,
        tokenEndpointAuthMethod: 'client_secret_post',
      },
      'machine-post',
    );
    assert.equal((await login(spec, makeCtx(home.dir))).state, 'signed-in');
    assert.equal(fixture.stats.lastClientAuth, 'post');
  });

  it('client_credentials with private_key_jwt (ES256 by default)', async () => {
    const spec = makeSpec(
      fixture.url,
      { grant: 'client_credentials', clientId: 'jwt-machine', privateKey, issuer: fixture.issuer },
      'jwt',
    );
    const status = await login(spec, makeCtx(home.dir));
    assert.equal(status.state, 'signed-in');
    assert.equal(fixture.stats.lastClientAuth, 'private_key_jwt');
  });

  it('refuses client credentials for an authorization server other than the configured issuer', async () => {
    const spec = makeSpec(
      fixture.url,
      {
        grant: 'client_credentials',
        clientId: 'machine',
        clientSecret: 'machine-secret',
        issuer: 'https://other.example.com',
      },
      'wrong',
    );
    const before = fixture.stats.clientCredentials;
    await assert.rejects(login(spec, makeCtx(home.dir)), (err: unknown) => {
      assert.ok(err instanceof McpctlError);
      assert.equal(err.kind, 'auth');
      assert.match(err.message, /not the configured issuer/);
      return true;
    });
    assert.equal(fixture.stats.clientCredentials, before, 'the secret was not sent');
  });

  it('cross-app access: token exchange at the IdP, then the JWT-bearer grant', async () => {
    const spec = makeSpec(
      fixture.url,
      {
        clientId: 'mcp-app',
        clientSecret: 'app-secret',
        issuer: fixture.issuer,
        idp: {
          tokenEndpoint: `${fixture.issuer}/idp/token`,
          clientId: 'idp-client',
          clientSecret: 'idp-secret',
          idToken: 'id-token-of-alice',
        },
      },
      'xaa',
    );
    const status = await login(spec, makeCtx(home.dir));
    assert.equal(status.state, 'signed-in');
    assert.equal(fixture.stats.tokenExchanges, 1);
    assert.equal(fixture.stats.jwtBearer, 1);
  });

  it('uses a configured (pre-registered) public client instead of registering', async () => {
    const own = await startOAuthFixture();
    const fresh = await tempHome();
    try {
      // Register a loopback client up front, as an administrator would, then configure it.
      const port = await freePort();
      const response = await fetch(`${own.issuer}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: [`http://127.0.0.1:${port}/callback`],
          token_endpoint_auth_method: 'none',
        }),
      });
      const { client_id: clientId } = (await response.json()) as { client_id: string };
      const browser = await fakeBrowser(fresh.dir);
      const spec = makeSpec(own.url, { clientId, issuer: own.issuer, redirectPort: port });
      const status = await login(spec, makeCtx(fresh.dir, { BROWSER: browser.program }));
      assert.equal(status.state, 'signed-in');
      assert.equal(own.stats.registrations, 1, 'only the administrator registered');
      assert.equal(own.stats.lastAuthorize?.client_id, clientId);
      assert.equal(own.stats.lastAuthorize?.redirect_uri, `http://127.0.0.1:${port}/callback`);
      await browserEntries(browser, 1);
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });

  it('uses a client ID metadata document where the server supports them', async () => {
    const own = await startOAuthFixture({ cimd: true });
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir);
      const metadataUrl = 'https://client.example.com/mcpctl/client.json';
      const status = await login(
        makeSpec(own.url, { clientMetadataUrl: metadataUrl }),
        makeCtx(fresh.dir, { BROWSER: browser.program }),
      );
      assert.equal(status.state, 'signed-in');
      assert.equal(own.stats.registrations, 0);
      assert.equal(own.stats.lastAuthorize?.client_id, metadataUrl);
      await browserEntries(browser, 1);
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });

  it('signs in to a 2025-03-26 server (no resource metadata: the server origin is the AS)', async () => {
    const own = await startOAuthFixture({ legacy: true });
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir);
      const status = await login(makeSpec(own.url), makeCtx(fresh.dir, { BROWSER: browser.program }));
      assert.equal(status.state, 'signed-in');
      assert.equal(own.stats.registrations, 1);
      assert.equal(own.stats.lastAuthorize?.resource, undefined, 'no resource indicator without resource metadata');
      await browserEntries(browser, 1);
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });

  it('accepts a 2025-03-26 server whose metadata names an issuer path on its own origin', async () => {
    const own = await startOAuthFixture({ legacy: true, reportedIssuer: (origin) => `${origin}/oauth` });
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir);
      const ctx = makeCtx(fresh.dir, { BROWSER: browser.program });
      const status = await login(makeSpec(own.url), ctx);
      assert.equal(status.state, 'signed-in');
      assert.equal(own.stats.codeExchanges, 1);
      await browserEntries(browser, 1);
      // The stored sign-in serves a later command.
      const provider = await createAuthProvider(makeSpec(own.url), ctx, { interactive: false });
      const client = await connect(own.url, provider);
      assert.ok((await client.listTools()).tools.length > 0);
      await client.close();
      await provider?.close();
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });

  it('refuses a 2025-03-26 server whose metadata names an issuer on another origin', async () => {
    const own = await startOAuthFixture({ legacy: true, reportedIssuer: () => 'https://as.example.com' });
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir, 'record-only');
      await assert.rejects(
        login(makeSpec(own.url), makeCtx(fresh.dir, { BROWSER: browser.program })),
        (err: unknown) => {
          assert.ok(err instanceof McpctlError);
          assert.equal(err.kind, 'auth');
          assert.match(err.message, /issuer mismatch/);
          return true;
        },
      );
      assert.equal(own.stats.registrations, 0);
      assert.equal(own.stats.authorizations, 0);
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });

  it('refuses an issuer mismatch when the server publishes resource metadata', async () => {
    const own = await startOAuthFixture({ reportedIssuer: (origin) => `${origin}/oauth` });
    const fresh = await tempHome();
    try {
      const browser = await fakeBrowser(fresh.dir, 'record-only');
      await assert.rejects(
        login(makeSpec(own.url), makeCtx(fresh.dir, { BROWSER: browser.program })),
        /issuer mismatch/,
      );
      assert.equal(own.stats.registrations, 0);
      assert.equal(own.stats.authorizations, 0);
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });
});
