// `auth login` and `auth logout` flags as the README gives them: --no-browser (the URL printed, no
// browser started; through bin/), --scope, --timeout bounding the wait; logout of one server,
// --all and --forget-client with their JSON; and sign-in to a server with no `oauth` key. All but
// the first run through main() in this process: the process is not what they test.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, run, jsonError, type RunResult } from '../helpers/run.js';
import { startOAuthFixture, ADMIN_SCOPE, READ_SCOPE, type OAuthFixture } from '../fixtures/oauth/server.js';
import { browserEntries, fakeBrowser, type FakeBrowser } from '../auth/helpers.js';

let first: OAuthFixture;
let second: OAuthFixture;
let third: OAuthFixture;
let dir: string;
let config: string;
let browser: FakeBrowser;
let env: Record<string, string>;

before(async () => {
  [first, second, third] = await Promise.all([startOAuthFixture(), startOAuthFixture(), startOAuthFixture()]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-authflags-'));
  browser = await fakeBrowser(dir);
  config = path.join(dir, 'servers.json');
  // `plain` has no oauth key: a 401 with OAuth metadata is enough to sign in.
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        first: { url: first.url, oauth: {} },
        second: { url: second.url, oauth: {} },
        plain: { url: third.url },
      },
    }),
  );
  env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    BROWSER: browser.program,
  };
});
after(async () => {
  await Promise.all([first?.close(), second?.close(), third?.close()]);
});

const mcpctl = (args: string[], extraEnv: Record<string, string> = {}) =>
  run(['-c', config, ...args], { cwd: dir, env: { ...env, ...extraEnv }, home: dir });

/** `auth login` through bin/, acting as the person: when the URL appears on stderr, `answer` it. */
function loginWatching(
  args: string[],
  extraEnv: Record<string, string>,
  answer: (url: string) => void,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '-c', config, 'auth', 'login', ...args], {
      cwd: dir,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let answered = false;
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      const url = /open this URL in a browser:\n {2}(\S+)\n/.exec(stderr)?.[1];
      if (url !== undefined && !answered) {
        answered = true;
        answer(url);
      }
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

test('auth login --no-browser prints the URL and starts no browser; opening it signs in', async () => {
  const unused = await fakeBrowser(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-nobrowser-')), 'record-only');
  const r = await loginWatching(['first', '--no-browser', '--json'], { BROWSER: unused.program }, (url) => {
    assert.ok(url.startsWith(`${first.issuer}/authorize?`), url);
    spawn(browser.program, [url], { stdio: 'ignore' }); // the person opens it themselves
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { state: string }).state, 'signed-in');
  assert.match(r.stderr, /Waiting for the sign-in \(up to 300 s\)/);
  assert.deepEqual(await unused.entries(), [], '$BROWSER was not started');
});

test('auth login --scope replaces the scope asked for', async () => {
  const r = await mcpctl(['auth', 'login', 'second', '--scope', `${READ_SCOPE} ${ADMIN_SCOPE}`, '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(second.stats.lastAuthorize?.scope, `${READ_SCOPE} ${ADMIN_SCOPE}`);
  assert.deepEqual((JSON.parse(r.stdout) as { scopes: string[] }).scopes.sort(), [ADMIN_SCOPE, READ_SCOPE].sort());
});

test('auth login --timeout bounds the wait for the browser: exit 124', async () => {
  const silent = await fakeBrowser(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-silent-')), 'record-only');
  const r = await mcpctl(['auth', 'login', 'first', '--timeout', '1', '--json'], { BROWSER: silent.program });
  assert.equal(r.code, 124, r.stderr);
  const e = jsonError(r.stderr).error;
  assert.equal(e.kind, 'timeout');
  assert.match(e.message, /no sign-in arrived within 1 ?s/);
  assert.equal((await browserEntries(silent, 1)).length, 1, 'the browser was started and never came back');
});

test('a server with no oauth key signs in on its 401 and OAuth metadata', async () => {
  const own = { XDG_CONFIG_HOME: path.join(dir, 'plain-config') }; // a token store of its own
  const before = await mcpctl(['tools', 'plain', '--json'], own);
  assert.equal(before.code, 4, before.stderr);
  const login = await mcpctl(['auth', 'login', 'plain', '--json'], own);
  assert.equal(login.code, 0, login.stderr);
  assert.equal((JSON.parse(login.stdout) as { state: string }).state, 'signed-in');
  assert.equal(third.stats.codeExchanges, 1);
  const tools = await mcpctl(['tools', 'plain', '--json'], own);
  assert.equal(tools.code, 0, tools.stderr);
  assert.ok((JSON.parse(tools.stdout) as { tools: unknown[] }).tools.length > 0);
});

test('auth logout: one server with --forget-client, then --all, then --all --forget-client, each with its JSON', async () => {
  for (const name of ['first', 'second']) {
    const login = await mcpctl(['auth', 'login', name]);
    assert.equal(login.code, 0, login.stderr);
  }
  const one = await mcpctl(['auth', 'logout', 'first', '--forget-client', '--json']);
  assert.equal(one.code, 0, one.stderr);
  assert.deepEqual(JSON.parse(one.stdout), { servers: [first.url], clients: [first.issuer] });

  const all = await mcpctl(['auth', 'logout', '--all', '--json']);
  assert.equal(all.code, 0, all.stderr);
  assert.deepEqual(
    JSON.parse(all.stdout),
    { servers: [second.url], clients: [] },
    'tokens only: the second registration stays',
  );

  const clients = await mcpctl(['auth', 'logout', '--all', '--forget-client', '--json']);
  assert.equal(clients.code, 0, clients.stderr);
  assert.deepEqual(JSON.parse(clients.stdout), { servers: [], clients: [second.issuer] });

  const status = await mcpctl(['auth', 'status', '--json']);
  const states = (JSON.parse(status.stdout) as { servers: { server: string; state: string }[] }).servers.map((s) => [
    s.server,
    s.state,
  ]);
  assert.deepEqual(states, [
    ['first', 'needs-sign-in'],
    ['second', 'needs-sign-in'],
    ['plain', 'none'],
  ]);

  // A forgotten client is registered again at the next sign-in.
  const registrations = first.stats.registrations;
  assert.equal((await mcpctl(['auth', 'login', 'first'])).code, 0);
  assert.equal(first.stats.registrations, registrations + 1);
});

test('auth login against a web server whose /.well-known/ pages are HTML: "does not use OAuth", exit 2', async () => {
  const { createServer } = await import('node:http');
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><body>a web site</body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = site.address() as { port: number };
    const r = await mcpctl(['auth', 'login', `http://127.0.0.1:${port}/mcp`, '--no-browser', '--json']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /does not use OAuth/);
    assert.doesNotMatch(r.stderr, /not valid JSON|Unexpected token/);
    assert.equal(jsonError(r.stderr).error.kind, 'usage');
  } finally {
    site.close();
  }
});
