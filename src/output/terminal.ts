// The terminal side of the output. Streams that are terminals show every control character as
// a visible escape (see escape.ts); the only escape sequences that pass are our own colour
// codes, which travel marked from the chalk that made them to the stream that writes them.
// Pipes and files get the bytes as they are.

import { StringDecoder } from 'node:string_decoder';
import type { Writable } from 'node:stream';
import { Chalk, type ChalkInstance } from 'chalk';
import type { IO } from '../io.js';
import type { Secrets } from '../redact.js';
import type { ColorLevel } from './color.js';
import { escapeControls } from '../escape.js';

/**
 * Stands for ESC in our own colour codes until a terminal stream writes them. Random per
 * process: server text cannot forge it, since nothing we render is ever sent to a server.
 * Made when a terminal's colours are first used (with the global Web Crypto, which loads no
 * module): until then no text holds it, and a run into pipes never pays for it.
 */
let ownMarker: { esc: string; code: RegExp } | undefined;

function ownEsc(): string {
  if (ownMarker === undefined) {
    const esc = `\uE000${Buffer.from(crypto.getRandomValues(new Uint8Array(6))).toString('hex')}\uE001`;
    ownMarker = { esc, code: new RegExp(`${esc}\\[[0-9;]*m`, 'g') };
  }
  return ownMarker.esc;
}

/** Our own colour codes made real. */
function restoreOwnCodes(text: string): string {
  return ownMarker === undefined ? text : text.replaceAll(ownMarker.esc, '\x1b');
}

/** A terminal that reports no width (`script -c`, some CI wrappers) is this wide. */
export const DEFAULT_COLUMNS = 80;

export function terminalWidth(columns: number | undefined): number {
  return columns !== undefined && Number.isFinite(columns) && columns > 0 ? Math.floor(columns) : DEFAULT_COLUMNS;
}

/**
 * Colours for a terminal stream: the text given to it has its controls escaped, the codes it
 * adds are marked as ours.
 */
export function terminalChalk(level: ColorLevel): ChalkInstance {
  return ownCodes(new Chalk({ level }));
}

function ownCodes<T extends object>(style: T): T {
  // The proxy stands on a blank function: chalk's own properties are fixed, and a proxy may
  // not answer for fixed properties with anything but themselves.
  return new Proxy((() => {}) as unknown as T, {
    apply: (_blank, thisArg, args: unknown[]) => {
      const styled = Reflect.apply(
        style as (...a: unknown[]) => unknown,
        thisArg,
        args.map((a) => escapeControls(String(a))),
      );
      return String(styled).replaceAll('\x1b', ownEsc());
    },
    get: (_blank, prop) => {
      const value: unknown = Reflect.get(style, prop);
      return typeof value === 'function' ? ownCodes(value) : value;
    },
  });
}

/** Text as a terminal may show it: controls escaped, our own colour codes restored. */
export function forTerminal(text: string): string {
  return restoreOwnCodes(escapeControls(text));
}

/** The text without the colour codes of `terminalChalk`. */
export function withoutOwnCodes(text: string): string {
  return ownMarker === undefined ? text : text.replace(ownMarker.code, '');
}

const RAW = new WeakMap<Writable, Writable>();
/** The guards that change no string but for our own colour codes: not a terminal, no secrets to mask. */
const AS_IS = new WeakSet<Writable>();

/**
 * The IO every command writes through: each stream that is a terminal shows controls as
 * escapes (stdout and stderr judged each on its own), and a terminal of 0 columns is 80 wide.
 * The secrets of the run are masked on stderr (messages, warnings, server logs) and on a
 * terminal stdout; stdout into a pipe or file is the data the user asked for, byte-exact.
 */
export function guardTerminal(io: IO, secrets?: Secrets): IO {
  for (const [stream, tty] of [
    [io.stdout, io.stdoutIsTTY],
    [io.stderr, io.stderrIsTTY],
  ] as const)
    if (tty) reportWidth(stream);
  // A copy that keeps a getter a getter: bin's stdin stream is made only if a command reads it.
  const guarded = Object.defineProperties({}, Object.getOwnPropertyDescriptors(io)) as IO;
  guarded.stdout = guard(io.stdout, io.stdoutIsTTY, io.stdoutIsTTY ? secrets : undefined);
  guarded.stderr = guard(io.stderr, io.stderrIsTTY, secrets);
  guarded.columns = io.stdoutIsTTY ? terminalWidth(io.columns) : undefined;
  return guarded;
}

/** The stream under a guard: for the spinner, whose own cursor codes must reach the terminal. */
export function unguarded(stream: Writable): Writable {
  return RAW.get(stream) ?? stream;
}

function guard(stream: Writable, tty: boolean, secrets: Secrets | undefined): Writable {
  if (RAW.has(stream)) return stream;
  const decoder = new StringDecoder('utf8');
  const masked = (text: string) => (secrets ? secrets.mask(text) : text);
  const shown = (chunk: unknown): unknown => {
    if (typeof chunk === 'string') return tty ? forTerminal(masked(chunk)) : restoreOwnCodes(masked(chunk));
    if (!(chunk instanceof Uint8Array) || (!tty && !secrets?.size)) return chunk;
    const text = masked(decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
    return tty ? forTerminal(text) : text;
  };
  const guarded = new Proxy(stream, {
    get: (target, prop) => {
      if (prop === 'write')
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...a: unknown[]) => boolean)(shown(chunk), ...rest);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  RAW.set(guarded, stream);
  if (!tty && !secrets) AS_IS.add(guarded);
  return guarded;
}

/**
 * Whether a string written to `stream` in pieces (cut by pieceEnd) comes out as written whole:
 * never on a terminal or where secrets are masked, since a cut could fall inside a control
 * sequence or a secret. A stream without a guard writes strings as they are.
 */
export function cutsAsIs(stream: Writable): boolean {
  return AS_IS.has(stream) || !RAW.has(stream);
}

/** Where the piece of `text` from `at` may end, at most `max` units on: never inside a surrogate pair or our colour marker. */
export function pieceEnd(text: string, at: number, max: number): number {
  let end = Math.min(at + max, text.length);
  if (end === text.length) return end;
  // Each half of a split pair would be written as U+FFFD.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const opened = ownMarker === undefined ? -1 : text.lastIndexOf('\uE000', end - 1);
  if (opened > at && opened + (ownMarker?.esc.length ?? 0) > end) end = opened;
  return end;
}

/**
 * Makes a terminal stream that reports 0 columns report 80, for everything that reads its
 * width (the spinner counts the lines it must clear by it, and loops forever on 0).
 */
function reportWidth(stream: Writable): void {
  const holder = stream as Writable & { columns?: number };
  let columns = holder.columns;
  if (columns !== undefined && columns > 0) return;
  Object.defineProperty(holder, 'columns', {
    configurable: true,
    enumerable: true,
    get: () => terminalWidth(columns),
    set: (value: number | undefined) => {
      columns = value;
    },
  });
}
