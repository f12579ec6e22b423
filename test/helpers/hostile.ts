// A throwaway workspace for tests against hostile servers: a home, a config named with -c (never
// found by discovery), and the environment of a user with nothing else configured.

import { mkdtempSync, realpathSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { type HostileServer, startHostileServer } from '../fixtures/hostile-http-server.js';

export interface Workspace {
  dir: string;
  home: string;
  config: string;
  env: NodeJS.ProcessEnv;
}

export function workspace(servers: Record<string, object>): Workspace {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-hostile-')));
  const home = path.join(dir, 'home');
  mkdirSync(home);
  const config = path.join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    NO_COLOR: '1',
  };
  return { dir, home, config, env };
}

export interface HostileSetup {
  server: HostileServer;
  ws: Workspace;
}

/**
 * Our hostile HTTP server and a workspace of the servers `servers` names with it: started before
 * the file's tests and closed after them (hooks registered as the file loads, so they are the
 * file's own); both fields are there once the tests run.
 */
export function hostileSetup(servers: (server: HostileServer) => Record<string, object>): HostileSetup {
  const setup = {} as HostileSetup;
  before(async () => {
    setup.server = await startHostileServer();
    setup.ws = workspace(servers(setup.server));
  });
  after(() => setup.server?.close());
  return setup;
}
