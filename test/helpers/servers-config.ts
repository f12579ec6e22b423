// A config of real servers for tests that run commands against several: the reference servers
// from npm and our hostile fixture, over stdio.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './run.js';
import { everything, memory } from '../mcp/helpers.js';

export const HOSTILE_SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'hostile-server.js');

/** Writes `file` with everything, memory and hostile, and `extra` entries after them. */
export function writeServersConfig(file: string, extra: Record<string, unknown> = {}): string {
  const node = process.execPath;
  const servers = {
    everything: { command: node, args: [everything] },
    memory: { command: node, args: [memory] },
    hostile: { command: node, args: [HOSTILE_SERVER] },
    ...extra,
  };
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}
