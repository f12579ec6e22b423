// The stdio transport: takes over a server process already started in its own process group
// (spawn.ts, through the launcher, so the server boots while the SDK loads), frames JSON-RPC lines
// on its stdout (skipping anything that is not a message), drains its stderr, and ends the whole
// group on close. Written instead of the SDK's StdioClientTransport because that one
// signals the direct child only, waits 2 s before SIGTERM, and loses the pid after a failed
// connect (docs/SDK.md, "stdio").

import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Readable } from 'node:stream';
import { SdkError, SdkErrorCode, parseJSONRPCMessage } from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { LineSplitter, LineTooLongError } from './line-splitter.js';
import { InFlight } from './in-flight.js';
import { endGroup } from './end-group.js';
import { OutputLines } from './output-lines.js';
import type { ProcessExit, SpawnedServer } from './spawn.js';
import { within } from '../wait.js';
import { MessageTooLargeError } from '../message-size.js';

export { BadCwdError, type ProcessExit } from './spawn.js';
export { MessageTooLargeError } from '../message-size.js';

/** How to talk to the server process and end it. */
export interface ProcessTransportOptions {
  /** The longest single message accepted from the server. */
  maxMessageBytes: number;
  /** Each line the server writes to stderr, as it arrives. */
  onStderrLine?: (line: string) => void;
  /** Each line on stdout that is not a JSON-RPC message. */
  onStdoutNoise?: (line: string) => void;
  /** The server process this transport talks to and ends (ServerLauncher.next()). */
  server: SpawnedServer;
}

const MAX_STDERR_LINE = 2000;
/**
 * How long a server may take to exit by itself after its stdin closes, before SIGTERM. Servers
 * that exit on end of input do so within a few milliseconds; many never do (server-everything
 * takes 350 ms, or forever once `roots` is declared), and every command would pay the wait.
 */
const GRACE_MS = 25;
/** How long after SIGTERM before SIGKILL. */
const TERM_WAIT_MS = 2000;
/** How long to wait for the group to disappear after SIGKILL. */
const KILL_WAIT_MS = 1000;
/** Lines of stderr kept for error messages. */
const TAIL_LINES = 20;
/**
 * How long the end of a dead server's stderr is waited for before its pipe is closed: its last
 * lines are what an error names as the cause. They normally arrive with its exit, but the SDK
 * closes the transport as soon as the handshake fails, and on a loaded machine the stderr pipe
 * can be read after that.
 */
const STDERR_DRAIN_MS = 2000;
/**
 * How long stdout may stay open after the server exited. It closes with the exit, unless a
 * process the server started holds it (`helper & exec server` in a wrapper): then the session
 * ends all the same, or it would wait for its timeout with the server long gone.
 */
const STDOUT_AFTER_EXIT_MS = 1000;

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private started?: SpawnedServer;
  private readonly inFlight = new InFlight();
  private child?: ChildProcessWithoutNullStreams;
  private stdout?: Readable;
  private stderrStream?: Readable;
  private pgid?: number;
  private exit?: ProcessExit;
  private failure?: Error;
  private closing?: Promise<void>;
  private closeFired = false;
  private stdoutHeld?: NodeJS.Timeout;
  private readonly stderrLines = new OutputLines(TAIL_LINES, MAX_STDERR_LINE, (line) =>
    this.options.onStderrLine?.(line),
  );
  private stderrEnded = false;
  private readonly exitWaiters: Array<() => void> = [];
  private readonly stderrWaiters: Array<() => void> = [];

  constructor(private readonly options: ProcessTransportOptions) {}

  /** The server's pid, recorded right after spawn and kept after it exits (for teardown and tests). */
  get pid(): number | null {
    return this.pgid ?? null;
  }

  /**
   * Present so the SDK recognises a stdio transport (it then probes `server/discover` in
   * place instead of spawning a throwaway sibling, and treats a silent probe as legacy).
   * Our own reader consumes the stream; nobody else should.
   */
  get stderr(): Readable | null {
    return this.stderrStream ?? null;
  }

  /** How the server process ended, once it has. */
  get exitInfo(): ProcessExit | undefined {
    return this.exit;
  }

  /** A transport-level failure (message too large) that ended the connection. */
  get transportFailure(): Error | undefined {
    return this.failure;
  }

  stderrTail(): string[] {
    const pending = this.stderrLines.pending;
    const tail = this.stderrLines.last;
    return pending.trim() === '' ? tail : [...tail, pending];
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('ProcessTransport already started');
    this.adopt(this.options.server);
    await this.options.server.started;
  }

  /** Takes over a started process: its exit, its output, its errors. */
  private adopt(spawned: SpawnedServer): void {
    this.started = spawned;
    const child = spawned.child;
    if (child === undefined) return; // the cwd does not exist: `started` says so
    this.child = child;
    if (spawned.pgid !== undefined) this.pgid = spawned.pgid;

    const ended = (exit: ProcessExit) => {
      this.exit = exit;
      for (const wake of this.exitWaiters.splice(0)) wake();
      if (!this.closeFired) this.stdoutHeld = setTimeout(() => this.fireClose(), STDOUT_AFTER_EXIT_MS);
    };
    // A server started ahead may have exited before it was taken over.
    const early = spawned.exit();
    if (early) ended(early);
    else child.on('exit', (code, signal) => ended({ code, signal }));
    child.stdin.on('error', () => {
      // EPIPE after the server exited: the exit and the closed stdout tell the story.
    });
    this.stdout = spawned.stdout ?? child.stdout;
    this.stderrStream = spawned.stderr ?? child.stderr;
    this.readStdout(this.stdout);
    this.readStderr(this.stderrStream);
    child.on('error', (err) => {
      if (this.pgid !== undefined) this.onerror?.(err);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || stdin.writableEnded || this.closing) {
      return Promise.reject(new SdkError(SdkErrorCode.NotConnected, 'Not connected'));
    }
    this.inFlight.sent(message);
    return new Promise((resolve, reject) => {
      const ok = stdin.write(`${JSON.stringify(message)}\n`, (err) => {
        if (err) reject(new SdkError(SdkErrorCode.SendFailed, `could not write to the server: ${err.message}`));
      });
      if (ok) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /** Ends the server and everything in its process group; bounded, idempotent. */
  close(): Promise<void> {
    // The server is ours to end even if the handshake never began.
    if (!this.started) this.adopt(this.options.server);
    this.closing ??= this.teardown();
    return this.closing;
  }

  /**
   * Waits (bounded) until the exit status and the rest of stderr have arrived, so an error
   * message about a server that died can name its exit code and last words.
   */
  async settled(maxMs: number): Promise<void> {
    // A process that never started (command not found) has no exit status or stderr to come.
    if (this.child?.pid === undefined) return;
    const exited = this.exit ? Promise.resolve() : new Promise<void>((resolve) => this.exitWaiters.push(resolve));
    await within(Promise.all([exited, this.stderrDrained()]), maxMs);
  }

  /**
   * Whether the server failed without a signal (an exit status other than 0): its last words,
   * which may still be in the pipe, name the cause. A server that exits cleanly or is ended by
   * a signal is not waited for, since a process outside its group may keep its stderr open.
   */
  private failedOnItsOwn(): boolean {
    return this.exit !== undefined && this.exit.signal === null && this.exit.code !== 0;
  }

  /** Settles once the server's stderr has been read to its end. */
  private stderrDrained(): Promise<void> {
    if (this.stderrEnded) return Promise.resolve();
    return new Promise<void>((resolve) => this.stderrWaiters.push(resolve));
  }

  private async teardown(): Promise<void> {
    const child = this.child;
    const pgid = this.pgid;
    if (child && pgid !== undefined) {
      await endGroup(
        {
          child,
          pgid,
          exited: () => this.exit !== undefined,
          whenExited: () => new Promise<void>((resolve) => this.exitWaiters.push(resolve)),
        },
        { graceMs: GRACE_MS, termWaitMs: TERM_WAIT_MS, killWaitMs: KILL_WAIT_MS },
      );
      this.started?.release();
      if (this.failedOnItsOwn()) await within(this.stderrDrained(), STDERR_DRAIN_MS);
      child.stdout.destroy();
      child.stderr.destroy();
      child.stdin.destroy();
      this.stdout?.destroy();
      this.stderrStream?.destroy();
    }
    this.fireClose();
  }

  private readStdout(stdout: Readable): void {
    const splitter = new LineSplitter(this.options.maxMessageBytes);
    stdout.on('data', (chunk: Buffer) => {
      let lines: string[];
      try {
        lines = splitter.push(chunk);
      } catch (err) {
        if (!(err instanceof LineTooLongError)) throw err;
        this.failure = new MessageTooLargeError(err.limit);
        this.onerror?.(this.failure);
        void this.close();
        return;
      }
      for (const line of lines) this.deliver(line);
    });
    stdout.on('error', () => {
      // Reported through close: a broken pipe means the server is gone.
    });
    stdout.on('close', () => {
      const rest = splitter.flush();
      if (rest !== undefined) this.deliver(rest);
      this.fireClose();
    });
  }

  private deliver(line: string): void {
    if (line.trim() === '') return;
    let raw: unknown;
    let message: JSONRPCMessage | undefined;
    try {
      raw = JSON.parse(line);
      message = parseJSONRPCMessage(raw);
    } catch {
      message = this.inFlight.claim(raw);
    }
    if (message === undefined) {
      // Servers print banners and debug output on stdout; such lines never end a session.
      this.options.onStdoutNoise?.(line);
      return;
    }
    this.inFlight.answered(message);
    this.onmessage?.(message);
  }

  private readStderr(stderr: Readable): void {
    void this.stderrLines.read(stderr).then(() => {
      this.stderrEnded = true;
      for (const wake of this.stderrWaiters.splice(0)) wake();
    });
  }

  private fireClose(): void {
    clearTimeout(this.stdoutHeld);
    if (this.closeFired) return;
    this.closeFired = true;
    this.onclose?.();
  }
}
