// How close `--timeout N` keeps to the wall clock: `call fastmcp hang` with --timeout N, timed
// from spawn to the error line on stderr and to the exit of mcpctl (the server is gone by then).
// The target (issue 9): the error by N s, the process gone by N + 0.5 s.
// Usage: node dist/bench/timeout.js [--runs N] [--timeout SECONDS]

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin', 'mcpctl.js');
const FASTMCP = path.join(ROOT, 'dist', 'test', 'fixtures', 'fastmcp-server.js');

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

function once(config: string, seconds: number): Promise<{ errorMs: number; exitMs: number; code: number | null }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const child = spawn(
      process.execPath,
      [BIN, '-c', config, '--timeout', String(seconds), 'call', 'fastmcp', 'hang'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errorMs = NaN;
    child.stderr.on('data', (chunk: Buffer) => {
      if (Number.isNaN(errorMs) && chunk.toString('utf8').includes('error:')) errorMs = elapsed();
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ errorMs, exitMs: elapsed(), code });
    });
  });
}

const runs = flag('--runs', 5);
const seconds = flag('--timeout', 3);
const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-bench-timeout-'));
const config = path.join(dir, 'mcp.json');
writeFileSync(config, JSON.stringify({ mcpServers: { fastmcp: { command: process.execPath, args: [FASTMCP] } } }));
const results = [];
for (let i = 0; i < runs; i++) results.push(await once(config, seconds));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const r of results)
  console.log(
    `exit ${r.code}  error at ${(r.errorMs / 1000).toFixed(2)} s  exited at ${(r.exitMs / 1000).toFixed(2)} s`,
  );
const errorMs = median(results.map((r) => r.errorMs));
const exitMs = median(results.map((r) => r.exitMs));
console.log(
  `--timeout ${seconds}: median error at ${(errorMs / 1000).toFixed(2)} s (target ≤ ${seconds}), exit at ${(exitMs / 1000).toFixed(2)} s (target ≤ ${seconds + 0.5})`,
);
