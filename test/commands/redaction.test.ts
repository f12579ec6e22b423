// Secrets in targets and arguments, in the program's output: a URL's userinfo (a user name alone too) and
// query values never show, wherever a URL shows (status table and --json, error messages, the
// JSON error's server field, auth errors and hints, `auth status`), for ad-hoc and configured
// servers; secret-looking arguments are redacted in `servers`; static headers over plain http to
// another host are warned about. The program runs in this process (its main() with fake streams):
// what is checked is the text it writes, not the process around it.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import path from 'node:path';
import { jsonError, run } from '../helpers/run.js';
import { type Workspace, workspace } from '../helpers/hostile.js';
import { fixtures } from '../mcp/helpers.js';
import { type HostileServer, startHostileServer } from '../fixtures/hostile-http-server.js';

let server: HostileServer;
/** A port nothing listens on (taken, then released). */
let closedPort: number;
let origin: string;
let ws: Workspace;

const SECRETS = ['USERTOKEN', 'PASSWORD1', 'QUERYSECRET', 'QUERYMODE', 'FRAGSECRET'];
const withSecrets = (host: string, pathname: string, user = 'ghp_USERTOKEN') =>
  `http://${user}@${host}${pathname}?token=QUERYSECRET&mode=QUERYMODE#FRAGSECRET`;

before(async () => {
  server = await startHostileServer();
  closedPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  origin = `127.0.0.1:${server.port}`;
  ws = workspace({
    configured: { type: 'http', url: withSecrets(origin, '/mcp', 'me:PASSWORD1') },
    'configured-down': { type: 'http', url: withSecrets(`127.0.0.1:${closedPort}`, '/mcp') },
    'configured-private': { type: 'http', url: withSecrets(origin, '/private') },
    secretive: {
      command: process.execPath,
      args: [
        path.join(fixtures, 'fault-server.js'),
        'serve',
        '--token=ARGSECRET1',
        '--api-key',
        'ARGSECRET2',
        '--password',
        'ARGSECRET3',
        'GITHUB_KEY=ARGSECRET4',
        'X_TOKEN=ARGSECRET5',
        'APP_SECRET=ARGSECRET6',
        'Authorization: Bearer ARGSECRET7',
        'https://ARGSECRET8@example.com/x?k=ARGSECRET9',
        '--header=Authorization: Bearer ARGSECRET10',
        '-HAuthorization: Bearer ARGSECRET11',
        '--env=API_KEY=ARGSECRET12',
        '--token=${TOKEN}',
        '--verbose',
        'plain-word',
      ],
    },
    'clear-text': {
      type: 'http',
      url: `http://0.0.0.0:${server.port}/mcp`,
      headers: { Authorization: 'Bearer HEADERSECRET' },
    },
    'loopback-clear-text': {
      type: 'http',
      url: `http://127.0.0.1:${server.port}/mcp`,
      headers: { Authorization: 'Bearer HEADERSECRET' },
    },
  });
});
after(() => server?.close());

const mcpctl = (args: string[]) => run(['-c', ws.config, ...args], { cwd: ws.dir, env: ws.env, home: ws.home });

function assertNoSecret(where: string, text: string): void {
  for (const secret of [...SECRETS, 'HEADERSECRET', ...Array.from({ length: 12 }, (_, i) => `ARGSECRET${i + 1}`)]) {
    assert.ok(!text.includes(secret), `${where} shows ${secret}:\n${text}`);
  }
}

test('status of an ad-hoc URL: the table and --json name it redacted', async () => {
  const url = withSecrets(origin, '/mcp');
  const table = await mcpctl(['status', url]);
  assert.equal(table.code, 0, table.stderr);
  assertNoSecret('status', table.stdout + table.stderr);
  assert.ok(
    table.stdout.includes(`http://<redacted>@${origin}/mcp?token=<redacted>&mode=<redacted>#<redacted>`),
    table.stdout,
  );
  const json = await mcpctl(['status', url, '--json']);
  assert.equal(json.code, 0, json.stderr);
  assertNoSecret('status --json', json.stdout + json.stderr);
  const doc = JSON.parse(json.stdout) as { servers: { server: string; ok: boolean }[] };
  assert.equal(doc.servers[0]!.server, `http://<redacted>@${origin}/mcp?token=<redacted>&mode=<redacted>#<redacted>`);
  assert.equal(doc.servers[0]!.ok, true);
});

test('connection errors (human and the JSON error, its server field too), ad-hoc and configured', async () => {
  const adHoc = withSecrets(`127.0.0.1:${closedPort}`, '/mcp');
  for (const target of [adHoc, 'configured-down']) {
    const human = await mcpctl(['tools', target]);
    assert.equal(human.code, 3, human.stderr);
    assert.match(
      human.stderr,
      /connection refused at http:\/\/<redacted>@127\.0\.0\.1:\d+\/mcp\?token=<redacted>&mode=<redacted>#<redacted>/,
    );
    assertNoSecret(`tools ${target}`, human.stdout + human.stderr);
    const json = await mcpctl(['tools', target, '--json']);
    assert.equal(json.code, 3);
    assertNoSecret(`tools ${target} --json`, json.stdout + json.stderr);
    const error = jsonError(json.stderr).error;
    assert.equal(
      error.server,
      target === adHoc
        ? `http://<redacted>@127.0.0.1:${closedPort}/mcp?token=<redacted>&mode=<redacted>#<redacted>`
        : 'configured-down',
    );
  }
  const status = await mcpctl(['status', 'configured-down', adHoc, '--json']);
  assert.equal(status.code, 3);
  assertNoSecret('status --json of failing servers', status.stdout + status.stderr);
});

test("auth errors, their hints and auth status never show the URL's secrets", async () => {
  const adHoc = withSecrets(origin, '/private');
  for (const target of [adHoc, 'configured-private']) {
    const r = await mcpctl(['tools', target]);
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, /requires authentication \(HTTP 401\)/);
    assert.match(r.stderr, /hint: run `mcpctl auth login /);
    assertNoSecret(`tools ${target}`, r.stdout + r.stderr);
    const json = await mcpctl(['tools', target, '--json']);
    assert.equal(json.code, 4);
    assertNoSecret(`tools ${target} --json`, json.stdout + json.stderr);
    const state = await mcpctl(['auth', 'status', target, '--json']);
    assert.equal(state.code, 0, state.stderr);
    assertNoSecret(`auth status ${target}`, state.stdout + state.stderr);
  }
  const adHocHint = jsonError((await mcpctl(['tools', adHoc, '--json'])).stderr).error.hint;
  assert.equal(adHocHint, 'run `mcpctl auth login URL` with the full URL of the server');
});

test('servers: URLs and secret-looking arguments are redacted, the table and --json alike; references stay', async () => {
  const table = await mcpctl(['servers']);
  assert.equal(table.code, 0, table.stderr);
  assertNoSecret('servers', table.stdout + table.stderr);
  const json = await mcpctl(['servers', '--json']);
  assert.equal(json.code, 0, json.stderr);
  assertNoSecret('servers --json', json.stdout + json.stderr);
  const servers = (JSON.parse(json.stdout) as { servers: { name: string; args?: string[]; url?: string }[] }).servers;
  assert.deepEqual(servers.find((s) => s.name === 'secretive')!.args!.slice(2), [
    '--token=<redacted>',
    '--api-key',
    '<redacted>',
    '--password',
    '<redacted>',
    'GITHUB_KEY=<redacted>',
    'X_TOKEN=<redacted>',
    'APP_SECRET=<redacted>',
    'Authorization: <redacted>',
    'https://<redacted>@example.com/x?k=<redacted>',
    '--header=Authorization: <redacted>',
    '-HAuthorization: <redacted>',
    '--env=API_KEY=<redacted>',
    '--token=${TOKEN}',
    '--verbose',
    'plain-word',
  ]);
  assert.equal(
    servers.find((s) => s.name === 'configured')!.url,
    `http://<redacted>:<redacted>@${origin}/mcp?token=<redacted>&mode=<redacted>#<redacted>`,
  );
});

test('an ad-hoc --stdio server is named by its program: no argument, secret or not, in its name', async () => {
  const r = await mcpctl([
    '--stdio',
    `${process.execPath} ${path.join(fixtures, 'fault-server.js')} serve --token=ARGSECRET1`,
    'status',
    '--json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assertNoSecret('status --stdio', r.stdout + r.stderr);
  assert.equal(
    (JSON.parse(r.stdout) as { servers: { server: string }[] }).servers[0]!.server,
    path.basename(process.execPath),
  );
});

test('static headers over plain http:// to a host that is not loopback are warned about; loopback is not', async () => {
  const remote = await mcpctl(['tools', 'clear-text']);
  assert.equal(remote.code, 0, remote.stderr);
  assert.match(
    remote.stderr,
    /server "clear-text": its headers \(Authorization\) are sent unencrypted over plain http:\/\/ to 0\.0\.0\.0/,
  );
  assertNoSecret('tools clear-text', remote.stdout + remote.stderr);
  const local = await mcpctl(['tools', 'loopback-clear-text']);
  assert.equal(local.code, 0, local.stderr);
  assert.doesNotMatch(local.stderr, /unencrypted/);
});
