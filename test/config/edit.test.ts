// servers add / remove: unrelated content and comments survive, the write is atomic (no temp file
// left behind) and keeps the file's mode, and the refusals name the file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { addServer, removeServer } from '../../src/config/edit.js';
import { loadConfig } from '../../src/config/load.js';
import { McpctlError } from '../../src/errors.js';
import { makeTree, thrown } from './helpers.js';
import { fakeContext } from '../helpers/context.js';

const ORIGINAL = `// team servers — keep sorted
{
    "$schema": "./mcpctl.schema.json",
    "mcpServers": {
        /* the memory server */
        "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] }, // inline note
    },
    "other": [1, 2, 3]
}
`;

test('add then remove round-trips the file byte for byte, comments included, mode kept, no temp file left', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const file = await tree.write('home/dev/app/.mcp.json', ORIGINAL);
  await fs.chmod(file, 0o640);
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });

  const added = await addServer(ctx, '.mcp.json', 'remote', {
    url: 'https://example.com/mcp',
    headersFrom: { Authorization: 'TOKEN' },
  });
  assert.deepEqual(added, { file, created: false, replaced: false, rootKey: 'mcpServers', warnings: [] });
  const text = await fs.readFile(file, 'utf8');
  for (const kept of [
    '// team servers — keep sorted',
    '/* the memory server */',
    '// inline note',
    '"other": [1, 2, 3]',
  ]) {
    assert.ok(text.includes(kept), `${kept} kept in:\n${text}`);
  }
  assert.match(
    text,
    /\n {8}"remote": \{\n {12}"url": "https:\/\/example\.com\/mcp",/,
    'indented like the file (4 spaces)',
  );
  const config = await loadConfig(ctx, { trustProject: true });
  assert.deepEqual(
    config.entries.map((e) => e.name),
    ['memory', 'remote'],
  );
  assert.deepEqual(config.entries[1]!.raw, { url: 'https://example.com/mcp', headersFrom: { Authorization: 'TOKEN' } });
  assert.equal((await fs.stat(file)).mode & 0o777, 0o640);

  await removeServer(ctx, file, 'remote');
  assert.equal(await fs.readFile(file, 'utf8'), ORIGINAL);
  assert.equal((await fs.stat(file)).mode & 0o777, 0o640);
  assert.deepEqual(await fs.readdir(tree.project), ['.mcp.json']);
});

test('add creates a missing file with mcpServers (servers in .vscode), and refuses an existing name unless forced', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  const created = await addServer(ctx, 'new.json', 'a', { command: 'node', args: ['a.js'] });
  assert.equal(created.created, true);
  assert.deepEqual(JSON.parse(await fs.readFile(path.join(tree.project, 'new.json'), 'utf8')), {
    mcpServers: { a: { command: 'node', args: ['a.js'] } },
  });

  const err = await thrown(() => addServer(ctx, 'new.json', 'a', { command: 'other' }));
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'usage');
  assert.equal(err.message, 'server "a" already exists in new.json');
  assert.match(err.hint ?? '', /--force/);

  const forced = await addServer(ctx, 'new.json', 'a', { command: 'other' }, { force: true });
  assert.equal(forced.replaced, true);
  assert.deepEqual(JSON.parse(await fs.readFile(path.join(tree.project, 'new.json'), 'utf8')), {
    mcpServers: { a: { command: 'other' } },
  });

  const vscode = await addServer(ctx, '.vscode/mcp.json', 'v', { type: 'http', url: 'https://v/mcp' });
  assert.equal(vscode.rootKey, 'servers');
  assert.deepEqual(JSON.parse(await fs.readFile(path.join(tree.project, '.vscode', 'mcp.json'), 'utf8')), {
    servers: { v: { type: 'http', url: 'https://v/mcp' } },
  });
});

test('add keeps an existing "servers" root key and validates the new entry', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const file = await tree.write('home/dev/app/mcp.json', '{\n\t"servers": {}\n}\n');
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  await addServer(ctx, file, 'x', { command: 'a' });
  assert.equal(await fs.readFile(file, 'utf8'), '{\n\t"servers": {\n\t\t"x": {\n\t\t\t"command": "a"\n\t\t}\n\t}\n}\n');

  const bad = await thrown(() => addServer(ctx, file, 'y', { command: 'a', url: 'https://b', timeout: -1 }));
  assert.ok(bad instanceof McpctlError && bad.kind === 'usage');
  assert.match(bad.message, /server "y": "timeout" must be a positive number of seconds/);
  assert.match(bad.message, /server "y": needs exactly one of "command" \(stdio\) or "url" \(http\/sse\); it has both/);
  const warned = await addServer(ctx, file, 'z', { command: 'a', colour: 'red' });
  assert.deepEqual(warned.warnings, ['server "z": unknown key "colour" ignored']);
});

test('remove of an unknown name is a usage error naming the file, with close names', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const file = await tree.write('home/dev/app/.mcp.json', { mcpServers: { memory: { command: 'a' } } });
  const before = await fs.readFile(file, 'utf8');
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  const err = await thrown(() => removeServer(ctx, file, 'memroy'));
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'usage');
  assert.equal(err.message, 'no server "memroy" in .mcp.json (did you mean "memory"?)');
  assert.equal(await fs.readFile(file, 'utf8'), before);
  const missing = await thrown(() => removeServer(ctx, 'absent.json', 'memory'));
  assert.ok(missing instanceof McpctlError && missing.kind === 'usage');
  assert.match(missing.message, /absent\.json does not exist/);
});

test('add to a file whose directory cannot be made is a config error naming it, and nothing is written', {
  // Under /proc, Node's recursive mkdir never settled: the bound only ends a wait that must not happen.
  timeout: 30_000,
}, async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const blocker = await tree.write('home/dev/app/notes', 'a file, not a directory');
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  const targets = ['notes/sub/.mcp.json', ...(existsSync('/proc/self') ? ['/proc/mcpctl-no-such/.mcp.json'] : [])];
  for (const target of targets) {
    const err = await thrown(() => addServer(ctx, target, 'memory', { command: 'a' }));
    assert.ok(err instanceof McpctlError, String(err));
    assert.equal(err.kind, 'config', err.message);
    assert.match(err.message, /^cannot create the directory \S+ for \S+\.mcp\.json: /);
    assert.ok(err.message.includes(path.dirname(target)), err.message);
  }
  assert.equal(await fs.readFile(blocker, 'utf8'), 'a file, not a directory');
});

test('edits go through a symlink to the real file', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const real = await tree.write('dotfiles/mcp.json', { mcpServers: {} });
  const link = path.join(tree.project, '.mcp.json');
  await fs.symlink(real, link);
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  await addServer(ctx, link, 'a', { command: 'x' });
  assert.ok((await fs.lstat(link)).isSymbolicLink());
  assert.deepEqual(JSON.parse(await fs.readFile(real, 'utf8')), { mcpServers: { a: { command: 'x' } } });
});

test('round trips keep every other byte in many layouts: one-line neighbours, tabs, CRLF, trailing commas, minified', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  const layouts = [
    '{\n  "mcpServers": {\n    "a": { "command": "x", "args": ["1", "2"] },\n    "b": { "command": "y" } // b\n  }\n}\n',
    '{\n  "mcpServers": {\n    "a": { "command": "x" }, // a\n  },\n}\n',
    '{\r\n\t"mcpServers": {\r\n\t\t"a": {\r\n\t\t\t"command": "x"\r\n\t\t}\r\n\t}\r\n}\r\n',
    '{"mcpServers":{"a":{"command":"x"}}}',
    '{"mcpServers":{}}',
  ];
  for (const [i, layout] of layouts.entries()) {
    const file = await tree.write(`home/dev/app/layout${i}.json`, layout);
    await addServer(ctx, file, 'added', { command: 'node', args: ['s.js'], env: { K: '${V}' } });
    const withAdded = await fs.readFile(file, 'utf8');
    const config = await loadConfig(ctx, { configFile: file });
    assert.deepEqual(config.entries.at(-1)!.raw, { command: 'node', args: ['s.js'], env: { K: '${V}' } }, withAdded);
    if (layout.includes('\r\n')) assert.ok(!/[^\r]\n/.test(withAdded), 'CRLF kept');
    // Every original line is still there, unchanged (the neighbour is not re-formatted).
    const neighbourLines = layout.includes('\n') ? layout.split(/\r?\n/).filter((l) => l.includes('"a"')) : [];
    for (const line of neighbourLines) assert.ok(withAdded.includes(line), `${line} kept in ${withAdded}`);
    await removeServer(ctx, file, 'added');
    assert.equal(await fs.readFile(file, 'utf8'), layout, `layout ${i}`);
  }
});

test('a file without the root key gets it, after its other content', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const ctx = fakeContext({ cwd: tree.project, home: tree.home });
  const file = await tree.write(
    'home/dev/app/.mcp.json',
    '{\n  "numStartups": 4, // counted\n  "tips": { "seen": true }\n}\n',
  );
  await addServer(ctx, file, 'x', { url: 'https://x/mcp' });
  assert.equal(
    await fs.readFile(file, 'utf8'),
    '{\n  "numStartups": 4, // counted\n  "tips": { "seen": true },\n  "mcpServers": {\n    "x": {\n      "url": "https://x/mcp"\n    }\n  }\n}\n',
  );
});
