// Sign-in and step-up against a real authorization server: oidc-provider (certified OpenID
// Connect / OAuth 2.0) on loopback, with dynamic registration, PKCE, resource indicators and
// JWT access tokens, driven as a user would with the fake browser as $BROWSER: the first sign-in
// through bin/, the rest through main() in this process (the process is not what they test).

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { run, runBin } from '../helpers/run.js';
import { startOidcFixture, type OidcFixture } from '../fixtures/oauth/oidc.js';
import { browserEntries, fakeBrowser } from './helpers.js';

describe('against oidc-provider', () => {
  let fixture: OidcFixture;
  let dir: string;
  let config: string;

  before(async () => {
    fixture = await startOidcFixture();
    dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-oidc-'));
    config = path.join(dir, 'servers.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: { demo: { url: fixture.url, oauth: {} }, scoped: { url: fixture.url, oauth: { scope: 'mcp' } } },
      }),
    );
  });
  after(async () => {
    await fixture?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** mcpctl with its own config home (`home`) and $BROWSER; in this process unless `throughBin`. */
  async function mcpctl(args: string[], home: string, mode: 'follow' | 'tamper-state' = 'follow', throughBin = false) {
    // Each home its own browser log: entries of one test are not read by another.
    const homeDir = path.join(dir, home);
    mkdirSync(homeDir, { recursive: true });
    const browser = await fakeBrowser(homeDir, mode);
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_CONFIG_HOME: homeDir,
      XDG_CACHE_HOME: path.join(dir, 'cache'),
      BROWSER: browser.program,
    };
    const argv = ['-c', config, ...args];
    const result = throughBin
      ? await runBin(argv, { cwd: dir, env, killAfterMs: 60_000 })
      : await run(argv, { cwd: dir, env, home: dir });
    return { ...result, browser };
  }

  it('signs in end to end: registration, PKCE, a JWT for the MCP resource; a later call uses it', async () => {
    const login = await mcpctl(['auth', 'login', 'demo', '--json'], 'signin', 'follow', true);
    assert.equal(login.code, 0, login.stderr);
    const status = JSON.parse(login.stdout) as { state: string; scopes: string[]; refreshable: boolean };
    assert.equal(status.state, 'signed-in');
    assert.ok(status.scopes.includes('mcp'), `scopes ${status.scopes.join(' ')}`);
    assert.equal(status.refreshable, true);
    // One registration, with no scope: oauth.scope sets none, and the server may hold a client to it.
    assert.deepEqual(fixture.stats.registrationScopes, ['']);
    const [entry] = await browserEntries(login.browser, 1);
    assert.equal(entry?.title, 'Signed in');

    const call = await mcpctl(['call', 'demo', 'whoami', '--json'], 'signin', 'follow', true);
    assert.equal(call.code, 0, call.stderr);
    assert.match(call.stdout, /alice/);
  });

  it('refuses a callback whose state was tampered with, and stores no sign-in', async () => {
    const exchanges = fixture.stats.codeExchanges;
    const login = await mcpctl(['auth', 'login', 'demo'], 'tamper', 'tamper-state');
    assert.equal(login.code, 4, login.stderr);
    assert.match(login.stderr, /state/);
    const [entry] = await browserEntries(login.browser, 1);
    assert.equal(entry?.title, 'Sign-in rejected');
    assert.equal(fixture.stats.codeExchanges, exchanges, 'the code was never exchanged');
    const status = await mcpctl(['auth', 'status', 'demo', '--json'], 'tamper');
    assert.match(status.stdout, /"needs-sign-in"/);
  });

  it('steps up: the admin tool asks for a sign-in, the next login gets "admin", the tool then works', async () => {
    const login = await mcpctl(['auth', 'login', 'demo'], 'stepup');
    assert.equal(login.code, 0, login.stderr);
    assert.equal(fixture.stats.registrationScopes.at(-1), '');

    const refused = await mcpctl(['call', 'demo', 'admin_tool'], 'stepup');
    assert.equal(refused.code, 4, refused.stderr);
    assert.match(refused.stderr, /requires more access than the current sign-in grants \(scope "mcp admin/);
    assert.match(refused.stderr, /mcpctl auth login demo/);
    assert.equal(fixture.stats.adminCalls, 0);

    const again = await mcpctl(['auth', 'login', 'demo', '--json'], 'stepup');
    assert.equal(again.code, 0, again.stderr);
    const status = JSON.parse(again.stdout) as { scopes: string[] };
    assert.ok(status.scopes.includes('admin'), `scopes ${status.scopes.join(' ')}`);

    const admin = await mcpctl(['call', 'demo', 'admin_tool', '--json'], 'stepup');
    assert.equal(admin.code, 0, admin.stderr);
    assert.match(admin.stdout, /admin done/);
    assert.equal(fixture.stats.adminCalls, 1);
  });

  it('registers again, once, when the server holds the registered client to a narrower scope', async () => {
    // oauth.scope: the registration carries it (with offline_access, as auth() requests it).
    const login = await mcpctl(['auth', 'login', 'scoped'], 'reregister');
    assert.equal(login.code, 0, login.stderr);
    assert.equal(fixture.stats.registrationScopes.at(-1), 'mcp offline_access');
    const registrations = fixture.stats.registrationScopes.length;

    const refused = await mcpctl(['call', 'scoped', 'admin_tool'], 'reregister');
    assert.equal(refused.code, 4, refused.stderr);
    assert.match(refused.stderr, /mcpctl auth login scoped/);

    const errors = fixture.stats.errors.length;
    const again = await mcpctl(['auth', 'login', 'scoped', '--json'], 'reregister');
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(fixture.stats.errors.slice(errors), ['invalid_scope'], 'the old client was refused once');
    assert.match(again.stderr, /registering again/);
    assert.equal(fixture.stats.registrationScopes.length, registrations + 1, 'one new registration');
    assert.match(fixture.stats.registrationScopes.at(-1) ?? '', /\badmin\b/);

    const admin = await mcpctl(['call', 'scoped', 'admin_tool', '--json'], 'reregister');
    assert.equal(admin.code, 0, admin.stderr);
    assert.match(admin.stdout, /admin done/);
  });
});
