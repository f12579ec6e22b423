// auth logout: forgets one server's sign-in (or all), optionally the registered client too.

import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { authStatus, createAuthProvider, login, logout } from '../../src/auth/index.js';
import { normalizeServerUrl } from '../../src/auth/url.js';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/server.js';
import { fakeBrowser, makeCtx, makeSpec, storedSecrets, tempHome, type TempHome } from './helpers.js';

describe('auth logout', () => {
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

  async function signIn(): Promise<void> {
    const browser = await fakeBrowser(home.dir);
    await login(makeSpec(fixture.url), makeCtx(home.dir, { BROWSER: browser.program }));
  }

  it('removes the tokens; the registered client stays for the next sign-in', async () => {
    await signIn();
    const ctx = makeCtx(home.dir);
    const result = await logout(makeSpec(fixture.url), ctx);
    assert.deepEqual(result, { servers: [normalizeServerUrl(fixture.url)], clients: [] });
    assert.equal((await authStatus(makeSpec(fixture.url), ctx)).state, 'needs-sign-in');
    assert.deepEqual(await storedSecrets(home.authFile), [], 'no token left in the file');
    // Without `oauth` config and without tokens the server is back to "does not use OAuth".
    assert.equal(await createAuthProvider(makeSpec(fixture.url, null), ctx, { interactive: false }), undefined);

    const registrations = fixture.stats.registrations;
    await signIn();
    assert.equal(fixture.stats.registrations, registrations, 'the client was reused');
  });

  it('with forgetClient also forgets the registration, so the next sign-in registers anew', async () => {
    const result = await logout(makeSpec(fixture.url), makeCtx(home.dir), { forgetClient: true });
    assert.deepEqual(result.clients, [fixture.issuer]);
    const data = JSON.parse(await readFile(home.authFile, 'utf8')) as { clients: Record<string, unknown> };
    assert.deepEqual(data.clients, {});
    const registrations = fixture.stats.registrations;
    await signIn();
    assert.equal(fixture.stats.registrations, registrations + 1);
  });

  it('logout all empties the store; logging out again removes nothing', async () => {
    const result = await logout('all', makeCtx(home.dir), { forgetClient: true });
    assert.equal(result.servers.length, 1);
    const data = JSON.parse(await readFile(home.authFile, 'utf8')) as { servers: object; clients: object };
    assert.deepEqual(data.servers, {});
    assert.deepEqual(data.clients, {});
    assert.deepEqual(await logout(makeSpec(fixture.url), makeCtx(home.dir)), { servers: [], clients: [] });
  });
});

describe('auth logout with nothing stored', () => {
  it('takes no lock and writes nothing: the store need not exist, nor its directory be makeable', async () => {
    const home = await tempHome();
    try {
      const spec = makeSpec('http://127.0.0.1:9/mcp');
      assert.deepEqual(await logout(spec, makeCtx(home.dir)), { servers: [], clients: [] });
      assert.deepEqual(await readdir(home.dir), [], 'no store, lock or directory was made');
      // The config directory under a file: nothing can be made there, and nothing needs to be.
      const file = join(home.dir, 'a-file');
      await writeFile(file, '');
      assert.deepEqual(await logout('all', makeCtx(join(file, 'config')), { forgetClient: true }), {
        servers: [],
        clients: [],
      });
    } finally {
      await home.cleanup();
    }
  });
});
