// The token store on its own: private modes, atomic writes, no lost updates under concurrency,
// the lock's stale-file and bounded-wait rules, entries kept per server URL, the re-entrant lock
// and the lease a refresh holds, and a corrupt file reported clearly without quoting it.

import assert from 'node:assert/strict';
import { chmod, mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { after, describe, it, mock } from 'node:test';
import { authFilePath } from '../../src/auth/paths.js';
import { serverEntry, TokenStore } from '../../src/auth/store.js';
import { McpctlError } from '../../src/errors.js';
import { makeCtx, tempHome, type TempHome } from './helpers.js';

describe('token store', () => {
  const homes: TempHome[] = [];
  after(async () => {
    for (const home of homes) await home.cleanup();
  });
  async function fresh(): Promise<TempHome> {
    const home = await tempHome();
    homes.push(home);
    return home;
  }

  it('lives at $XDG_CONFIG_HOME/mcpctl/auth.json, else ~/.config/mcpctl/auth.json', () => {
    assert.equal(authFilePath({ env: { XDG_CONFIG_HOME: '/x/cfg' }, home: '/home/u' }), '/x/cfg/mcpctl/auth.json');
    assert.equal(authFilePath({ env: {}, home: '/home/u' }), '/home/u/.config/mcpctl/auth.json');
    assert.equal(
      authFilePath({ env: { XDG_CONFIG_HOME: 'relative' }, home: '/home/u' }),
      '/home/u/.config/mcpctl/auth.json',
    );
    assert.equal(authFilePath(makeCtx('/t')), '/t/mcpctl/auth.json');
  });

  it('under a file where its directory should be: reads as empty, and a write is a config error naming the directory', async () => {
    const home = await fresh();
    await writeFile(`${home.dir}/mcpctl`, 'a file');
    const store = new TokenStore(home.authFile);
    assert.deepEqual(Object.keys((await store.read()).servers ?? {}), []);
    await assert.rejects(
      store.update((data) => data),
      (err: unknown) =>
        err instanceof McpctlError &&
        err.kind === 'config' &&
        err.message.includes(`cannot create the directory ${home.dir}/mcpctl`),
    );
  });

  it('writes mode 0600 into a 0700 directory (narrowing an existing one), leaving no temp file', async () => {
    const home = await fresh();
    await mkdir(dirname(home.authFile), { recursive: true });
    await chmod(dirname(home.authFile), 0o755);
    const store = new TokenStore(home.authFile);
    await store.update((data) => {
      data.clients.x = { client_id: 'x' };
    });
    assert.equal((await stat(home.authFile)).mode & 0o777, 0o600);
    assert.equal((await stat(dirname(home.authFile))).mode & 0o777, 0o700);
    assert.deepEqual(await readdir(dirname(home.authFile)), ['auth.json']);
  });

  it('loses no update when many writers run at once', async () => {
    const home = await fresh();
    const writers = Array.from({ length: 12 }, (_, i) =>
      new TokenStore(home.authFile).update((data) => {
        data.clients[`issuer-${i}`] = { client_id: `c${i}` };
      }),
    );
    await Promise.all(writers);
    const data = await new TokenStore(home.authFile).read();
    assert.equal(Object.keys(data.clients).length, 12);
  });

  it('breaks a stale lock left by a crashed process', async () => {
    const home = await fresh();
    const store = new TokenStore(home.authFile, { staleMs: 30_000, waitMs: 2_000 });
    await mkdir(dirname(home.authFile), { recursive: true });
    await writeFile(store.lockFile, 'left over');
    const old = new Date(Date.now() - 120_000);
    await utimes(store.lockFile, old, old);
    await store.update((data) => {
      data.clients.a = { client_id: 'a' };
    });
    assert.equal((await store.read()).clients.a?.client_id, 'a');
  });

  it('waits for a live lock only so long, then fails with a timeout naming the lock file', async () => {
    const home = await fresh();
    const store = new TokenStore(home.authFile, { staleMs: 60_000, waitMs: 250, pollMs: 20 });
    await mkdir(dirname(home.authFile), { recursive: true });
    await writeFile(store.lockFile, 'held by another process');
    await assert.rejects(
      store.update(() => undefined),
      (err: unknown) => {
        assert.ok(err instanceof McpctlError);
        assert.equal(err.kind, 'timeout');
        assert.match(err.message, /auth\.json\.lock/);
        return true;
      },
    );
  });

  it('reports a corrupt file as a config error with a way out', async () => {
    const home = await fresh();
    await mkdir(dirname(home.authFile), { recursive: true });
    await writeFile(home.authFile, '{ not json');
    await assert.rejects(new TokenStore(home.authFile).read(), (err: unknown) => {
      assert.ok(err instanceof McpctlError);
      assert.equal(err.kind, 'config');
      assert.match(err.hint ?? '', /delete the file/);
      return true;
    });
  });

  /** The error `promise` rejects with, checked to be an McpctlError. */
  async function failure(promise: Promise<unknown>): Promise<McpctlError> {
    try {
      await promise;
    } catch (err) {
      assert.ok(err instanceof McpctlError, String(err));
      return err;
    }
    assert.fail('it did not fail');
  }

  /** A second store on the same file that gives up on a held lock at once. */
  const impatient = (file: string) => new TokenStore(file, { staleMs: 60_000, waitMs: 50, pollMs: 10 });

  it('names the token store, its lock file and the way out when the lock is held too long', async () => {
    const home = await fresh();
    await mkdir(dirname(home.authFile), { recursive: true });
    const store = impatient(home.authFile);
    await writeFile(store.lockFile, 'held by another process');
    const err = await failure(store.update(() => undefined));
    assert.equal(err.message, `waited 0 s for the lock on the token store (${home.authFile}.lock)`);
    assert.equal(err.phase, 'auth');
    assert.match(err.hint ?? '', /another mcpctl process is updating the token store/);
  });

  it('keeps tokens per server URL: a second sign-in adds to the entry, another server has its own', async () => {
    const home = await fresh();
    const store = new TokenStore(home.authFile);
    const token = (issuer: string) => ({ access_token: `at-${issuer}`, token_type: 'Bearer', obtained_at: 1, issuer });
    await store.update((data) => {
      serverEntry(data.servers, 'https://a.example/mcp').tokens['https://id.a'] = token('https://id.a');
    });
    await store.update((data) => {
      const entry = serverEntry(data.servers, 'https://a.example/mcp');
      entry.tokens['https://id.b'] = token('https://id.b');
      entry.issuer = 'https://id.b';
      serverEntry(data.servers, 'https://b.example/mcp');
    });
    const data = await store.read();
    assert.deepEqual(Object.keys(data.servers).sort(), ['https://a.example/mcp', 'https://b.example/mcp']);
    assert.deepEqual(Object.keys(data.servers['https://a.example/mcp']?.tokens ?? {}), [
      'https://id.a',
      'https://id.b',
    ]);
    assert.equal(data.servers['https://a.example/mcp']?.issuer, 'https://id.b');
    assert.deepEqual(data.servers['https://b.example/mcp'], { tokens: {} });
  });

  it('reads no file as empty, but an auth.json it cannot read is an error, not "signed out"', async () => {
    const home = await fresh();
    assert.deepEqual(await new TokenStore(home.authFile).read(), { version: 1, servers: {}, clients: {} });
    await mkdir(home.authFile, { recursive: true });
    await assert.rejects(new TokenStore(home.authFile).read(), { code: 'EISDIR' });
  });

  it('refuses a file of another shape, naming it, and never quotes what it holds', async () => {
    const home = await fresh();
    await mkdir(dirname(home.authFile), { recursive: true });
    const secret = 'sk-live-do-not-print';
    const servers = `{"https://a/mcp":{"tokens":{"i":{"access_token":"${secret}"}}}}`;
    for (const bad of [
      `{"access_token":"${secret}"`,
      `"${secret}"`,
      'null',
      `[${servers}]`,
      `{"version":2,"servers":${servers},"clients":{}}`,
      `{"version":"1","servers":${servers},"clients":{}}`,
      `{"version":1,"servers":${servers}}`,
      `{"version":1,"servers":${servers},"clients":[]}`,
      `{"version":1,"servers":"${secret}","clients":{}}`,
      `{"version":1,"clients":{}}`,
    ]) {
      await writeFile(home.authFile, bad);
      const err = await failure(new TokenStore(home.authFile).read());
      assert.equal(err.kind, 'config', bad);
      assert.equal(err.phase, 'auth', bad);
      assert.equal(err.message, `the token store ${home.authFile} is not a valid mcpctl token file`, bad);
      assert.equal(err.hint, 'delete the file and sign in again with `mcpctl auth login SERVER`', bad);
      assert.doesNotMatch(JSON.stringify({ ...err, message: err.message, stack: err.stack }), new RegExp(secret));
    }
  });

  it('takes its lock once per flow: an update inside an update does not wait for itself', async () => {
    const home = await fresh();
    const store = impatient(home.authFile);
    const other = impatient(home.authFile);
    assert.equal(store.holdsLock(), false);
    await store.withLock(async () => {
      assert.equal(store.holdsLock(), true);
      assert.equal(other.holdsLock(), false, 'the lock is held by this store, not by the file');
      await store.update((data) => {
        data.clients.inner = { client_id: 'inner' };
      });
      assert.equal((await failure(other.update(() => undefined))).kind, 'timeout');
    });
    assert.equal(store.holdsLock(), false);
    assert.equal((await store.read()).clients.inner?.client_id, 'inner');
    await other.update(() => undefined);
  });

  it('holds a lease until endLease: other writers wait, updates of its own flow do not', async () => {
    const home = await fresh();
    const store = impatient(home.authFile);
    const other = impatient(home.authFile);
    await store.endLease();
    await store.beginLease(60_000);
    assert.equal(store.holdsLock(), true);
    await store.beginLease(60_000);
    await store.update((data) => {
      data.clients.leased = { client_id: 'leased' };
    });
    assert.equal((await failure(other.update(() => undefined))).kind, 'timeout');
    await store.endLease();
    assert.equal(store.holdsLock(), false);
    await other.update(() => undefined);
    assert.deepEqual(await readdir(dirname(home.authFile)), ['auth.json'], 'the lock file is gone');
    await store.endLease();
  });

  it('a lease begun inside the lock adds nothing: it ends with the lock', async () => {
    const home = await fresh();
    const store = impatient(home.authFile);
    await store.withLock(() => store.beginLease(60_000));
    assert.equal(store.holdsLock(), false);
    await impatient(home.authFile).update(() => undefined);
  });

  it('ends a lease by itself after its longest time, should nobody end it', async () => {
    const home = await fresh();
    const store = impatient(home.authFile);
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      await store.beginLease(30_000);
      mock.timers.tick(29_999);
      assert.equal(store.holdsLock(), true);
      mock.timers.tick(1);
      assert.equal(store.holdsLock(), false);
    } finally {
      mock.timers.reset();
    }
    await new TokenStore(home.authFile).update(() => undefined);
    assert.deepEqual(await readdir(dirname(home.authFile)), ['auth.json'], 'the lock file is gone');
  });
});
