// The root shapes of a file named with -c: VS Code's settings.json form {"mcp": {"servers": …}}
// (the snippet many servers' READMEs give) is read like mcpServers; a file whose top level has
// keys but none mcpctl reads servers from is an error naming the file, the keys looked for and
// the keys found (exit 2); beside MCPCTL_CONFIG, where other files may be usable, a warning.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../helpers/run.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-shapes-'));
const file = (name: string, value: unknown) => {
  const at = path.join(dir, name);
  writeFileSync(at, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return at;
};
const opts = { cwd: dir, home: dir, env: { PATH: process.env.PATH } };

test('VS Code settings.json form: {"mcp": {"servers": {…}}} is read, under any file name', async () => {
  const settings = file(
    'settings.json',
    `{
  // VS Code's own settings beside the servers
  "editor.fontSize": 14,
  "mcp": {
    "servers": {
      "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] },
      "remote": { "type": "http", "url": "https://example.com/mcp" }
    }
  }
}`,
  );
  const r = await run(['-c', settings, 'servers', '--json'], opts);
  assert.equal(r.code, 0, r.stderr);
  const servers = JSON.parse(r.stdout).servers as { name: string; type: string }[];
  assert.deepEqual(
    servers.map((s) => [s.name, s.type]),
    [
      ['memory', 'stdio'],
      ['remote', 'http'],
    ],
  );
  assert.equal(r.stderr, '');
});

test('a -c file with no key mcpctl reads servers from: exit 2, naming the file and the keys', async () => {
  const other = file('claude-settings.json', { permissions: { allow: [] }, theme: 'dark', serversList: {} });
  const r = await run(['-c', other, 'servers'], opts);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /claude-settings\.json: no servers found/);
  assert.match(r.stderr, /"mcpServers", "servers" or "mcp\.servers"/);
  assert.match(r.stderr, /this file has "permissions", "theme", "serversList"/);
  const json = await run(['-c', other, 'tools', '--json'], opts);
  assert.equal(json.code, 2);
  assert.equal(JSON.parse(json.stderr.trim().split('\n').at(-1)!).error.kind, 'config');
});

test('an empty object is an empty config (exit 0), not an unknown shape', async () => {
  const r = await run(['-c', file('empty.json', {}), 'servers'], opts);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /no servers configured/);
});

test('beside MCPCTL_CONFIG an unknown root is a warning: other files may still be usable', async () => {
  const other = file('env-config.json', { theme: 'dark' });
  const r = await run(['servers'], { ...opts, env: { ...opts.env, MCPCTL_CONFIG: other } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /warning: .*env-config\.json: no servers found: .*"theme"; ignored/);
});
