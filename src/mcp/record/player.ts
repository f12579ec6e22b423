// --replay: each connection attempt to a server takes that server's next recorded connection,
// and its transport answers from it: no process is spawned, no socket opened. Every message
// mcpctl sends must be the next one recorded (match.ts); the first that is not ends the command
// with exit 3, naming the server, the request and what differed, secrets masked.

import { SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { ServerSpec } from '../../config/types.js';
import { McpctlError, type Phase } from '../../errors.js';
import { escapeControls } from '../../escape.js';
import type { Secrets } from '../../redact.js';
import { specSecrets } from '../../testing/redact.js';
import type { Exchange } from './exchange.js';
import { comparable, firstDifference } from './match.js';
import type { RecordedConnection, RecordedEvent, RecordedFailure, RecordedTransport, Recording } from './recording.js';

export class Player implements Exchange {
  readonly startsServers = false;
  /** The first mismatch, kept in case the SDK swallowed the error (a probe's send, say). */
  mismatch?: McpctlError;
  private readonly taken = new Map<string, number>();
  private readonly turnsTaken = new Map<string, number>();

  constructor(
    private readonly file: string,
    private readonly recording: Recording,
    private readonly secrets: Secrets,
  ) {}

  transport(spec: ServerSpec, kind: RecordedTransport, _make: () => Transport): Transport {
    // Masked as the recorder masked them, so that both sides compare alike.
    for (const value of specSecrets(spec)) this.secrets.add(value);
    const server = this.recording.servers.find((s) => s.server === spec.name);
    const index = this.taken.get(spec.name) ?? 0;
    const connection = server?.connections[index];
    if (!connection)
      throw this.fail(
        spec.name,
        server
          ? `the recording holds ${index} connection${index === 1 ? '' : 's'} to it, and this run opens another`
          : 'the recording holds no connection to it',
      );
    if (connection.transport !== kind)
      throw this.fail(spec.name, `connection ${index + 1} was recorded over ${connection.transport}, not ${kind}`);
    this.taken.set(spec.name, index + 1);
    return new ReplayTransport(connection, {
      secrets: this.secrets,
      mismatch: (what, phase) => this.fail(spec.name, what, phase),
    });
  }

  /** How long the recorded turn with `server` took, in order; `measured` when the recording has no more. */
  turn(server: string, measured: number): number {
    const index = this.turnsTaken.get(server) ?? 0;
    this.turnsTaken.set(server, index + 1);
    return this.recording.servers.find((s) => s.server === server)?.turnsMs?.[index] ?? measured;
  }

  private fail(server: string, what: string, phase: Phase = 'connect'): McpctlError {
    const text = escapeControls(this.secrets.mask(`--replay ${this.file}: server "${server}": ${what}`));
    const error = new McpctlError('connection', text, {
      server,
      phase,
      hint: 'replay the command that was recorded, or record it again with --record FILE',
    });
    this.mismatch ??= error;
    return error;
  }
}

interface ReplaySettings {
  secrets: Secrets;
  /** The error for a message that is not the one recorded, sent in `phase`. */
  mismatch: (what: string, phase: Phase) => McpctlError;
}

/** One recorded connection played back: what the server sent is delivered after the send it followed. */
class ReplayTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly events: RecordedEvent[];
  /** The next event not yet delivered or matched: always a send, or the end, after start(). */
  private cursor = 0;
  /** Recorded request id → the id this run sent in its place. */
  private readonly ids = new Map<string, unknown>();
  private delivering: Promise<void> = Promise.resolve();
  private closed = false;
  private failure?: McpctlError;

  constructor(
    connection: RecordedConnection,
    private readonly settings: ReplaySettings,
  ) {
    this.events = connection.events;
    // The SDK tells a stdio transport by its `stderr` and `pid` (it probes differently there).
    if (connection.transport === 'stdio')
      Object.defineProperties(this, {
        stderr: { value: null, enumerable: true },
        pid: { value: null, enumerable: true },
      });
  }

  async start(): Promise<void> {
    const first = this.events[0];
    if (first && 'startFailed' in first) {
      this.cursor = this.events.length;
      throw replayedFailure(first.startFailed);
    }
    this.deliverUntilSend();
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (this.failure) throw this.failure;
    const event = this.events[this.cursor];
    const what = describe(message);
    if (event === undefined || !('send' in event)) {
      throw this.fail(`${what} was sent after the end of the recorded exchange`, message);
    }
    const difference = firstDifference(comparable(event.send), comparable(this.settings.secrets.maskDeep(message)));
    if (difference !== undefined) {
      const recorded = describe(event.send);
      const where =
        recorded === what ? 'differs from the one recorded' : `was sent where the recording has ${recorded}`;
      throw this.fail(`${what} ${where}: ${difference}`, message);
    }
    this.cursor++;
    if ('id' in event.send && 'id' in message) this.ids.set(JSON.stringify(event.send.id), message.id);
    this.deliverUntilSend();
    if (event.failed !== undefined) throw replayedFailure(event.failed);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.resolve();
    this.onclose?.();
  }

  private fail(what: string, sent: JSONRPCMessage): McpctlError {
    this.failure = this.settings.mismatch(what, phaseOf(sent));
    return this.failure;
  }

  /** Queues what the server sent up to the next send, each delivered on its own turn of the event loop. */
  private deliverUntilSend(): void {
    while (this.cursor < this.events.length && !('send' in this.events[this.cursor]!)) {
      const event = this.events[this.cursor++]!;
      this.delivering = this.delivering.then(() => nextTurn()).then(() => this.deliver(event));
    }
  }

  /** `holder[key]`, a recorded request id, replaced with the id this run sent in its place. */
  private toLiveId(holder: object, key: string): void {
    const record = holder as Record<string, unknown>;
    if (record[key] === undefined) return;
    const live = this.ids.get(JSON.stringify(record[key]));
    if (live !== undefined) record[key] = live;
  }

  private deliver(event: RecordedEvent): void {
    if (this.closed) return;
    if ('closed' in event) {
      void this.close();
      return;
    }
    if (!('receive' in event)) return;
    const message = structuredClone(event.receive);
    if ('id' in message && ('result' in message || 'error' in message)) this.toLiveId(message, 'id');
    // Progress tokens are made from request ids, and a cancellation names one.
    const params = 'method' in message ? (message.params as Record<string, unknown> | undefined) : undefined;
    if (params && !('id' in message)) {
      this.toLiveId(params, 'progressToken');
      this.toLiveId(params, 'requestId');
    }
    this.onmessage?.(message);
  }
}

/** How a message is named in a mismatch: `request tools/call (tool "echo")`, `notification …`, `response`. */
function describe(message: JSONRPCMessage): string {
  if (!('method' in message)) return 'a response to the server';
  const kind = 'id' in message ? 'request' : 'notification';
  const params = message.params as { name?: unknown; uri?: unknown } | undefined;
  const about =
    typeof params?.name === 'string'
      ? ` (${JSON.stringify(params.name)})`
      : typeof params?.uri === 'string'
        ? ` (${JSON.stringify(params.uri)})`
        : '';
  return `${kind} ${message.method}${about}`;
}

/** The phase a message is sent in, as errors name it. */
function phaseOf(message: JSONRPCMessage): Phase {
  const method = 'method' in message ? message.method : undefined;
  return method === 'initialize' ? 'initialize' : method === 'server/discover' ? 'discovery' : 'request';
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The error a recorded failure stands for. */
function replayedFailure(failure: RecordedFailure): Error {
  if (failure.name === 'UnauthorizedError') return new UnauthorizedError(failure.message);
  const sdkCode = failure.code as SdkErrorCode;
  if (failure.status !== undefined)
    return new SdkHttpError(sdkCode, failure.message, {
      status: failure.status,
      statusText: failure.statusText,
      text: failure.text,
    });
  if (typeof failure.code === 'string' && (Object.values(SdkErrorCode) as string[]).includes(failure.code))
    return new SdkError(sdkCode, failure.message);
  const { code, syscall } = failure;
  return Object.assign(new Error(failure.message), code === undefined ? {} : { code }, syscall ? { syscall } : {});
}
