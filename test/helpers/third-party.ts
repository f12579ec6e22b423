// Servers written by other people, installed from npm as devDependencies, for tests that check
// mcpctl against what real servers put on the wire: a config file naming them (stdio), and
// git-mcp-server over Streamable HTTP on a port the OS picks.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtures, reference, root, tempDir } from '../mcp/helpers.js';

export const gitServer = join(root, 'node_modules/@cyanheads/git-mcp-server/dist/index.js');
export const sequentialThinking = reference('server-sequential-thinking');
export const fastmcpServer = join(fixtures, 'fastmcp-server.js');
/** Chrome DevTools' server: 32 tools with long descriptions, listed without a browser (offline). */
export const chromeDevtools = join(root, 'node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js');
export const mcpFrameworkServer = join(fixtures, 'mcp-framework/server.js');

/** Writes a config naming the third-party stdio servers (plus `extra`) and returns its path. */
export function thirdPartyConfig(extra: Record<string, unknown> = {}): string {
  const file = join(tempDir('third-party'), 'mcp.json');
  const node = process.execPath;
  const servers = {
    'sequential-thinking': { command: node, args: [sequentialThinking] },
    fastmcp: { command: node, args: [fastmcpServer] },
    'mcp-framework': { command: node, args: [mcpFrameworkServer] },
    ...extra,
  };
  writeFileSync(file, JSON.stringify({ mcpServers: servers }, null, 2));
  return file;
}

export interface RunningGitServer {
  url: string;
  stop(): Promise<void>;
}

const LISTENING = /HTTP transport listening at (http:\/\/\S+?\/mcp)\b/;

/**
 * git-mcp-server over Streamable HTTP on 127.0.0.1, port 0: it logs the address it took on
 * stderr. Started in its own process group so stop() ends everything it began.
 */
export async function startGitServer(): Promise<RunningGitServer> {
  const child = spawn(process.execPath, [gitServer], {
    cwd: tempDir('git-server'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: tempDir('git-home'),
      MCP_TRANSPORT_TYPE: 'http',
      MCP_HTTP_HOST: '127.0.0.1',
      MCP_HTTP_PORT: '0',
      MCP_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`git-mcp-server did not listen within 30 s:\n${seen.slice(-2000)}`)),
      30_000,
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = LISTENING.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`git-mcp-server exited (${code}) before listening:\n${seen.slice(-2000)}`));
    });
  });
  child.stderr!.resume();
  assert.ok(child.pid);
  return {
    url,
    stop: async () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    },
  };
}
