// The base environment through bin/, against server-everything's get-env tool (it prints the
// environment it was started with): by default, as with `inheritEnv: false`, exactly the README's
// allow-list, envFrom and env reach the server, nothing else of ours; `inheritEnv: true` passes all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBin } from '../helpers/run.js';
import { everything } from '../mcp/helpers.js';

/** The README's list: PATH, HOME, USER, LOGNAME, SHELL, TERM, LANG, LC_ALL, TMPDIR, proxy and CA variables. */
const ALLOWED = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'LC_ALL',
  'TMPDIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
];

/** The environment server-everything saw, started by mcpctl run with `env` (HOME included). */
async function serverEnv(entry: Record<string, unknown>, env: Record<string, string>): Promise<Record<string, string>> {
  const dir = env.HOME ?? mkdtempSync(path.join(os.tmpdir(), 'mcpctl-env-'));
  const config = path.join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({ mcpServers: { env: { command: process.execPath, args: [everything, 'stdio'], ...entry } } }),
  );
  const r = await runBin(['-c', config, 'call', 'env', 'get-env', '--json'], { cwd: dir, env });
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(r.stdout) as { content: { text: string }[] };
  return JSON.parse(result.content[0]?.text ?? '{}') as Record<string, string>;
}

test('inheritEnv: false passes the whole allow-list, envFrom and env, and nothing else', async () => {
  const ours: Record<string, string> = {
    SECRET_TOKEN: 'sekrit',
    PASSED_ON: 'named in envFrom',
    AWS_SECRET_ACCESS_KEY: 'nope',
  };
  for (const name of ALLOWED) ours[name] = name === 'PATH' ? (process.env.PATH ?? '/usr/bin:/bin') : `value of ${name}`;
  ours.HOME = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-env-'));
  ours.TMPDIR = os.tmpdir();
  ours.NODE_EXTRA_CA_CERTS = '/dev/null'; // read by node at start: any readable path
  const got = await serverEnv({ inheritEnv: false, envFrom: ['PASSED_ON'], env: { EXTRA: 'from the config' } }, ours);
  const expected: Record<string, string> = { PASSED_ON: 'named in envFrom', EXTRA: 'from the config' };
  for (const name of ALLOWED) expected[name] = ours[name] as string;
  assert.deepEqual(Object.keys(got).sort(), Object.keys(expected).sort());
  assert.deepEqual(got, expected);
});

/** What a CI job holds and no server was given. */
const CI_SECRETS = { GITHUB_TOKEN: 'ghs_ci', AWS_SECRET_ACCESS_KEY: 'aws-secret', NPM_TOKEN: 'npm_ci' };

test('by default a server sees no variable its entry did not name: no CI token reaches it', async () => {
  const got = await serverEnv(
    { envFrom: ['NPM_TOKEN'], env: { EXTRA: 'from the config' } },
    { PATH: process.env.PATH ?? '', ...CI_SECRETS },
  );
  assert.equal(got.GITHUB_TOKEN, undefined);
  assert.equal(got.AWS_SECRET_ACCESS_KEY, undefined);
  assert.deepEqual(Object.keys(got).sort(), ['EXTRA', 'NPM_TOKEN', 'PATH']);
  assert.equal(got.NPM_TOKEN, 'npm_ci', 'envFrom names it');
});

test('inheritEnv: true passes our whole environment', async () => {
  const got = await serverEnv({ inheritEnv: true }, { PATH: process.env.PATH ?? '', ...CI_SECRETS });
  assert.equal(got.GITHUB_TOKEN, 'ghs_ci');
  assert.equal(got.AWS_SECRET_ACCESS_KEY, 'aws-secret');
  assert.equal(got.NPM_TOKEN, 'npm_ci');
});
