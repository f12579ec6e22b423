// --timeout is the wall-clock limit of the whole command (issue 9 §5): it bounds the connect as
// well as the request, the error names the limit, and when mcpctl exits the server is gone.
// Times are measured in bench/timeout.ts, never asserted here.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jsonError, runBin } from '../helpers/run.js';
import { fastmcpServer } from '../helpers/third-party.js';
import { alive, fixtures, logLines, tempDir } from '../mcp/helpers.js';

describe('--timeout', () => {
  it('a call that never answers: exit 124 naming the total limit, and the server is gone when mcpctl exits', async () => {
    const dir = tempDir('timeout');
    const pids = join(dir, 'pids.log');
    const config = join(dir, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: { fastmcp: { command: process.execPath, args: [fastmcpServer], envFrom: ['PID_LOG'] } },
      }),
    );
    // Generous: the server must be up and the call sent before the limit (fastmcp takes seconds
    // to load on a busy machine); the subject is what happens when it expires.
    const r = await runBin(['-c', config, '--timeout', '10', 'call', 'fastmcp', 'hang'], {
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), PID_LOG: pids },
    });
    assert.equal(r.code, 124, r.stderr);
    assert.match(r.stderr, /server "fastmcp": no answer to tools\/call within 10s \(total timeout\)/);
    assert.match(r.stderr, /raise it with --timeout/);
    const started = logLines(pids).map(Number);
    assert.equal(started.length, 1);
    assert.deepEqual(alive(started), []);
  });

  it('also bounds the connect: a server that never answers initialize ends on the total limit', async () => {
    const dir = tempDir('timeout-connect');
    const config = join(dir, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          silent: {
            command: process.execPath,
            args: [join(fixtures, 'fault-server.js'), 'serve', 'hang'],
            timeout: 600,
          },
        },
      }),
    );
    const r = await runBin(['-c', config, '--json', '--timeout', '2', '--connect-timeout', '600', 'tools', 'silent']);
    assert.equal(r.code, 124, r.stderr);
    const { error } = jsonError(r.stderr);
    assert.equal(error.kind, 'timeout');
    assert.ok(['spawn', 'connect', 'initialize'].includes(error.phase ?? ''), `a connect phase, not ${error.phase}`);
    assert.match(error.message, /within 2s \(total timeout\)/);
  });
});
