// server-everything over HTTP for tests: it takes its port from PORT and says on stderr when it
// listens; started in its own process group so stop() ends everything it began.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { everything, freePort } from '../mcp/helpers.js';

export interface Everything {
  url: string;
  stop(): Promise<void>;
}

/** Ports tried: another process may take a free port before the server binds it. */
const ATTEMPTS = 5;
const START_LIMIT_MS = 15_000;
const LISTENING = /listening on port|running on port/;

export async function startEverything(transport: 'streamableHttp' | 'sse'): Promise<Everything> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [everything, transport], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    // Made at the start, so a second stop() (a test's own, then its file's after hook) ends too.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const stop = async () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    };
    // Its own word, not a connection to the port: a port taken by another process would answer too.
    if (await saysListening(child, exited)) {
      return { url: `http://127.0.0.1:${port}/${transport === 'sse' ? 'sse' : 'mcp'}`, stop };
    }
    await stop();
  }
  assert.fail(`server-everything ${transport} did not listen on any of ${ATTEMPTS} free ports`);
}

/** True once the child's stderr says it listens; false if it exits first or takes too long. */
function saysListening(child: ChildProcess, exited: Promise<unknown>): Promise<boolean> {
  const stderr = child.stderr!;
  stderr.setEncoding('utf8');
  let said = '';
  const heard = new Promise<boolean>((resolve) => {
    const onData = (chunk: string) => {
      said += chunk;
      if (!LISTENING.test(said)) return;
      stderr.off('data', onData);
      stderr.resume();
      resolve(true);
    };
    stderr.on('data', onData);
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), START_LIMIT_MS);
  });
  return Promise.race([heard, exited.then(() => false), late]).finally(() => clearTimeout(timer));
}
