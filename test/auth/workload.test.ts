// Workload identity federation through the real program: `oauth.grant: "jwt-bearer"` with
// `assertionFrom` trades the workload's signed JWT (here one signed by the fixture's trusted
// workload issuer, as a CI system signs its OIDC tokens) for an access token, storing no
// secret; an unset variable, a JWT for another audience and a refused JWT are exit 4.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jsonError, run } from '../helpers/run.js';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/server.js';

describe('workload identity (jwt-bearer with assertionFrom)', () => {
  let fixture: OAuthFixture;
  let dir: string;
  let config: string;
  const baseEnv = () => ({
    PATH: process.env.PATH ?? '',
    HOME: dir,
    XDG_CONFIG_HOME: path.join(dir, `config-${Math.random()}`),
  });
  const callWhoami = (env: Record<string, string>) =>
    run(['-c', config, 'call', 'ci', 'whoami', '--json'], { cwd: dir, home: dir, env });

  before(async () => {
    fixture = await startOAuthFixture({
      workloadIssuer: 'https://token.ci.example.com',
      clients: [{ client_id: 'wif-client' }],
    });
    dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-wif-'));
    config = path.join(dir, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          ci: {
            url: fixture.url,
            oauth: { grant: 'jwt-bearer', clientId: 'wif-client', assertionFrom: 'CI_OIDC_TOKEN' },
          },
        },
      }),
    );
  });
  after(async () => {
    await fixture.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exchanges the JWT in the variable for a token; the JWT is stored nowhere', async () => {
    const jwt = fixture.workloadToken({ sub: 'repo:acme/app:ref:refs/heads/main' });
    const env = { ...baseEnv(), CI_OIDC_TOKEN: jwt };
    const r = await callWhoami(env);
    assert.equal(r.code, 0, r.stderr);
    const result = JSON.parse(r.stdout) as { content: Array<{ text: string }> };
    assert.match(
      result.content[0]?.text ?? '',
      /^whoami: client repo:acme\/app:ref:refs\/heads\/main, scopes mcp:read/,
    );
    assert.equal(fixture.stats.workloadExchanges, 1);
    assert.equal(fixture.stats.lastClientAuth, 'none', 'no client secret exists');
    const stored = readFileSync(path.join(env.XDG_CONFIG_HOME, 'mcpctl', 'auth.json'), 'utf8');
    assert.ok(!stored.includes(jwt), 'the workload JWT is not written to the token store');
    assert.ok(!r.stderr.includes(jwt));
  });

  it('an unset variable is exit 4 naming it, before anything is sent', async () => {
    const before = { ...fixture.stats };
    const r = await callWhoami(baseEnv());
    assert.equal(r.code, 4, r.stderr);
    const error = jsonError(r.stderr).error;
    assert.equal(error.kind, 'auth');
    assert.match(error.message, /"CI_OIDC_TOKEN", which is not set/);
    assert.match(error.hint ?? '', /CI_OIDC_TOKEN/);
    assert.equal(fixture.stats.mcpRequests, before.mcpRequests, 'nothing was sent to the server');
    assert.equal(
      fixture.stats.workloadExchanges + fixture.stats.workloadRejections,
      before.workloadExchanges + before.workloadRejections,
    );
  });

  it('a JWT addressed to another audience is not sent (no issuer configured)', async () => {
    const before = { ...fixture.stats };
    const r = await callWhoami({
      ...baseEnv(),
      CI_OIDC_TOKEN: fixture.workloadToken({ sub: 'repo:acme/app', aud: 'https://sts.other.example.com' }),
    });
    assert.equal(r.code, 4, r.stderr);
    assert.match(jsonError(r.stderr).error.message, /workload token in CI_OIDC_TOKEN was not sent: its audience/);
    assert.equal(fixture.stats.workloadRejections, before.workloadRejections, 'the token endpoint never saw it');
  });

  it('a refused JWT (expired) is exit 4, sent once and not retried', async () => {
    const before = { ...fixture.stats };
    const r = await callWhoami({
      ...baseEnv(),
      CI_OIDC_TOKEN: fixture.workloadToken({ sub: 'repo:acme/app', expSec: -120 }),
    });
    assert.equal(r.code, 4, r.stderr);
    assert.match(jsonError(r.stderr).error.message, /refused the workload token in CI_OIDC_TOKEN/);
    assert.equal(fixture.stats.workloadRejections, before.workloadRejections + 1);
    assert.equal(fixture.stats.workloadExchanges, before.workloadExchanges);
  });

  it('the config schema accepts the keys and says what a wrong grant may be', async () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        mcpServers: { ci: { url: fixture.url, oauth: { grant: 'jwt', assertionFrom: 'CI_OIDC_TOKEN' } } },
      }),
    );
    const r = await run(['-c', bad, 'servers', 'ci'], { cwd: dir, home: dir, env: baseEnv() });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /oauth\.grant.*"jwt-bearer"/);
  });
});
