// A temporary project for command tests: a directory with an .mcp.json naming the given servers,
// and the environment to run mcpctl in it (its own home, cache and config folders; the project
// config trusted, since the test wrote it).

import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface McpJsonProject {
  dir: string;
  env: Record<string, string>;
}

export function mcpJsonProject(servers: Record<string, unknown>): McpJsonProject {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-project-'));
  writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: servers }));
  return {
    dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_CACHE_HOME: path.join(dir, 'cache'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      MCPCTL_TRUST_PROJECT: '1',
    },
  };
}
