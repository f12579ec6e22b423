#!/usr/bin/env node
// Process glue only: the real argv, streams, environment and signals in; the exit code out.

import os from 'node:os';
import { main } from '../dist/bundle/main.js';

const controller = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts += 1;
  if (interrupts > 1) process.exit(130);
  controller.abort(new Error('interrupted'));
});
process.on('SIGTERM', () => controller.abort(new Error('terminated')));
// A reader that went away (`| head`) is not our failure: stop writing, keep the exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

const code = await main(process.argv.slice(2), {
  io: {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  },
  env: process.env,
  cwd: process.cwd(),
  home: os.homedir(),
  now: () => Date.now(),
  startedAt: performance.timeOrigin,
  signal: controller.signal,
});
process.exitCode = code;
// Everything we started has been ended by now; if a stray handle still holds the event loop,
// leave anyway once output has drained (writes were awaited, so nothing is cut short).
setTimeout(() => process.exit(code), 1500).unref();
