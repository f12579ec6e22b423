#!/usr/bin/env node
// Seeds bin/'s code cache for the Node that ran the build: runs of bin/ into a scratch cache,
// whose entries are copied to dist/v8-seed/NODE_VERSION-ARCH/. bin/ uses them where the user's own
// cache has no entry yet (bin/load-bundle.js), so the first run after a build, or in a new home,
// does not compile the program from its source. dist/v8-seed is not in the package: another Node's
// entries would only be refused.
//
// The runs go first where they load most: an entry is written by the first run that loads its
// chunk, holding the functions that run compiled (`call` loads the most, `--version` the least).

import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seedDir = path.join(root, 'dist', 'v8-seed');
const forThisNode = `${process.version}-${process.arch}`;
/** A stdio server with an `echo` tool and no SDK (the bench's), built by tsc before the bundle. */
const server = path.join(root, 'dist', 'bench', 'trivial-server.js');

// The runs below must not read an earlier build's seed.
rmSync(seedDir, { recursive: true, force: true });
const scratch = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-seed-'));
try {
  const config = path.join(scratch, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [server] } } }));
  const runs = [['call', 'echo', 'echo', 'message=seed'], ['tools', 'echo'], ['status'], ['servers'], ['--version']];
  const env = { PATH: process.env.PATH, HOME: scratch, XDG_CACHE_HOME: path.join(scratch, 'cache') };
  for (const argv of runs) {
    execFileSync(process.execPath, [path.join(root, 'bin', 'mcpctl.js'), '-c', config, ...argv], {
      cwd: scratch,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
  }
  cpSync(path.join(scratch, 'cache', 'mcpctl', 'v8-vm', forThisNode), path.join(seedDir, forThisNode), {
    recursive: true,
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
