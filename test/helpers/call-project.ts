// A temporary project for the call/resources/prompts tests: a directory with an .mcp.json naming
// the reference servers (everything, filesystem over a files/ directory, memory) and our
// call fixture in both eras, plus the environment to run mcpctl in it (which trusts the project config: the tests wrote it).

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './run.js';

const modules = path.join(ROOT, 'node_modules', '@modelcontextprotocol');
export const FIXTURE = path.join(ROOT, 'dist', 'test', 'fixtures', 'call-server.js');

export interface CallProject {
  dir: string;
  /** The directory server-filesystem serves. */
  files: string;
  home: string;
  env: Record<string, string | undefined>;
}

const CALL_LOG = { CALL_LOG: '${CALL_LOG:-}' };

export function callProject(): CallProject {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-call-'));
  const files = path.join(dir, 'files');
  const home = path.join(dir, 'home');
  mkdirSync(files);
  mkdirSync(home);
  const node = process.execPath;
  const config = {
    mcpServers: {
      everything: { command: node, args: [path.join(modules, 'server-everything', 'dist', 'index.js'), 'stdio'] },
      filesystem: { command: node, args: [path.join(modules, 'server-filesystem', 'dist', 'index.js'), files] },
      memory: {
        command: node,
        args: [path.join(modules, 'server-memory', 'dist', 'index.js')],
        env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') },
      },
      // A server gets only the base environment: the call log a test may set is named.
      legacy: { command: node, args: [FIXTURE, 'legacy'], disabledTools: ['hidden'], env: CALL_LOG },
      modern: { command: node, args: [FIXTURE, 'modern'], protocolVersion: '2026-07-28', env: CALL_LOG },
    },
  };
  writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify(config, null, 2));
  return { dir, files, home, env: { PATH: process.env.PATH, HOME: home, MCPCTL_TRUST_PROJECT: '1' } };
}
