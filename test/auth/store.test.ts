// The token store on its own: private modes, atomic writes, no lost updates under concurrency,
// the lock's stale-file and bounded-wait rules, and a corrupt file reported clearly.

import assert from 'node:assert/strict';
import { chmod, mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { after, describe, it } from 'node:test';
import { authFilePath } from '../../src/auth/paths.js';
import { TokenStore } from '../../src/auth/store.js';
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
});
