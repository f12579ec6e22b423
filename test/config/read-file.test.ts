// Reading config files and the trust store, in process: what is read, what is missing, what is
// refused (with the file named and the fix), which directory modes count as "anyone may write",
// and what the trust store and Claude Code's approvals say.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { contentHash, MAX_CONFIG_BYTES, readConfigFile } from '../../src/config/read-file.js';
import {
  claudeCodeApproval,
  readTrustStore,
  storedTrust,
  trustFilePath,
  trustOfContent,
} from '../../src/config/trust.js';
import { McpctlError } from '../../src/errors.js';

const searched = { shown: 'the.json', checkOwner: true };
const named = { shown: 'the.json', checkOwner: false };

/** Every directory a test made, removed when the file is done. */
const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-read-')));
  made.push(dir);
  return dir;
}

/** The config error a read is refused with. */
async function refusal(file: string, rules = searched): Promise<McpctlError> {
  try {
    await readConfigFile(file, rules);
  } catch (err) {
    assert.ok(err instanceof McpctlError);
    assert.equal(err.kind, 'config');
    assert.equal(err.phase, 'config');
    return err;
  }
  assert.fail(`${file} was read`);
}

test('a regular file is read whole: text, bytes, real path, and the hash trust is given to', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'config.json');
  writeFileSync(file, '{"mcpServers":{}}');
  symlinkSync(file, path.join(dir, 'link.json'));
  const read = await readConfigFile(path.join(dir, 'link.json'), searched);
  assert.notEqual(read, 'missing');
  if (read === 'missing') return;
  assert.equal(read.text, '{"mcpServers":{}}');
  assert.equal(read.bytes.toString('utf8'), read.text);
  assert.equal(read.realPath, file);
  assert.equal(await contentHash(read), createHash('sha256').update(read.text).digest('hex'));
});

test('no file, a path through a file, or a directory is missing, not an error', async () => {
  const dir = freshDir();
  writeFileSync(path.join(dir, 'plain'), 'x');
  assert.equal(await readConfigFile(path.join(dir, 'none.json'), searched), 'missing');
  assert.equal(await readConfigFile(path.join(dir, 'plain', 'below.json'), searched), 'missing');
  assert.equal(await readConfigFile(dir, searched), 'missing');
});

test('a FIFO, a device, a symlink loop and a file over 10 MiB are refused, naming the file and the fix', async () => {
  const dir = freshDir();
  const fifo = path.join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const device = path.join(dir, 'device');
  symlinkSync('/dev/null', device);
  const loop = path.join(dir, 'loop');
  symlinkSync('loop', loop);
  const big = path.join(dir, 'big');
  writeFileSync(big, '');
  truncateSync(big, MAX_CONFIG_BYTES + 1);
  const exact = path.join(dir, 'exact');
  writeFileSync(exact, '');
  truncateSync(exact, MAX_CONFIG_BYTES);
  assert.equal(MAX_CONFIG_BYTES, 10 * 1024 * 1024);
  for (const [file, message, hint] of [
    [fifo, 'the.json: refused: it is a FIFO, not a regular file', /point mcpctl at a regular config file/],
    [device, 'the.json: refused: it is a device, not a regular file', /point mcpctl at a regular config file/],
    [loop, 'the.json: refused: it is a symlink loop', /point mcpctl at a regular config file/],
    [big, 'the.json: refused: it is larger than 10 MiB', /a config file is small/],
  ] as const) {
    for (const rules of [searched, named]) {
      const err = await refusal(file, rules);
      assert.equal(err.message, message);
      assert.match(err.hint ?? '', hint);
    }
  }
  const read = await readConfigFile(exact, named);
  assert.equal(read === 'missing' ? -1 : read.bytes.length, MAX_CONFIG_BYTES, 'exactly 10 MiB is read');
});

test('a found file must be ours or root’s; a named one may be anyone’s', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'config.json');
  writeFileSync(file, '{}');
  chownSync(file, 65534, 65534);
  const err = await refusal(file);
  assert.equal(err.message, 'the.json: refused: it is owned by another user (uid 65534)');
  assert.match(err.hint ?? '', /take it over \(chown\) or name it with --config FILE/);
  assert.notEqual(await readConfigFile(file, named), 'missing', 'naming the file is consent');
  chownSync(file, 0, 0);
  assert.notEqual(await readConfigFile(file, searched), 'missing', "root's file is read");
});

test('a found file in a directory others may write to is refused, unless sticky; group-writable is fine', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'config.json');
  writeFileSync(file, '{}');
  for (const mode of [0o777, 0o707, 0o702, 0o722]) {
    chmodSync(dir, mode);
    const err = await refusal(file);
    assert.equal(err.message, `the.json: refused: it is in ${dir}, a directory anyone may write to`, mode.toString(8));
    assert.match(err.hint ?? '', /move the file to a directory only you can write to, or name it with --config FILE/);
    assert.notEqual(await readConfigFile(file, named), 'missing', `mode ${mode.toString(8)}, named`);
  }
  for (const mode of [0o1777, 0o1707, 0o770, 0o775, 0o755, 0o700]) {
    chmodSync(dir, mode);
    assert.notEqual(await readConfigFile(file, searched), 'missing', mode.toString(8));
  }
});

test('the directory of the real file counts too, not only the one the path names', async () => {
  const dir = freshDir();
  const open = path.join(dir, 'open');
  mkdirSync(open);
  chmodSync(open, 0o777);
  writeFileSync(path.join(open, 'config.json'), '{}');
  const mine = path.join(dir, 'mine');
  mkdirSync(mine);
  symlinkSync(path.join(open, 'config.json'), path.join(mine, 'config.json'));
  const err = await refusal(path.join(mine, 'config.json'));
  assert.match(err.message, new RegExp(`it is in ${open}, a directory anyone may write to`));
});

test('the trust store: missing or empty is empty; a broken one says how to start again', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'trust.json');
  assert.deepEqual(await readTrustStore(file), { version: 1, files: {} });
  writeFileSync(file, ' \n');
  assert.deepEqual(await readTrustStore(file), { version: 1, files: {} });
  const record = { sha256: 'ab', trustedAt: '2026-01-01T00:00:00.000Z' };
  writeFileSync(file, JSON.stringify({ version: 1, files: { '/p/.mcp.json': record } }));
  assert.deepEqual(await readTrustStore(file), { version: 1, files: { '/p/.mcp.json': record } });
  chownSync(file, 65534, 65534);
  await assert.rejects(readTrustStore(file), {
    message: `the trust store ${file} is not used: it is owned by another user (uid 65534)`,
  });
  chownSync(file, 0, 0);
  for (const bad of [
    '{',
    '[]',
    '{"version":2,"files":{}}',
    '{"version":1}',
    '{"version":1,"files":null}',
    '{"version":1,"files":[]}',
    '{"version":1,"files":"x"}',
  ]) {
    writeFileSync(file, bad);
    await assert.rejects(readTrustStore(file), (err: unknown) => {
      assert.ok(err instanceof McpctlError, bad);
      assert.equal(err.message, `the trust store ${file} is not a valid mcpctl trust file`);
      assert.equal(err.phase, 'config');
      assert.match(err.hint ?? '', /delete it and trust your project configs again with `mcpctl servers trust FILE`/);
      return true;
    });
  }
  assert.equal(trustFilePath({ env: { XDG_CONFIG_HOME: '/x' }, home: '/h' }), path.join('/x', 'mcpctl', 'trust.json'));
});

test('stored trust: by real path and hash; another hash is a change', () => {
  const data = { version: 1 as const, files: { '/p/.mcp.json': { sha256: 'ab', trustedAt: 't' } } };
  assert.equal(storedTrust(data, '/p/.mcp.json', 'ab'), 'trusted');
  assert.equal(storedTrust(data, '/p/.mcp.json', 'cd'), 'changed');
  assert.equal(storedTrust(data, '/q/.mcp.json', 'ab'), 'untrusted');
});

test('trust of a content: hashed only against a record; an edited file is changed, never trusted', async () => {
  const data = { version: 1 as const, files: { '/p/.mcp.json': { sha256: 'ab', trustedAt: 't' } } };
  const hashed: string[] = [];
  const hash = (value: string) => () => {
    hashed.push(value);
    return Promise.resolve(value);
  };
  assert.equal(await trustOfContent(data, '/p/.mcp.json', hash('ab')), 'trusted');
  assert.equal(await trustOfContent(data, '/p/.mcp.json', hash('cd')), 'changed');
  // No record: untrusted whatever the file holds, the record's own hash included; nothing hashed.
  assert.equal(await trustOfContent(data, '/q/.mcp.json', hash('ab')), 'untrusted');
  assert.equal(await trustOfContent({ version: 1, files: {} }, '/p/.mcp.json', hash('ab')), 'untrusted');
  assert.deepEqual(hashed, ['ab', 'cd']);
});

test("Claude Code's approvals: the enabled names, or all with enableAllProjectMcpServers, less the disabled", () => {
  const approved = (claude: unknown, names = ['a', 'b', 'c']) => names.filter(claudeCodeApproval(claude, '/p'));
  assert.deepEqual(approved({ projects: { '/p': { enabledMcpjsonServers: ['a', 7, 'c'] } } }), ['a', 'c']);
  assert.deepEqual(
    approved({ projects: { '/p': { enableAllProjectMcpServers: true, disabledMcpjsonServers: ['b'] } } }),
    ['a', 'c'],
  );
  assert.deepEqual(
    approved({ projects: { '/p': { enabledMcpjsonServers: ['a', 'b'], disabledMcpjsonServers: ['a'] } } }),
    ['b'],
  );
  assert.deepEqual(
    approved({ projects: { '/p': { enableAllProjectMcpServers: 'yes' } } }),
    [],
    'only true enables all',
  );
  assert.deepEqual(approved({ projects: { '/p': { enabledMcpjsonServers: 'a' } } }), [], 'a list, not a string');
  assert.deepEqual(approved({ projects: { '/other': { enableAllProjectMcpServers: true } } }), [], 'another project');
  for (const claude of [
    undefined,
    null,
    [],
    'x',
    { projects: [] },
    { projects: { '/p': [] } },
    { projects: { '/p': 'x' } },
  ])
    assert.deepEqual(approved(claude), [], JSON.stringify(claude));
});

test('a socket is refused as a socket; a path the system refuses to look up fails with its own error', async () => {
  const dir = freshDir();
  const socket = path.join(dir, 'sock');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  try {
    assert.equal((await refusal(socket)).message, 'the.json: refused: it is a socket, not a regular file');
  } finally {
    server.close();
  }
  await assert.rejects(readConfigFile(path.join(dir, 'x'.repeat(300)), searched), { code: 'ENAMETOOLONG' });
});

test('no file descriptor is left open, read or refused', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'config.json');
  writeFileSync(file, '{}');
  const open = () => readdirSync('/proc/self/fd').length;
  const before = open();
  for (let i = 0; i < 5; i++) await readConfigFile(file, searched);
  chownSync(file, 65534, 65534);
  for (let i = 0; i < 5; i++) await refusal(file);
  assert.equal(open(), before);
});

test('a trust store that is not a regular file is refused by its own path', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'trust.json');
  execFileSync('mkfifo', [file]);
  await assert.rejects(readTrustStore(file), (err: unknown) => {
    assert.ok(err instanceof McpctlError);
    assert.equal(err.message, `the trust store ${file} is not used: it is not a regular file`);
    return true;
  });
});

test('a file far over the limit is refused by its size, before anything is read', async () => {
  const dir = freshDir();
  const huge = path.join(dir, 'huge');
  writeFileSync(huge, '');
  // Sparse: no disk is used, and more than Node could read into one buffer.
  truncateSync(huge, 3 * 1024 ** 3);
  for (const rules of [searched, named]) {
    const err = await refusal(huge, rules);
    assert.equal(err.message, 'the.json: refused: it is larger than 10 MiB');
  }
});
