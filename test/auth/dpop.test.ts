// DPoP (RFC 9449, SEP-1932) against the local authorization server: when its metadata offers
// DPoP, token requests carry a proof, the tokens are bound to the key (cnf.jkt), the key is
// stored with them (0600), every MCP request carries a fresh proof with the DPoP scheme, and
// server nonces are honoured with one retry, at the token endpoint and at the MCP server.

import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { createAuthProvider, login } from '../../src/auth/index.js';
import { thumbprint } from '../fixtures/oauth/dpop.js';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/server.js';
import {
  assertNoSecrets,
  browserEntries,
  connect,
  fakeBrowser,
  makeCtx,
  makeSpec,
  tempHome,
  type TempHome,
} from './helpers.js';

interface StoredEntry {
  access_token: string;
  token_type: string;
  dpop_key?: { kty: string; crv: string; x: string; y: string; d: string };
}

async function storedEntry(authFile: string): Promise<StoredEntry> {
  const data = JSON.parse(await readFile(authFile, 'utf8')) as {
    servers: Record<string, { issuer: string; tokens: Record<string, StoredEntry> }>;
  };
  const [server] = Object.values(data.servers);
  assert.ok(server !== undefined, 'a server entry is stored');
  const entry = server.tokens[server.issuer];
  assert.ok(entry !== undefined, 'tokens are stored');
  return entry;
}

async function callWhoami(url: string, provider: Awaited<ReturnType<typeof createAuthProvider>>): Promise<string> {
  const client = await connect(url, provider);
  try {
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    const [first] = result.content as Array<{ type: string; text?: string }>;
    return first?.text ?? '';
  } finally {
    await client.close();
    await provider?.close();
  }
}

describe('DPoP', () => {
  let fixture: OAuthFixture;
  let home: TempHome;

  before(async () => {
    fixture = await startOAuthFixture({ dpop: {} });
    home = await tempHome();
  });
  after(async () => {
    await fixture.close();
    await home.cleanup();
  });

  it('signs in with a proof: the tokens are DPoP-bound to the key stored beside them (0600)', async () => {
    const browser = await fakeBrowser(home.dir);
    const ctx = makeCtx(home.dir, { BROWSER: browser.program });
    const status = await login(makeSpec(fixture.url), ctx);
    await browserEntries(browser, 1);
    assert.equal(status.state, 'signed-in');
    assert.equal(fixture.stats.dpopTokenRequests, 1, 'the code exchange carried a valid proof');
    const entry = await storedEntry(home.authFile);
    assert.equal(entry.token_type, 'DPoP');
    assert.ok(entry.dpop_key !== undefined, 'the key pair is kept with the tokens');
    assert.equal(fixture.bindingOf(entry.access_token), thumbprint(entry.dpop_key), 'cnf.jkt is the stored key');
    assert.equal((await stat(home.authFile)).mode & 0o777, 0o600);
    assertNoSecrets([ctx.stderrText(), JSON.stringify(status)], [entry.access_token, entry.dpop_key.d]);
  });

  it('presents the token with the DPoP scheme and a fresh proof on every request', async () => {
    const before = { ...fixture.stats };
    const text = await callWhoami(
      fixture.url,
      await createAuthProvider(makeSpec(fixture.url), makeCtx(home.dir), { interactive: false }),
    );
    assert.match(text, /^whoami: client /);
    // initialize, initialized, tools/call: each with its own proof (a replayed jti is refused).
    assert.ok(
      fixture.stats.dpopRequests - before.dpopRequests >= 3,
      `DPoP requests: ${fixture.stats.dpopRequests - before.dpopRequests}`,
    );
    assert.equal(fixture.stats.dpopRefusals, before.dpopRefusals, fixture.stats.lastDpopError);
  });

  it('the server refuses the same token presented as Bearer', async () => {
    const entry = await storedEntry(home.authFile);
    const response = await fetch(fixture.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${entry.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    assert.equal(response.status, 401);
    assert.match(response.headers.get('www-authenticate') ?? '', /^DPoP error="invalid_token"/);
  });

  it('refreshes an expired token with a proof of the same key', async () => {
    const key = (await storedEntry(home.authFile)).dpop_key;
    fixture.expireAccessTokens();
    const before = fixture.stats.refreshes;
    const text = await callWhoami(
      fixture.url,
      await createAuthProvider(makeSpec(fixture.url), makeCtx(home.dir), { interactive: false }),
    );
    assert.match(text, /^whoami: /);
    assert.equal(fixture.stats.refreshes, before + 1);
    const entry = await storedEntry(home.authFile);
    assert.deepEqual(entry.dpop_key, key, 'the key is kept across the refresh');
    assert.equal(fixture.bindingOf(entry.access_token), thumbprint(key!));
  });

  it('honours nonces: the token endpoint and the MCP server each ask once, the retry succeeds', async () => {
    const own = await startOAuthFixture({
      dpop: { requireNonce: true },
      clients: [{ client_id: 'machine', client_secret: 'machine-secret' }],
    });
    const fresh = await tempHome();
    try {
      const spec = makeSpec(
        own.url,
        { grant: 'client_credentials', clientId: 'machine', clientSecret: 'machine-secret', issuer: own.issuer },
        'nonce',
      );
      const text = await callWhoami(
        own.url,
        await createAuthProvider(spec, makeCtx(fresh.dir), { interactive: false }),
      );
      assert.match(text, /^whoami: client machine/);
      assert.equal(own.stats.dpopNonceChallenges.as, 1, 'one use_dpop_nonce at the token endpoint');
      assert.equal(own.stats.dpopTokenRequests, 1, 'the retried token request carried the nonce');
      assert.equal(
        own.stats.dpopNonceChallenges.rs,
        1,
        'one use_dpop_nonce at the MCP server, then the nonce is reused',
      );
      assert.equal(own.stats.dpopRefusals, 0, own.stats.lastDpopError);
      assert.equal((await storedEntry(fresh.authFile)).token_type, 'DPoP');
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });

  it('keeps Bearer tokens and makes no key when the server does not offer DPoP', async () => {
    const own = await startOAuthFixture({ clients: [{ client_id: 'machine', client_secret: 'machine-secret' }] });
    const fresh = await tempHome();
    try {
      const spec = makeSpec(
        own.url,
        { grant: 'client_credentials', clientId: 'machine', clientSecret: 'machine-secret', issuer: own.issuer },
        'plain',
      );
      await callWhoami(own.url, await createAuthProvider(spec, makeCtx(fresh.dir), { interactive: false }));
      const entry = await storedEntry(fresh.authFile);
      assert.equal(entry.token_type, 'Bearer');
      assert.equal(entry.dpop_key, undefined);
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });
});
