#!/usr/bin/env node
// Process glue only: the real argv, streams, environment and signals in; the exit code out.

import os from 'node:os';
import { format } from 'node:util';

// Signals are taken before the program loads, so a SIGTERM at any moment ends the run with 143.
const controller = new AbortController();
let interrupts = 0;
let terminated = false;
process.on('SIGINT', () => {
  interrupts += 1;
  if (interrupts > 1) process.exit(130);
  controller.abort(new Error('interrupted'));
});
process.on('SIGTERM', () => {
  if (terminated) process.exit(143);
  terminated = true;
  // main() turns this reason into exit 143; servers are still ended, within their bound.
  controller.abort(Object.assign(new Error('terminated'), { signal: 'SIGTERM' }));
  setTimeout(() => process.exit(143), 8000).unref();
});
// A reader that went away (`| head`) is not our failure: stop writing, keep the exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

/** Every console.* call of a dependency handed to `sink` until the returned function is called. */
function routeConsole(sink) {
  const levels = ['log', 'info', 'warn', 'error', 'debug', 'trace'];
  const saved = levels.map((level) => [level, console[level]]);
  for (const level of levels) console[level] = (...args) => sink(level, format(...args));
  return () => {
    for (const [level, fn] of saved) console[level] = fn;
  };
}

const { main } = await import('../dist/bundle/main.js').catch((err) => {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dist/bundle/main.js')) throw err;
  const root = new URL('..', import.meta.url).pathname;
  process.stderr.write(`mcpctl: the program is not built yet: run \`npm run build\` in ${root}\n`);
  process.exit(1);
});
const code = await main(process.argv.slice(2), {
  io: {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    stderrColumns: process.stderr.isTTY ? process.stderr.columns : undefined,
  },
  env: process.env,
  cwd: process.cwd(),
  home: os.homedir(),
  now: () => Date.now(),
  startedAt: performance.timeOrigin,
  signal: controller.signal,
  routeConsole,
});
process.exitCode = code;
// Everything we started has been ended by now; if a stray handle still holds the event loop,
// leave anyway once output has drained (writes were awaited, so nothing is cut short).
setTimeout(() => process.exit(code), 1500).unref();
