// A temporary directory for `mcpctl test`, `snapshot`, `diff` and `lint` tests: a config file
// (named with -c, never discovered) with server-everything and our call fixture in both eras,
// the environment the test files in test/fixtures/testing expect, and a way to write files.

import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './run.js';
import { everything } from '../mcp/helpers.js';

/** server-everything's entry point, as test files in test/fixtures/testing name it ($EVERYTHING). */
export const EVERYTHING = everything;
export const CALL_SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'call-server.js');
export const TESTING_FIXTURES = path.join(ROOT, 'test', 'fixtures', 'testing');

export interface TestProject {
  dir: string;
  config: string;
  env: Record<string, string | undefined>;
  write(name: string, text: string): string;
}

const CALL_LOG = { CALL_LOG: '${CALL_LOG:-}' };

export function testProject(extraServers: Record<string, unknown> = {}): TestProject {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-ci-'));
  const node = process.execPath;
  const config = path.join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        everything: { command: node, args: [EVERYTHING, 'stdio'] },
        // A server gets only the base environment: the call log a test may set is named.
        legacy: { command: node, args: [CALL_SERVER, 'legacy'], env: CALL_LOG },
        modern: { command: node, args: [CALL_SERVER, 'modern'], protocolVersion: '2026-07-28', env: CALL_LOG },
        ...extraServers,
      },
    }),
  );
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    NODE: node,
    EVERYTHING,
    CALL_SERVER,
  };
  return {
    dir,
    config,
    env,
    write: (name, text) => {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      return file;
    },
  };
}
