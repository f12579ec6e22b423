// server-everything over HTTP for tests: it takes its port from PORT and listens once it logs;
// started in its own process group so stop() ends everything it began.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { eventually, everything, freePort } from '../mcp/helpers.js';

export interface Everything {
  url: string;
  stop(): Promise<void>;
}

export async function startEverything(transport: 'streamableHttp' | 'sse'): Promise<Everything> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [everything, transport], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'ignore'],
    detached: true,
  });
  // Made at the start, so a second stop() (a test's own, then its file's after hook) ends too.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => resolve(true));
        socket.once('error', () => resolve(false));
        socket.once('connect', () => socket.destroy());
      }),
    15_000,
  );
  assert.ok(listening, `server-everything ${transport} did not listen on ${port}`);
  return {
    url: `http://127.0.0.1:${port}/${transport === 'sse' ? 'sse' : 'mcp'}`,
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
