// `npm run bench`: mcpctl against floors written for the purpose, in paired runs (A B A B …),
// medians and ratios, each case checked against its target; reference rows measure what a target is
// up against (the SDK's own client, the command parser alone) and have none of their own. Speed is
// measured here, never in tests.
// Usage: node dist/bench/run.js [--runs N] [--only NAME] [--bin PATH] [--peers DIR]
// (--bin: another build's bin/mcpctl.js, to measure a before and an after with one bench;
// --peers: a folder where the peers are installed, for their rows: bench/peers.ts)

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { peerCases } from './peers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NODE = process.execPath;
const DIST = path.join(ROOT, 'dist', 'bench');
const EVERYTHING = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const MEMORY = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
const TRIVIAL = path.join(DIST, 'trivial-server.js');

interface Measure {
  wallMs: number;
  peakKiB: number;
  code: number | null;
  stdoutBytes: number;
}

/** Runs a command to the end; wall time and the peak RSS of that process (from /proc, polled). */
function measure(argv: string[], env: NodeJS.ProcessEnv): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child: ChildProcess = spawn(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'ignore'] });
    let peakKiB = 0;
    let stdoutBytes = 0;
    child.stdout!.on('data', (c: Buffer) => (stdoutBytes += c.length));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKiB = Math.max(peakKiB, Number(m[1]));
      } catch {
        /* exited between polls */
      }
    }, 2);
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      clearTimeout(killer);
      resolve({ wallMs: Number(process.hrtime.bigint() - started) / 1e6, peakKiB, code, stdoutBytes });
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

interface Case {
  name: string;
  a: string[];
  b: string[];
  /** Target for median(A) / median(B). */
  ratio?: number;
  /** Absolute targets for A alone. */
  maxWallMs?: number;
  maxPeakMiB?: number;
  /** A = not mcpctl but what it is compared with to judge a target (no target of its own). */
  reference?: true;
}

/**
 * The environment every measured process gets: this one, less NODE_EXTRA_CA_CERTS. A machine that
 * names the system's CA bundle there (this workplace's do) makes Node 20 parse the whole bundle at
 * every start, 70–90 ms, mcpctl and floor alike: a ratio over a floor so inflated says little of
 * what a run costs anyone else. Node 24 reads the file only when TLS needs it.
 */
const { NODE_EXTRA_CA_CERTS: _machineCAs, ...machineEnv } = process.env;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startHttpEverything(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(NODE, [EVERYTHING, 'streamableHttp'], {
    env: { ...machineEnv, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything (streamableHttp) did not start')), 15_000);
    child.stderr!.on('data', (c: Buffer) => {
      if (c.toString().includes(String(port))) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.kill('SIGKILL') };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 7;
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const bin = args.includes('--bin')
    ? path.resolve(args[args.indexOf('--bin') + 1]!)
    : path.join(ROOT, 'bin', 'mcpctl.js');
  const http = await startHttpEverything();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-bench-'));
  const ten = Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `memory${i}`,
      { command: NODE, args: [MEMORY], env: { MEMORY_FILE_PATH: path.join(dir, `m${i}.jsonl`) } },
    ]),
  );
  const tenConfig = path.join(dir, 'ten.json');
  writeFileSync(tenConfig, JSON.stringify({ mcpServers: ten }));
  const env = {
    ...machineEnv,
    NO_COLOR: '1',
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
  };
  const mcpctl = (...a: string[]) => [NODE, bin, ...a];
  const floor = (...a: string[]) => [NODE, path.join(DIST, 'floor-stdio.cjs'), ...a];
  const sdkClient = (...a: string[]) => [NODE, path.join(DIST, 'sdk-client.cjs'), path.join(dir, 'sdk-cache'), ...a];
  // Targets as issue 22 sets them; completion and tools of 10 servers, which it does not list,
  // keep theirs.
  const cases: Case[] = [
    {
      name: 'tools everything (stdio)',
      a: mcpctl('--stdio', `${NODE} ${EVERYTHING} stdio`, 'tools'),
      b: floor('--', NODE, EVERYTHING, 'stdio'),
      ratio: 1.2,
    },
    {
      name: 'client cost: tools on a trivial server',
      a: mcpctl('--stdio', `${NODE} ${TRIVIAL}`, 'tools'),
      b: floor('--', NODE, TRIVIAL),
      ratio: 2.0,
      maxPeakMiB: 55,
    },
    {
      name: 'tools (Streamable HTTP)',
      a: mcpctl('tools', http.url),
      b: [NODE, path.join(DIST, 'floor-http.cjs'), http.url],
      ratio: 1.5,
    },
    { name: 'servers', a: mcpctl('servers'), b: [NODE, '-e', '0'], ratio: 1.3 },
    { name: '--help', a: mcpctl('--help'), b: [NODE, '-e', '0'], ratio: 1.3 },
    { name: 'completion bash', a: mcpctl('completion', 'bash'), b: [NODE, '-e', '0'], ratio: 1.5 },
    {
      name: 'status of 10 stdio servers',
      a: mcpctl('-c', tenConfig, 'status'),
      b: floor('--parallel', '10', '--', NODE, MEMORY),
      ratio: 1.1,
    },
    {
      name: 'tools of 10 stdio servers',
      a: mcpctl('-c', tenConfig, 'tools'),
      b: floor('--parallel', '10', '--', NODE, MEMORY),
      ratio: 1.2,
    },
    {
      name: 'call echo (stdio)',
      a: mcpctl('--stdio', `${NODE} ${EVERYTHING} stdio`, 'call', 'echo', 'message=hi'),
      b: floor('--call', 'echo', '{"message":"hi"}', '--', NODE, EVERYTHING, 'stdio'),
      ratio: 1.3,
    },
    // What the targets above are up against: the SDK's own client doing the same job, and the
    // command parser alone (the word `--version` needs nothing else).
    {
      name: "reference: the SDK's client alone, tools everything (stdio)",
      a: sdkClient('--', NODE, EVERYTHING, 'stdio'),
      b: floor('--', NODE, EVERYTHING, 'stdio'),
      reference: true,
    },
    {
      name: "reference: the SDK's client alone, tools (Streamable HTTP)",
      a: sdkClient(http.url),
      b: [NODE, path.join(DIST, 'floor-http.cjs'), http.url],
      reference: true,
    },
    {
      name: 'reference: mcpctl --version (no config read)',
      a: mcpctl('--version'),
      b: [NODE, '-e', '0'],
      reference: true,
    },
    {
      name: 'call: 8 MiB text result',
      a: mcpctl('--stdio', `${NODE} ${TRIVIAL}`, 'call', 'big', `bytes=${8 * 1024 * 1024}`),
      b: floor('--call', 'big', `{"bytes":${8 * 1024 * 1024}}`, '--', NODE, TRIVIAL),
      ratio: 1.3,
      maxPeakMiB: 100,
    },
  ];
  if (args.includes('--peers')) {
    const peersDir = path.resolve(args[args.indexOf('--peers') + 1]!);
    const stdio = { command: [NODE, EVERYTHING, 'stdio'] };
    cases.push(
      ...peerCases(peersDir, {
        'call echo (stdio)': {
          mcpctl: mcpctl('--stdio', `${NODE} ${EVERYTHING} stdio`, 'call', 'echo', 'message=hi'),
          server: stdio,
          call: { tool: 'echo', arg: 'message', value: 'hi' },
        },
        'tools (stdio)': { mcpctl: mcpctl('--stdio', `${NODE} ${EVERYTHING} stdio`, 'tools'), server: stdio },
        'tools (Streamable HTTP)': { mcpctl: mcpctl('tools', http.url), server: { url: http.url } },
      }),
    );
  }
  const rows: string[] = [];
  let failed = 0;
  try {
    for (const c of cases) {
      if (only && !c.name.includes(only)) continue;
      await measure(c.a, env);
      await measure(c.b, env);
      const a: Measure[] = [];
      const b: Measure[] = [];
      for (let i = 0; i < runs; i++) {
        a.push(await measure(c.a, env));
        b.push(await measure(c.b, env));
      }
      const badExit = a.find((m) => m.code !== 0);
      const ma = median(a.map((m) => m.wallMs));
      const mb = median(b.map((m) => m.wallMs));
      const peak = Math.max(...a.map((m) => m.peakKiB)) / 1024;
      const ratio = ma / mb;
      const checks: string[] = [];
      let ok = !badExit;
      if (badExit) checks.push(`mcpctl exited ${badExit.code}`);
      const badFloor = b.find((m) => m.code !== 0);
      if (badFloor) checks.push(`B exited ${badFloor.code}`);
      ok &&= !badFloor;
      if (c.ratio !== undefined) {
        checks.push(`ratio ≤ ${c.ratio}`);
        ok &&= ratio <= c.ratio;
      }
      if (c.maxWallMs !== undefined) {
        checks.push(`wall ≤ ${c.maxWallMs} ms`);
        ok &&= ma <= c.maxWallMs;
      }
      if (c.maxPeakMiB !== undefined) {
        checks.push(`peak ≤ ${c.maxPeakMiB} MiB`);
        ok &&= peak <= c.maxPeakMiB;
      }
      const verdict = c.reference ? (ok ? 'reference' : 'FAIL') : ok ? 'pass' : 'FAIL';
      if (verdict === 'FAIL') failed++;
      const row = `| ${c.name} | ${ma.toFixed(0)} ms | ${mb.toFixed(0)} ms | ${ratio.toFixed(2)}× | ${peak.toFixed(0)} MiB | ${checks.join(', ')} | ${verdict} |`;
      rows.push(row);
      process.stdout.write(row + '\n');
    }
  } finally {
    http.stop();
  }
  process.stdout.write(
    `\n${rows.length} cases, ${failed} missed their target (medians of ${runs} paired runs; A = mcpctl or the reference named, B = floor or peer)\n`,
  );
}

await main();
