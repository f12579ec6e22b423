// Roots are offered only when asked (--root, or a server's `roots` key), in-process with the
// working directory `/` (the program takes it from its context, as bin/ gives it): against
// server-filesystem, which replaces its configured directories with any roots it is given, and
// server-everything, whose get-roots-list asks for them when called (server-filesystem applies
// them some time after the handshake, so what it was offered is read from server-everything);
// and every command declares the same client capabilities, so `tools` and `call` see the same tools.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from '../helpers/run.js';
import { workspace } from '../helpers/hostile.js';
import { everything, filesystem } from '../mcp/helpers.js';

const ws = workspace({});
const allowed = path.join(ws.dir, 'allowed');
const other = path.join(ws.dir, 'other');
mkdirSync(allowed);
mkdirSync(other);
writeFileSync(path.join(allowed, 'inside.txt'), 'inside\n');
writeFileSync(path.join(other, 'other.txt'), 'other\n');
writeFileSync(path.join(ws.dir, 'secret.txt'), 'secret\n');
writeFileSync(
  ws.config,
  JSON.stringify({
    mcpServers: {
      fs: { command: process.execPath, args: [filesystem, allowed] },
      'bad-roots': { command: process.execPath, args: [filesystem, allowed], roots: ['missing'] },
      everything: { command: process.execPath, args: [everything] },
      'everything-roots': { command: process.execPath, args: [everything], roots: ['other', 'allowed'] },
    },
  }),
);
/** Run from `/`: when the working directory was offered by default, it opened everything. */
const mcpctl = (args: string[]) => run(['-c', ws.config, ...args], { cwd: '/', env: ws.env, home: ws.home });

test('by default no roots are offered: server-filesystem keeps its configured directory, run from /', async () => {
  const outside = await mcpctl(['call', 'fs', 'read_text_file', `path=${path.join(ws.dir, 'secret.txt')}`]);
  assert.equal(outside.code, 6, outside.stderr);
  assert.match(outside.stderr, /outside allowed directories/);
  assert.doesNotMatch(outside.stdout + outside.stderr, /^secret$/m);
  const inside = await mcpctl(['call', 'fs', 'read_text_file', `path=${path.join(allowed, 'inside.txt')}`]);
  assert.equal(inside.code, 0, inside.stderr);
  assert.equal(inside.stdout, 'inside\n');
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('--root offers a directory (global or after the command); a missing one is a usage error', async () => {
  for (const args of [
    ['--root', other, 'call', 'everything'],
    ['call', 'everything', '--root', other],
  ]) {
    const roots = await mcpctl([...args, 'get-roots-list']);
    assert.equal(roots.code, 0, roots.stderr);
    assert.match(roots.stdout, new RegExp(`URI: ${escaped(pathToFileURL(other).href)}$`, 'm'));
    assert.doesNotMatch(roots.stdout, /URI: file:\/\/\/$/m, 'the working directory (/) is not offered');
  }
  const missing = await mcpctl(['--root', path.join(ws.dir, 'nowhere'), 'call', 'fs', 'list_allowed_directories']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--root .*nowhere: not a directory/);
});

test("a server's roots key offers its directories, relative to the config file; --root replaces them; a missing one names the file and key", async () => {
  const keyed = await mcpctl(['call', 'everything-roots', 'get-roots-list']);
  assert.equal(keyed.code, 0, keyed.stderr);
  assert.match(keyed.stdout, /\(2 total\)/);
  assert.match(keyed.stdout, new RegExp(`URI: ${escaped(pathToFileURL(other).href)}$`, 'm'));
  assert.match(keyed.stdout, new RegExp(`URI: ${escaped(pathToFileURL(allowed).href)}$`, 'm'));
  const replaced = await mcpctl(['--root', ws.home, 'call', 'everything-roots', 'get-roots-list']);
  assert.equal(replaced.code, 0, replaced.stderr);
  assert.match(replaced.stdout, /\(1 total\)/);
  assert.match(replaced.stdout, new RegExp(`URI: ${escaped(pathToFileURL(ws.home).href)}$`, 'm'));
  const bad = await mcpctl(['call', 'bad-roots', 'list_allowed_directories']);
  assert.equal(bad.code, 2, bad.stderr);
  assert.match(
    bad.stderr,
    /servers\.json:\d+:\d+: server "bad-roots": "roots\[0\]" is .*missing, which is not an existing directory/,
  );
});

async function toolNames(args: string[]): Promise<string[]> {
  const r = await mcpctl([...args, 'tools', 'everything', '--json']);
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name).sort();
}

/** The tools `call` saw, from the names its unknown-tool error offers. */
async function toolsCallSees(args: string[]): Promise<number> {
  const r = await mcpctl([...args, 'call', 'everything', 'no-such-tool']);
  assert.equal(r.code, 2, r.stderr);
  const count = /lists its (\d+) tools/.exec(r.stderr);
  assert.ok(count, r.stderr);
  return Number(count[1]);
}

test('tools and call see the same tools, with roots and without', async () => {
  const plain = await toolNames([]);
  assert.equal(await toolsCallSees([]), plain.length);
  assert.ok(!plain.includes('get-roots-list'), 'no roots capability, no roots tool');
  const withRoot = await toolNames(['--root', other]);
  assert.equal(await toolsCallSees(['--root', other]), withRoot.length);
  assert.ok(withRoot.includes('get-roots-list'));
  const roots = await mcpctl(['--root', other, 'call', 'everything', 'get-roots-list']);
  assert.equal(roots.code, 0, roots.stderr);
  assert.match(roots.stdout, new RegExp(`URI: ${escaped(pathToFileURL(other).href)}$`, 'm'));
});
