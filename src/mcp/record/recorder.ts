// --record: every live transport is watched in place (its send, onmessage, onclose and
// setProtocolVersion), so the session's own code still sees the SDK's or our transport class
// (the DELETE of an HTTP session, the process of a stdio server). What it carried is written
// once the run is over, every secret masked (the reporters' masking: src/redact.ts).

import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { ServerSpec } from '../../config/types.js';
import type { Secrets } from '../../redact.js';
import { specSecrets } from '../../testing/redact.js';
import { VERSION } from '../../version.js';
import type { Exchange } from './exchange.js';
import { isRecord } from '../../is-record.js';
import {
  RECORDING_FORMAT,
  type RecordedConnection,
  type RecordedFailure,
  type RecordedTransport,
  type Recording,
} from './recording.js';

type Handler = (...args: never[]) => void;

export class Recorder implements Exchange {
  readonly startsServers = true;
  private readonly servers = new Map<string, RecordedConnection[]>();
  private readonly specs = new Set<ServerSpec>();
  private readonly turns = new Map<string, number[]>();

  /** A turn with `server` took `ms`: kept, and returned as it is. */
  turn(server: string, ms: number): number {
    this.turns.set(server, [...(this.turns.get(server) ?? []), ms]);
    return ms;
  }

  transport(spec: ServerSpec, kind: RecordedTransport, make: () => Transport): Transport {
    const connection: RecordedConnection = { transport: kind, events: [] };
    this.specs.add(spec);
    const list = this.servers.get(spec.name) ?? [];
    list.push(connection);
    this.servers.set(spec.name, list);
    return watch(make(), connection);
  }

  /**
   * The recording as text, masked with the run's secrets, to which those of every server
   * recorded are added (header values, OAuth secrets, URL credentials), as the test reports do.
   */
  text(secrets: Secrets): string {
    for (const spec of this.specs) for (const value of specSecrets(spec)) secrets.add(value);
    const recording: Recording = {
      mcpctlRecording: RECORDING_FORMAT,
      mcpctl: VERSION,
      servers: [...this.servers].map(([server, connections]) => {
        const turnsMs = this.turns.get(server);
        return { server, connections, ...(turnsMs ? { turnsMs } : {}) };
      }),
    };
    return `${JSON.stringify(secrets.maskDeep(recording), null, 2)}\n`;
  }
}

/** Records what `transport` carries into `connection`, in order; returns the same transport. */
function watch(transport: Transport, connection: RecordedConnection): Transport {
  const { events } = connection;
  let closing = false;
  let closedSeen = false;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    try {
      await start();
    } catch (err) {
      events.push({ startFailed: recordedFailure(err) });
      throw err;
    }
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    const event: { send: JSONRPCMessage; failed?: RecordedFailure } = { send: copy(message) };
    events.push(event);
    try {
      await send(message, options);
    } catch (err) {
      event.failed = recordedFailure(err);
      throw err;
    }
  };
  const close = transport.close.bind(transport);
  transport.close = () => {
    closing = true;
    return close();
  };
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version) => {
    connection.protocolVersion = version;
    setVersion?.(version);
  };
  intercept(transport, 'onmessage', (message: JSONRPCMessage) => {
    events.push({ receive: copy(message) });
  });
  intercept(transport, 'onclose', () => {
    if (closing || closedSeen) return;
    closedSeen = true;
    events.push({ closed: 'by the server' });
  });
  return transport;
}

/**
 * Makes `transport[key]` an accessor: whatever handler is installed is called after `observe`.
 * Reading it back gives the installed handler wrapped, so a handler saved and restored (the
 * SDK's probe window does that) is not wrapped twice. Only the handler installed last observes:
 * the ones it chains (the tracker's, the SDK's) may be handed another object than the
 * transport's (result-type.ts completes a 2026-07-28 result), which must not count twice.
 */
function intercept<K extends 'onmessage' | 'onclose'>(
  transport: Transport,
  key: K,
  observe: (...args: Parameters<NonNullable<Transport[K]>>) => void,
): void {
  const wrappers = new WeakSet<Handler>();
  let current: Transport[K] | undefined;
  Object.defineProperty(transport, key, {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (handler: Transport[K] | undefined) => {
      if (handler === undefined || wrappers.has(handler as Handler)) {
        current = handler;
        return;
      }
      const wrapped = ((...args: Parameters<NonNullable<Transport[K]>>) => {
        if (current === wrapped) observe(...args);
        (handler as (...a: typeof args) => void)(...args);
      }) as Transport[K];
      wrappers.add(wrapped as Handler);
      current = wrapped;
    },
  });
}

function copy(message: JSONRPCMessage): JSONRPCMessage {
  return structuredClone(message);
}

/** The error as a recording keeps it: its message, and what the session's decisions read. */
export function recordedFailure(err: unknown): RecordedFailure {
  if (!(err instanceof Error)) return { message: String(err) };
  const failure: RecordedFailure = { message: err.message, name: err.name };
  const { code, data, syscall } = err as { code?: unknown; data?: unknown; syscall?: unknown };
  if (typeof code === 'string' || typeof code === 'number') failure.code = code;
  if (typeof syscall === 'string') failure.syscall = syscall;
  if (isRecord(data) && typeof data.status === 'number') {
    failure.status = data.status;
    if (typeof data.statusText === 'string') failure.statusText = data.statusText;
    if (typeof data.text === 'string') failure.text = data.text;
  }
  return failure;
}
