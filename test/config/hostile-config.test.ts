// Bounded hostile input in config files, through bin/: a config nested 200 000 levels deep is a
// config error naming the file, and SIGTERM ends a run that is still loading a huge config with 143.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BIN, jsonError, runBin } from '../helpers/run.js';
import { tempDir } from '../mcp/helpers.js';

test('a config nested 200 000 levels deep is exit 2 naming the file, in every place it can be', async () => {
  const dir = tempDir('hostile');
  const deep = '['.repeat(200_000) + ']'.repeat(200_000);
  const files = {
    'args.json': `{"mcpServers":{"a":{"command":"x","args":${deep}}}}`,
    'root.json': deep,
    'comments.json': `// a comment makes it JSONC\n{"mcpServers":{"a":{"command":"x","env":${'{"k":'.repeat(200_000)}1${'}'.repeat(200_000)}}}}`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    const r = await runBin(['-c', name, 'servers', '--json'], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir } });
    assert.equal(r.code, 2, `${name}: ${r.stderr.slice(-500)}`);
    const error = jsonError(r.stderr).error;
    assert.equal(error.kind, 'config');
    assert.match(error.message, new RegExp(`^${name.replace('.', '\\.')}:\\d+:\\d+: nested more than 512 levels deep`));
  }
});

test('many servers load, and the last of repeated names wins with a warning for each other one', async () => {
  const dir = tempDir('hostile');
  const servers = Array.from({ length: 20_000 }, (_, i) => `"s${i % 10_000}":{"command":"c${i}"}`).join(',');
  writeFileSync(path.join(dir, 'many.json'), `{"mcpServers":{${servers}}}`);
  const r = await runBin(['-c', 'many.json', 'servers', '--json'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir },
  });
  assert.equal(r.code, 0, r.stderr.slice(-500));
  const listed = (JSON.parse(r.stdout) as { servers: { name: string; command: string }[] }).servers;
  assert.equal(listed.length, 10_000);
  assert.deepEqual(listed[0], { ...listed[0], name: 's0', command: 'c10000' });
  assert.equal(r.stderr.match(/is defined again below; this one is ignored/g)?.length, 10_000);
});

test('SIGTERM while a huge config is loading ends mcpctl with exit 143', async () => {
  const dir = tempDir('hostile');
  // Seconds of checking: the signal lands while the entries are still being read.
  const servers = Array.from(
    { length: 60_000 },
    (_, i) => `"s${i}":{"command":"node","args":["x.js","--flag","${i}"],"env":{"A":"b"}}`,
  ).join(',');
  writeFileSync(path.join(dir, 'huge.json'), `{"mcpServers":{${servers}}}`);
  const child = spawn(process.execPath, [BIN, '-v', '-c', 'huge.json', 'servers', '--names'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (code, signal) => resolve([code, signal])),
  );
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  child.stderr.on('data', (chunk: Buffer) => {
    const before = stderr;
    stderr += chunk.toString('utf8');
    if (!before.includes('reading huge.json') && stderr.includes('reading huge.json')) child.kill('SIGTERM');
  });
  child.stdout.resume();
  const [code, signal] = await exited;
  clearTimeout(killer);
  assert.equal(signal, null, `ended by ${signal}: ${stderr}`);
  assert.equal(code, 143, stderr);
});
