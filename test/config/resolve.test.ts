// From entry to ServerSpec: interpolation (only when used), the child environment, headersFrom,
// oauth secrets, cwd, the timeout unit rule, protocol defaults and flag overrides, targets.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { loadConfig } from '../../src/config/load.js';
import { resolveServer, resolveTarget } from '../../src/config/resolve.js';
import type { HttpServerSpec, StdioServerSpec } from '../../src/config/types.js';
import type { Env } from '../../src/io.js';
import { McpctlError } from '../../src/errors.js';
import { makeTree, thrown, type Tree } from './helpers.js';
import { fakeContext } from '../helpers/context.js';

async function setup(tree: Tree, servers: object, env: Env = {}) {
  const file = await tree.write('home/dev/app/.mcp.json', { mcpServers: servers });
  const ctx = fakeContext({ cwd: tree.project, home: tree.home, env });
  const config = await loadConfig(ctx, { trustProject: true });
  const entry = (name: string) => {
    const found = config.entries.find((e) => e.name === name);
    assert.ok(found, `no entry ${name}`);
    return found;
  };
  return { file, ctx, config, entry };
}

test('${VAR}, ${VAR:-default} and ${env:VAR} expand in every string value', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, entry } = await setup(
    tree,
    {
      s: {
        command: '${BIN}',
        args: ['--root=${ROOT}', '${UNSET:-fallback}', '${EMPTY:-was-empty}', '${env:ROOT}', 'a$b ${'],
        env: { TOKEN: 'x-${SECRET}' },
      },
      h: { url: 'https://${HOST:-localhost}/mcp', headers: { Authorization: 'Bearer ${SECRET}' } },
    },
    { BIN: 'node', ROOT: '/data', SECRET: 's3cret', EMPTY: '' },
  );
  const s = resolveServer(entry('s'), ctx) as StdioServerSpec;
  assert.equal(s.command, 'node');
  assert.deepEqual(s.args, ['--root=/data', 'fallback', 'was-empty', '/data', 'a$b ${']);
  assert.equal(s.env.TOKEN, 'x-s3cret');
  const h = resolveServer(entry('h'), ctx) as HttpServerSpec;
  assert.equal(h.url, 'https://localhost/mcp');
  assert.equal(h.headers.Authorization, 'Bearer s3cret');
  // The loaded entry itself keeps the text as written.
  assert.equal(entry('h').raw.headers?.Authorization, 'Bearer ${SECRET}');
});

test('a missing variable is a config error naming file, JSON path and variable — only for the server used', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, entry, config } = await setup(tree, {
    github: { url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } },
    fine: { command: 'node' },
  });
  // Loading, and resolving the other server, are fine.
  assert.equal(resolveTarget(config, 'fine', ctx).transport, 'stdio');
  const err = await thrown(() => resolveServer(entry('github'), ctx));
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'config');
  assert.equal(err.server, 'github');
  assert.match(
    err.message,
    /^\.mcp\.json:\d+:\d+: server "github": mcpServers\.github\.headers\.Authorization: environment variable "GITHUB_TOKEN" is not set$/,
  );
  assert.match(err.hint ?? '', /set GITHUB_TOKEN .*\$\{GITHUB_TOKEN:-default\}/);
});

test("an entry with VS Code's ${input:…} is skipped with a warning naming it; ${workspaceFolder} is known", async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  await tree.write('home/dev/app/.vscode/mcp.json', {
    servers: {
      v: { type: 'http', url: 'https://x/mcp', headers: { Authorization: '${input:token}' } },
      w: { command: 'node', args: ['${workspaceFolder}/server.js', '${userHome}'] },
    },
  });
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  const config = await loadConfig(ctx, { trustProject: true });
  assert.deepEqual(
    config.entries.map((e) => e.name),
    ['w'],
  );
  assert.equal(config.warnings.length, 1);
  assert.match(
    config.warnings[0]!,
    /\.vscode\/mcp\.json:\d+:\d+: server "v" uses \$\{input:…\}, a value only an editor asks for; skipped/,
  );
  const w = resolveTarget(config, 'w', ctx) as StdioServerSpec;
  assert.deepEqual(w.args, [path.join(tree.project, 'server.js'), tree.home]);
});

test('inheritEnv true passes our environment; false, the default, passes the allowlist, envFrom and env only', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const env = {
    PATH: '/bin',
    HOME: '/h',
    HTTPS_PROXY: 'http://proxy',
    SSL_CERT_FILE: '/ca.pem',
    SECRET: 'nope',
    PASSED: 'yes',
    OVERRIDDEN: 'ours',
  };
  const { ctx, entry } = await setup(
    tree,
    {
      open: { command: 'a', inheritEnv: true, env: { EXTRA: '1', OVERRIDDEN: 'theirs' } },
      closed: { command: 'a', inheritEnv: false, envFrom: ['PASSED'], env: { EXTRA: '1' } },
      unsaid: { command: 'a', envFrom: ['PASSED'], env: { EXTRA: '1' } },
      missing: { command: 'a', inheritEnv: false, envFrom: ['NOT_SET'] },
    },
    env,
  );
  const open = resolveServer(entry('open'), ctx) as StdioServerSpec;
  assert.deepEqual(open.env, { ...env, EXTRA: '1', OVERRIDDEN: 'theirs' });
  const closed = resolveServer(entry('closed'), ctx) as StdioServerSpec;
  assert.deepEqual(closed.env, {
    PATH: '/bin',
    HOME: '/h',
    HTTPS_PROXY: 'http://proxy',
    SSL_CERT_FILE: '/ca.pem',
    PASSED: 'yes',
    EXTRA: '1',
  });
  const unsaid = resolveServer(entry('unsaid'), ctx) as StdioServerSpec;
  assert.deepEqual(unsaid.env, closed.env, 'without inheritEnv, a server gets what inheritEnv: false gives');
  const err = await thrown(() => resolveServer(entry('missing'), ctx));
  assert.ok(err instanceof McpctlError && err.kind === 'config');
  assert.match(
    err.message,
    /server "missing": "envFrom\[0\]" names environment variable "NOT_SET" \(to pass to the server\), which is not set/,
  );
});

test('headersFrom reads header values from our environment; a missing one names the header and variable', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, entry } = await setup(
    tree,
    {
      h: { url: 'https://a/mcp', headers: { 'X-Static': 'v' }, headersFrom: { Authorization: 'API_TOKEN' } },
      m: { url: 'https://a/mcp', headersFrom: { 'X-Key': 'NO_SUCH' } },
    },
    { API_TOKEN: 'Bearer t0k' },
  );
  const h = resolveServer(entry('h'), ctx) as HttpServerSpec;
  assert.deepEqual(h.headers, { 'X-Static': 'v', Authorization: 'Bearer t0k' });
  const err = await thrown(() => resolveServer(entry('m'), ctx));
  assert.ok(err instanceof McpctlError && err.kind === 'config');
  assert.match(
    err.message,
    /"headersFrom\.X-Key" names environment variable "NO_SUCH" \(the value of header X-Key\), which is not set/,
  );
});

test('oauth secrets are read from the variables the *From keys name', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, entry } = await setup(
    tree,
    {
      o: {
        url: 'https://a/mcp',
        oauth: {
          clientId: 'cid',
          issuer: 'https://auth',
          scope: 'a b',
          redirectPort: 8765,
          clientSecretFrom: 'CS',
          tokenEndpointAuthMethod: 'private_key_jwt',
          privateKeyFrom: 'PK',
          grant: 'client_credentials',
          idp: { issuer: 'https://idp', clientId: 'idp-c', clientSecretFrom: 'IDP_CS', idTokenFrom: 'IDT' },
        },
      },
    },
    { CS: 'secret', PK: '-----BEGIN PRIVATE KEY-----', IDP_CS: 'idp-secret', IDT: 'eyJ' },
  );
  const o = resolveServer(entry('o'), ctx) as HttpServerSpec;
  assert.deepEqual(o.oauth, {
    clientId: 'cid',
    issuer: 'https://auth',
    scope: 'a b',
    redirectPort: 8765,
    clientSecret: 'secret',
    tokenEndpointAuthMethod: 'private_key_jwt',
    privateKey: '-----BEGIN PRIVATE KEY-----',
    grant: 'client_credentials',
    idp: { issuer: 'https://idp', clientId: 'idp-c', clientSecret: 'idp-secret', idToken: 'eyJ' },
  });
});

test('cwd is relative to the config file and must exist', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  await tree.write('home/dev/tools/keep', '');
  await tree.write('home/dev/.mcp.json', {
    mcpServers: { rel: { command: 'a', cwd: 'tools' }, gone: { command: 'a', cwd: 'nowhere' } },
  });
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  const config = await loadConfig(ctx, { trustProject: true });
  const rel = resolveTarget(config, 'rel', ctx) as StdioServerSpec;
  assert.equal(rel.cwd, path.join(tree.home, 'dev', 'tools'));
  const err = await thrown(() => resolveTarget(config, 'gone', ctx));
  assert.ok(err instanceof McpctlError && err.kind === 'config');
  assert.ok(
    err.message.includes(`"cwd" is ${path.join(tree.home, 'dev', 'nowhere')}, which is not an existing directory`),
    err.message,
  );
  // Without cwd, the server starts in our working directory.
  await tree.write('home/dev/app/.mcp.json', { mcpServers: { plain: { command: 'a' } } });
  const plain = resolveTarget(await loadConfig(ctx, { trustProject: true }), 'plain', ctx) as StdioServerSpec;
  assert.equal(plain.cwd, tree.project);
});

test('timeout: below 1000 is seconds, 1000 and above is milliseconds, default 30 s; --timeout wins', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, entry } = await setup(tree, {
    secs: { command: 'a', timeout: 30 },
    half: { command: 'a', timeout: 0.5 },
    ms: { command: 'a', timeout: 60000 },
    none: { command: 'a' },
  });
  assert.equal(resolveServer(entry('secs'), ctx).timeoutMs, 30_000);
  assert.equal(resolveServer(entry('half'), ctx).timeoutMs, 500);
  assert.equal(resolveServer(entry('ms'), ctx).timeoutMs, 60_000);
  assert.equal(resolveServer(entry('none'), ctx).timeoutMs, 30_000);
  // --timeout (checked by its flag parser, test/commands/main.test.ts) replaces every file's value.
  assert.equal(resolveServer(entry('ms'), ctx, { timeoutMs: 5_000 }).timeoutMs, 5_000);
});

test('transport inference, fallback and protocol defaults; --protocol wins', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, entry } = await setup(tree, {
    local: { command: 'a' },
    inferred: { url: 'https://a/mcp' },
    explicit: { type: 'streamable-http', url: 'https://a/mcp' },
    legacySse: { transport: 'sse', url: 'https://a/sse', protocolVersion: '2024-11-05' },
  });
  const local = resolveServer(entry('local'), ctx);
  assert.equal(local.transport, 'stdio');
  assert.equal(local.protocol, 'legacy');
  const inferred = resolveServer(entry('inferred'), ctx) as HttpServerSpec;
  assert.deepEqual([inferred.transport, inferred.sseFallback, inferred.protocol], ['http', true, 'auto']);
  const explicit = resolveServer(entry('explicit'), ctx) as HttpServerSpec;
  assert.deepEqual([explicit.transport, explicit.sseFallback], ['http', false]);
  const sse = resolveServer(entry('legacySse'), ctx) as HttpServerSpec;
  assert.deepEqual([sse.transport, sse.sseFallback, sse.protocol], ['sse', false, '2024-11-05']);
  assert.equal(resolveServer(entry('legacySse'), ctx, { protocol: '2026-07-28' }).protocol, '2026-07-28');
});

test('a url that is not http(s) after expansion is a config error', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, entry } = await setup(tree, { bad: { url: '${BASE}/mcp' } }, { BASE: 'ftp://files' });
  const err = await thrown(() => resolveServer(entry('bad'), ctx));
  assert.ok(err instanceof McpctlError && err.kind === 'config');
  assert.match(err.message, /server "bad": "url" is not an http:\/\/ or https:\/\/ URL \(it uses ftp:\)/);
});

test('an unknown name is a usage error with close names and the files read', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, config } = await setup(tree, {
    github: { command: 'a' },
    gitlab: { command: 'b' },
    memory: { command: 'c' },
  });
  const err = await thrown(() => resolveTarget(config, 'githb', ctx));
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'usage');
  assert.equal(err.exitCode, 2);
  assert.equal(err.message, 'unknown server "githb" (did you mean "github"?)');
  const two = await thrown(() => resolveTarget(config, 'gitla', ctx));
  assert.ok(two instanceof McpctlError);
  assert.equal(two.message, 'unknown server "gitla" (did you mean "gitlab"?)');
  assert.match(err.hint ?? '', /servers are read from \.mcp\.json \(github, gitlab, memory\)/);
  assert.match(err.hint ?? '', /http\(s\):\/\/ URL or --stdio/);

  const none = await thrown(() =>
    resolveTarget(
      { entries: [], shadowed: [], projectFiles: [], files: [], searched: ['/a', '/b'], warnings: [] },
      'x',
      ctx,
    ),
  );
  assert.ok(none instanceof McpctlError);
  assert.match(none.hint ?? '', /no config file was found/);
});

test('a disabled server named explicitly is a config error saying so', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, config } = await setup(tree, { off: { command: 'a', disabled: true } });
  assert.equal(config.entries[0]!.disabled, true);
  const err = await thrown(() => resolveTarget(config, 'off', ctx));
  assert.ok(err instanceof McpctlError && err.kind === 'config');
  assert.match(err.message, /server "off" is disabled/);
});

test('an http(s) URL that names no server is an ad-hoc HTTP server; a configured name wins over it', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const { ctx, config } = await setup(tree, { 'http://named': { command: 'a' } });
  const adhoc = resolveTarget(config, 'http://127.0.0.1:3000/mcp', ctx, { timeoutMs: 7_000 }) as HttpServerSpec;
  assert.deepEqual(adhoc, {
    name: 'http://127.0.0.1:3000/mcp',
    source: 'command line',
    transport: 'http',
    url: 'http://127.0.0.1:3000/mcp',
    headers: {},
    sseFallback: true,
    timeoutMs: 7000,
    protocol: 'auto',
  });
  assert.equal(resolveTarget(config, 'http://named', ctx).transport, 'stdio');
});
