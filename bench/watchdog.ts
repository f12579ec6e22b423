// `node dist/bench/watchdog.js [--runs N]`: what the stdio watchdog (spawn.ts) costs a command:
// the main-thread time of starting it (fork and exec of /bin/sh happen in that call), and the
// wall time until a stood-down watchdog has exited (off the main thread: for the record only).

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { startWatchdog } from '../src/mcp/stdio/spawn.js';

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 50;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

// A group to watch that is not ours: a sleeping process of its own group.
const target = spawn('sleep', ['600'], { detached: true, stdio: 'ignore' });
await once(target, 'spawn');
const startMs: number[] = [];
const baselineMs: number[] = [];
for (let i = 0; i < runs; i++) {
  // The same fork and exec without the watchdog's pipe: what any extra process would cost.
  let t = process.hrtime.bigint();
  const plain = spawn('/bin/sh', ['-c', 'exit 0'], { stdio: 'ignore', detached: true });
  baselineMs.push(ms(t));
  await once(plain, 'exit');
  t = process.hrtime.bigint();
  const release = startWatchdog(target.pid!);
  startMs.push(ms(t));
  release();
}
target.kill('SIGKILL');
process.stdout.write(
  `watchdog start, main thread: median ${median(startMs).toFixed(2)} ms, max ${Math.max(...startMs).toFixed(2)} ms (${runs} runs)\n`,
);
process.stdout.write(`plain spawn of /bin/sh for comparison: median ${median(baselineMs).toFixed(2)} ms\n`);
