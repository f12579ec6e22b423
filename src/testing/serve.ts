// Runs the http/sse server a test file starts (server-start.ts) around the work on it: started in
// its own process group with the watchdog that ends it should mcpctl die (src/mcp/stdio/spawn.ts),
// its output read line by line (kept for messages, shown with -v), ready when its port takes a
// connection or a line of output says so, and ended with its whole group afterwards, whatever
// happened (src/mcp/stdio/end-group.ts). A server that exits first or is not ready in time is an
// error naming it and its last lines of output: the tests on it could not run.

import { connect } from 'node:net';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { McpctlError } from '../errors.js';
import { endGroup } from '../mcp/stdio/end-group.js';
import { OutputLines } from '../mcp/stdio/output-lines.js';
import { spawnServer, type SpawnedServer } from '../mcp/stdio/spawn.js';
import { sleep, within } from '../mcp/wait.js';
import type { Address, StartSpec } from './server-start.js';

export interface ServeDeps {
  /** The run's: Ctrl-C or its --timeout stops the wait for readiness. */
  signal: AbortSignal;
  /** Each line of the server's output as it arrives (shown with -v). */
  log?: (line: string) => void;
}

/** Lines of output an error quotes. */
const TAIL_LINES = 10;
const MAX_LINE = 2000;
/** Between two attempts to connect to the port. */
const POLL_MS = 100;
/** One attempt to connect: a host that drops packets must not hold the wait for minutes. */
const PROBE_MS = 1000;
/** How long the last output may take to arrive after the server exited. */
const DRAIN_MS = 1000;
const END_TIMES = { graceMs: 25, termWaitMs: 2000, killWaitMs: 1000 };

/** `work` with the server started and ready (nothing is started without `start`), the server ended after. */
export async function whileServing<T>(
  start: StartSpec | undefined,
  deps: ServeDeps,
  work: () => Promise<T>,
): Promise<T> {
  if (start === undefined) return work();
  if (await accepts(start.address)) {
    if (start.reuseExisting) return work();
    throw inUse(start);
  }
  const server = new StartedServer(start, deps);
  try {
    await server.ready();
    return await work();
  } finally {
    await server.stop();
  }
}

function inUse(start: StartSpec): McpctlError {
  const { host, port } = start.address;
  return new McpctlError(
    'connection',
    `server "${start.server}" not started: something already answers on ${host}:${port}, and the tests would run against it instead`,
    {
      server: start.server,
      phase: 'spawn',
      hint: 'stop what listens there, use ${port} in the entry for a free port, or set "start.reuseExisting": true to test what is running',
    },
  );
}

class StartedServer {
  private readonly spawned: SpawnedServer;
  private readonly lineWatchers = new Set<(line: string) => void>();
  /** Its stdout and stderr, kept for messages and shown with -v. */
  private readonly output = new OutputLines(TAIL_LINES, MAX_LINE, (line) => {
    this.deps.log?.(line);
    for (const watch of this.lineWatchers) watch(line);
  });
  private readonly drained: Promise<unknown>;

  constructor(
    private readonly start: StartSpec,
    private readonly deps: ServeDeps,
  ) {
    this.spawned = spawnServer(start.process);
    const { stdout, stderr } = this.spawned;
    this.drained = Promise.all([stdout, stderr].map((s) => (s ? this.output.read(s) : Promise.resolve())));
  }

  /** Resolves once ready; rejects when it cannot start, exits first, is not ready in time, or the run stops. */
  async ready(): Promise<void> {
    try {
      await this.spawned.started;
    } catch (err) {
      throw this.notStarted(err);
    }
    const child = this.spawned.child!;
    const { signal } = this.deps;
    if (signal.aborted) throw this.stopped(signal.reason);
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: McpctlError | undefined) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        child.off('exit', onExit);
        this.lineWatchers.delete(onLine);
        if (outcome) reject(outcome);
        else resolve();
      };
      const timer = setTimeout(() => settle(this.notReady()), this.start.timeoutMs);
      const onAbort = () => settle(this.stopped(signal.reason));
      // The last words of a server that died come after its exit: wait for them (bounded).
      const onExit = () => void within(this.drained, DRAIN_MS).then(() => settle(this.exitedEarly()));
      const { ready } = this.start;
      const onLine = (line: string) => {
        if (ready.kind === 'log' && ready.test(line)) settle(undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      child.once('exit', onExit);
      if (this.spawned.exit()) onExit();
      if (ready.kind === 'log') this.lineWatchers.add(onLine);
      else void this.pollPort(ready.address, () => settled).then((open) => open && settle(undefined));
    });
  }

  /** Ends the server and its whole group; bounded. */
  async stop(): Promise<void> {
    const { child, pgid } = this.spawned;
    if (child === undefined || pgid === undefined) return;
    await endGroup(
      {
        child,
        pgid,
        exited: () => this.spawned.exit() !== undefined,
        whenExited: () => new Promise<void>((resolve) => child.once('exit', () => resolve())),
      },
      END_TIMES,
    );
    this.spawned.release();
    child.stdout.destroy();
    child.stderr.destroy();
    child.stdin.destroy();
  }

  /** True once the port takes a connection; false when the wait is over first. */
  private async pollPort(address: Address, over: () => boolean): Promise<boolean> {
    while (!over()) {
      if (await accepts(address)) return true;
      if (!over()) await sleep(POLL_MS);
    }
    return false;
  }

  private lastLines(): string {
    const lines = this.output.last.filter((l) => l.trim() !== '');
    return lines.length === 0 ? '; it printed nothing' : `; its last output:\n${lines.map((l) => `  ${l}`).join('\n')}`;
  }

  private commandLine(): string {
    return [this.start.process.command, ...this.start.process.args].join(' ');
  }

  private notStarted(err: unknown): McpctlError {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    const why = code === 'ENOENT' ? 'command not found' : err instanceof Error ? err.message : String(err);
    return new McpctlError(
      'connection',
      `server "${this.start.server}": could not start ${this.start.process.command}: ${why}`,
      {
        server: this.start.server,
        phase: 'spawn',
        hint: 'check "start.command" (a program on PATH or a path) and "start.cwd"',
      },
    );
  }

  private exitedEarly(): McpctlError {
    const exit = this.spawned.exit();
    const how = exit?.signal ? `killed by ${exit.signal}` : `exit code ${exit?.code ?? 'unknown'}`;
    return new McpctlError(
      'connection',
      `server "${this.start.server}" exited before it was ready (${how})${this.lastLines()}`,
      { server: this.start.server, phase: 'spawn', hint: `run it by hand to see why: ${this.commandLine()}` },
    );
  }

  private notReady(): McpctlError {
    const { ready, timeoutMs } = this.start;
    const waited =
      ready.kind === 'port'
        ? `nothing accepted a connection on ${ready.address.host}:${ready.address.port}`
        : `no line of its output ${ready.shown}`;
    return new McpctlError(
      'timeout',
      `server "${this.start.server}" was not ready within ${timeoutMs / 1000}s: ${waited}${this.lastLines()}`,
      {
        server: this.start.server,
        phase: 'spawn',
        hint: 'raise "start.timeout", or check "start.ready" against what the server does when it is up',
      },
    );
  }

  /** The run stopped while the server was starting: its --timeout, or Ctrl-C. */
  private stopped(reason: unknown): McpctlError {
    const timedOut = reason instanceof SdkError && reason.code === SdkErrorCode.RequestTimeout;
    return new McpctlError(
      timedOut ? 'timeout' : 'interrupted',
      `server "${this.start.server}" was still starting when the run ${timedOut ? 'reached its --timeout' : 'was interrupted'}${this.lastLines()}`,
      { server: this.start.server, phase: 'spawn' },
    );
  }
}

/**
 * True when something listening at the address takes a TCP connection. A connection to itself
 * does not count: polling a port of the ephemeral range (where a free port comes from) with
 * nothing listening, the kernel now and then picks that very port as the source and the
 * connection "succeeds" (TCP simultaneous open), which would also hold the port the server wants.
 */
function accepts({ host, port }: Address): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    const selfConnected = () => socket.localPort === socket.remotePort && socket.localAddress === socket.remoteAddress;
    socket.once('connect', () => done(!selfConnected()));
    socket.once('error', () => done(false));
    socket.setTimeout(PROBE_MS, () => done(false));
  });
}
