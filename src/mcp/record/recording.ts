// The recording file of --record and --replay: its shape (README, "Record and replay"), reading
// one back with errors that name the flag, the file and the field, and turning one into text.

import { readFile } from 'node:fs/promises';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { usageError } from '../../errors.js';
import { isRecord } from '../../is-record.js';

/** The value of `mcpctlRecording`: the shape's version, raised when the shape changes. */
export const RECORDING_FORMAT = 1;

export type RecordedTransport = 'stdio' | 'http' | 'sse';

/**
 * A transport's refusal of a message: the error's message, and what the session's decisions
 * read of it (its class name, its code, an HTTP status and body).
 */
export interface RecordedFailure {
  message: string;
  name?: string;
  code?: string | number;
  status?: number;
  statusText?: string;
  text?: string;
  /** A process that could not be started: `spawn …` (with `code` ENOENT, EACCES…). */
  syscall?: string;
}

/**
 * One thing that happened on a connection, in order: the transport failing to start (a stdio
 * command not found), a message mcpctl sent (`failed` when the transport refused it), a
 * message the server sent, or the server ending the connection.
 */
export type RecordedEvent =
  | { startFailed: RecordedFailure }
  | { send: JSONRPCMessage; failed?: RecordedFailure }
  | { receive: JSONRPCMessage }
  | { closed: 'by the server' };

/** One connection attempt: its transport, the revision negotiated on it (once known), its events. */
export interface RecordedConnection {
  transport: RecordedTransport;
  protocolVersion?: string;
  events: RecordedEvent[];
}

export interface RecordedServer {
  server: string;
  connections: RecordedConnection[];
  /**
   * How long each turn of a command over several servers took with this one, in ms (what
   * `status` prints as latencyMs): a replay prints these instead of its own, much shorter, times.
   */
  turnsMs?: number[];
}

export interface Recording {
  mcpctlRecording: typeof RECORDING_FORMAT;
  /** The mcpctl version that recorded it (information: replay does not compare it). */
  mcpctl: string;
  servers: RecordedServer[];
}

const TRANSPORTS: ReadonlySet<string> = new Set(['stdio', 'http', 'sse']);

/** Reads a recording for --replay: a missing, unreadable or malformed file is exit 2 naming it (as `file`). */
export async function readRecording(path: string, file = path): Promise<Recording> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(code ?? err);
    throw usageError(`--replay ${file}: cannot read it: ${why}`, {
      hint: 'name a file written by --record',
      cause: err,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw malformed(file, `it is not JSON (${(err as Error).message})`);
  }
  return checkedRecording(file, parsed);
}

function checkedRecording(file: string, value: unknown): Recording {
  if (!isRecord(value) || value.mcpctlRecording === undefined)
    throw malformed(file, 'it is not a recording of mcpctl (no "mcpctlRecording" key)');
  if (value.mcpctlRecording !== RECORDING_FORMAT)
    throw malformed(
      file,
      `"mcpctlRecording" is ${JSON.stringify(value.mcpctlRecording)}; this mcpctl reads ${RECORDING_FORMAT}`,
    );
  if (!Array.isArray(value.servers)) throw malformed(file, '"servers" must be an array');
  value.servers.forEach((server, i) => checkServer(file, server, `servers[${i}]`));
  return value as unknown as Recording;
}

function checkServer(file: string, value: unknown, at: string): void {
  if (!isRecord(value) || typeof value.server !== 'string') throw malformed(file, `${at}.server must be a string`);
  if (!Array.isArray(value.connections)) throw malformed(file, `${at}.connections must be an array`);
  if (
    value.turnsMs !== undefined &&
    !(Array.isArray(value.turnsMs) && value.turnsMs.every((ms) => typeof ms === 'number'))
  )
    throw malformed(file, `${at}.turnsMs must be an array of numbers`);
  value.connections.forEach((conn, j) => {
    const here = `${at}.connections[${j}]`;
    if (!isRecord(conn) || typeof conn.transport !== 'string' || !TRANSPORTS.has(conn.transport))
      throw malformed(file, `${here}.transport must be one of stdio, http, sse`);
    if (!Array.isArray(conn.events)) throw malformed(file, `${here}.events must be an array`);
    conn.events.forEach((event, k) => {
      if (!isEvent(event))
        throw malformed(file, `${here}.events[${k}] must hold "startFailed", "send", "receive" or "closed"`);
    });
  });
}

function isEvent(value: unknown): value is RecordedEvent {
  if (!isRecord(value)) return false;
  if ('startFailed' in value) return isFailure(value.startFailed);
  if ('send' in value) return isRecord(value.send) && (value.failed === undefined || isFailure(value.failed));
  if ('receive' in value) return isRecord(value.receive);
  return value.closed === 'by the server';
}

function isFailure(value: unknown): value is RecordedFailure {
  return isRecord(value) && typeof value.message === 'string';
}

function malformed(file: string, why: string) {
  return usageError(`--replay ${file}: ${why}`, { hint: 'name a file written by --record' });
}
