// A server that dies on its own is described by its last stderr lines, even when they reach
// mcpctl after the transport began to close: the SDK closes it as soon as the handshake fails,
// and on a loaded machine the stderr pipe can be read later than the exit. The transport reads a
// dead server's stderr to its end (bounded) before it closes the pipe. Here a process outside the
// server's group holds its stderr and writes only once the transport is closing, so the order
// the race takes on a loaded machine is the order every run of this test takes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ProcessTransport } from '../../src/mcp/stdio/process-transport.js';
import { spawnServer } from '../../src/mcp/stdio/spawn.js';
import { eventually, tempDir } from './helpers.js';

test("a dead server's last stderr line, written after the transport began to close, is kept", async () => {
  const dir = tempDir('drain');
  const go = path.join(dir, 'go');
  const server = path.join(dir, 'server.cjs');
  // The writer runs in a session of its own, so ending the server's group leaves it (and its
  // stderr) alone; it waits for the test's go, then says its line and ends.
  writeFileSync(
    server,
    `require('node:child_process').spawn('sh', ['-c', 'while [ ! -e "$0" ]; do sleep 0.02; done; echo "last words" >&2', ${JSON.stringify(go)}], { detached: true, stdio: ['ignore', 'ignore', 'inherit'] }).unref();
process.exit(1);
`,
  );
  const transport = new ProcessTransport({
    maxMessageBytes: 1 << 20,
    server: spawnServer({ command: process.execPath, args: [server], env: { PATH: process.env.PATH ?? '' } }),
  });
  try {
    await transport.start();
    await eventually(() => transport.exitInfo !== undefined, 30_000);
    assert.equal(transport.exitInfo?.code, 1);
    const closing = transport.close();
    writeFileSync(go, '');
    await closing;
    assert.deepEqual(transport.stderrTail(), ['last words']);
  } finally {
    // The writer ends once told to, whatever happened above.
    writeFileSync(go, '');
  }
});
