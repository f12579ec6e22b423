// Syntax and schema errors point at file:line:col and name the server, the key and what is
// allowed; unknown keys are warnings; snake_case spellings are accepted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config/load.js';
import { McpctlError } from '../../src/errors.js';
import { makeTree, thrown, type Tree } from './helpers.js';
import { fakeContext } from '../helpers/context.js';

async function loadError(tree: Tree, text: string): Promise<McpctlError> {
  await tree.write('home/dev/app/.mcp.json', text);
  const err = await thrown(() => loadConfig(fakeContext({ cwd: tree.project, home: tree.home })));
  assert.ok(err instanceof McpctlError, `expected McpctlError, got ${String(err)}`);
  assert.equal(err.kind, 'config');
  assert.equal(err.exitCode, 2);
  return err;
}

/** A file with one server `x` whose body is `body`, the key on line 3, its members from line 4 column 5. */
const oneServer = (body: string) => `{\n  "mcpServers": {\n    "x": {\n${body}\n    }\n  }\n}\n`;

test('a syntax error reports file:line:col and shows the line with a caret', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const err = await loadError(tree, '{\n  "mcpServers": {\n    "x": { "command": "a" ,, }\n  }\n}\n');
  const lines = err.message.split('\n');
  assert.equal(
    lines[0],
    '.mcp.json:3:28: invalid JSON: expected a property name in double quotes (PropertyNameExpected)',
  );
  assert.equal(lines[1], '  3 |     "x": { "command": "a" ,, }');
  assert.equal(lines[2], `    | ${' '.repeat(27)}^`);
  assert.match(err.hint ?? '', /fix the syntax of \.mcp\.json/);
});

test('a missing comma and an unterminated string are located too', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const comma = await loadError(tree, '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}');
  assert.match(comma.message, /^\.mcp\.json:4:5: invalid JSON: expected "," \(CommaExpected\)/);
  const string = await loadError(tree, '{\n\t"mcpServers": { "a": { "command": "x\n');
  assert.match(string.message, /^\.mcp\.json:2:36: invalid JSON: unterminated string/);
  // The caret line keeps the tab so that it lines up under the quote.
  assert.equal(string.message.split('\n')[2], `    | \t${' '.repeat(34)}^`);
});

test('both command and url, or neither, is an error at the server', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const both = await loadError(tree, oneServer('      "command": "a",\n      "url": "https://x"'));
  assert.equal(
    both.message,
    '.mcp.json:3:5: server "x": needs exactly one of "command" (stdio) or "url" (http/sse); it has both',
  );
  const neither = await loadError(tree, oneServer('      "args": []'));
  assert.match(neither.message, /^\.mcp\.json:3:5: server "x": needs exactly one of .* it has neither$/);
});

test('timeout must be a positive number: negative, string and infinite are refused', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  for (const bad of ['-5', '0', '"30"', '1e999']) {
    const err = await loadError(tree, oneServer(`      "command": "a",\n      "timeout": ${bad}`));
    assert.equal(
      err.message,
      '.mcp.json:5:7: server "x": "timeout" must be a positive number of seconds (1000 and more is read as milliseconds)',
      `timeout ${bad}`,
    );
  }
});

test('bad type and bad protocolVersion name the allowed values; the snake_case key is named as written', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const type = await loadError(tree, oneServer('      "command": "a",\n      "type": "websocket"'));
  assert.equal(
    type.message,
    '.mcp.json:5:7: server "x": "type" must be one of "stdio", "http", "streamable-http", "sse"',
  );
  const alias = await loadError(tree, oneServer('      "url": "https://a",\n      "transport": "ws"'));
  assert.match(alias.message, /^\.mcp\.json:5:7: server "x": "transport" must be one of "stdio"/);
  const proto = await loadError(tree, oneServer('      "command": "a",\n      "protocol_version": "2025-01-01"'));
  assert.equal(
    proto.message,
    '.mcp.json:5:7: server "x": "protocol_version" must be one of "auto", "legacy", "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"',
  );
});

test('several problems are reported together, each with its place', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const err = await loadError(
    tree,
    `{
  "mcpServers": {
    "a": { "command": "x", "args": ["ok", 3], "disabled": "yes" },
    "b": { "url": "https://b", "oauth": { "redirect_port": 70000, "grant": "password" } },
    "c": { "command": "x", "type": "http" }
  }
}`,
  );
  const lines = err.message.split('\n');
  assert.equal(lines[0], '5 problems in the configuration:');
  assert.deepEqual(
    lines.slice(1).map((l) => l.trim()),
    [
      '.mcp.json:3:43: server "a": "args[1]" must be a string',
      '.mcp.json:3:47: server "a": "disabled" must be true or false',
      '.mcp.json:4:43: server "b": "oauth.redirect_port" must be a port number from 1 to 65535',
      '.mcp.json:4:67: server "b": "oauth.grant" must be one of "authorization_code", "client_credentials", "jwt-bearer"',
      '.mcp.json:5:28: server "c": "type" is "http", which needs "url", not "command"',
    ],
  );
});

test('oauth: a static clientId needs an issuer; private_key_jwt needs privateKeyFrom', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const err = await loadError(
    tree,
    oneServer(
      '      "url": "https://a",\n      "oauth": { "clientId": "abc", "tokenEndpointAuthMethod": "private_key_jwt" }',
    ),
  );
  assert.match(err.message, /5:18: server "x": "oauth\.clientId" needs "oauth\.issuer"/);
  assert.match(err.message, /5:37: server "x": "private_key_jwt" needs "oauth\.privateKeyFrom"/);
});

test('unknown keys are warnings naming the key, with a suggestion; the entry still loads', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  await tree.write(
    'home/dev/app/.mcp.json',
    oneServer(
      '      "command": "a",\n      "tiemout": 10,\n      "oauth": { "scopes": "x" },\n      "autoApprove": []',
    ),
  );
  const config = await loadConfig(fakeContext({ cwd: tree.project, home: tree.home }));
  assert.equal(config.entries.length, 1);
  assert.deepEqual(config.warnings, [
    '.mcp.json:5:7: server "x": unknown key "tiemout" ignored (did you mean "timeout"?)',
    '.mcp.json:6:18: server "x": unknown key "oauth.scopes" ignored (did you mean "scope"?)',
    '.mcp.json:6:7: server "x": "oauth" applies to http/sse servers only; ignored',
  ]);
  assert.equal('tiemout' in config.entries[0]!.raw, false);
});

test('snake_case spellings are read as the camelCase keys', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  await tree.write('home/dev/app/.mcp.json', {
    $schema: '../../mcpctl.schema.json',
    mcpServers: {
      s: {
        command: 'a',
        env_from: ['A'],
        inherit_env: false,
        protocol_version: 'legacy',
        enabled_tools: ['x*'],
        disabled_tools: ['y'],
      },
      h: {
        url: 'https://h',
        headers_from: { Authorization: 'TOKEN' },
        oauth: {
          client_id: 'c',
          issuer: 'https://i',
          client_secret_from: 'S',
          token_endpoint_auth_method: 'client_secret_post',
          idp: { id_token_from: 'T' },
        },
      },
    },
  });
  const config = await loadConfig(fakeContext({ cwd: tree.project, home: tree.home }));
  assert.deepEqual(config.warnings, []);
  assert.deepEqual(config.entries[0]!.raw, {
    command: 'a',
    envFrom: ['A'],
    inheritEnv: false,
    protocolVersion: 'legacy',
    enabledTools: ['x*'],
    disabledTools: ['y'],
  });
  assert.deepEqual(config.entries[1]!.raw, {
    url: 'https://h',
    headersFrom: { Authorization: 'TOKEN' },
    oauth: {
      clientId: 'c',
      issuer: 'https://i',
      clientSecretFrom: 'S',
      tokenEndpointAuthMethod: 'client_secret_post',
      idp: { idTokenFrom: 'T' },
    },
  });
});

test('two spellings of one key are an error', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const err = await loadError(tree, oneServer('      "command": "a",\n      "envFrom": [],\n      "env_from": []'));
  assert.equal(err.message, '.mcp.json:6:7: server "x": "env_from" and "envFrom" mean the same; keep one');
});

test('an entry that is not an object, and mcpServers that is not an object, are errors', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const entry = await loadError(tree, '{ "mcpServers": { "x": "npx server" } }');
  assert.equal(entry.message, '.mcp.json:1:19: server "x" must be an object with "command" or "url"');
  const holder = await loadError(tree, '{ "mcpServers": [] }');
  assert.equal(holder.message, '.mcp.json:1:3: "mcpServers" must be an object of servers by name');
});

test('a syntax error in a minified file shows a window of the line around the column', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const filler = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`key${i}`, 'value']));
  const text = `${JSON.stringify({ filler }).slice(0, -1)},"mcpServers":{"x":{"command":"a"}}}}`;
  const err = await loadError(tree, text);
  const [first, line, caret] = err.message.split('\n');
  const column = Number(/^\.mcp\.json:1:(\d+):/.exec(first!)?.[1]);
  assert.equal(column, text.length);
  assert.ok(line!.length < 140, line);
  assert.ok(line!.endsWith('"a"}}}}'), line);
  assert.equal(line![caret!.indexOf('^')], '}');
});
