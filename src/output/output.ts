// One invocation's output: the mode chosen once (json, table, plain), colour and spinner from
// the IO object, data to stdout, everything else to stderr, every write flushed. The streams
// it writes to are guarded (terminal.ts): on a terminal, server text shows its controls as
// escapes; the colours of `chalk` and `errChalk` are the only escape codes that pass.

import type { ChalkInstance } from 'chalk';
import type { Writable } from 'node:stream';
import type { Context } from '../io.js';
import { errorJson, errorObject, type ErrorObject, McpctlError } from '../errors.js';
import { colorLevel, makeChalk } from './color.js';
import { renderTable, type Column } from './table.js';
import { toJson } from './json.js';
import { escapeControls } from '../escape.js';
import { cutsAsIs, pieceEnd, terminalChalk, unguarded } from './terminal.js';

export type OutputMode = 'json' | 'table' | 'plain';

export interface OutputFlags {
  json?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  /** commander's `--no-color` sets `color: false`. */
  color?: boolean;
}

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

const NO_SPINNER: Spinner = { update() {}, stop() {} };

export class Output {
  readonly mode: OutputMode;
  /** Colours for stdout. */
  readonly chalk: ChalkInstance;
  /** Colours for stderr. */
  readonly errChalk: ChalkInstance;
  readonly quiet: boolean;
  readonly verbose: boolean;
  private readonly ctx: Context;
  private spinner?: { stop(): void; text: string; isSpinning: boolean };
  /** On a terminal stderr, once loaded: lines wrapped to its width (wrap.ts needs string-width). */
  private fitStderr?: (line: string) => string;
  /**
   * Set once stdout's reader went away (`| head`): the rest of the data is dropped, and the run
   * goes on to the verdict it would have had (a check's exit code, a report file still written).
   */
  readerGone = false;

  constructor(ctx: Context, flags: OutputFlags) {
    this.ctx = ctx;
    const { io, env } = ctx;
    this.mode = flags.json ? 'json' : io.stdoutIsTTY ? 'table' : 'plain';
    const noColor = flags.color === false;
    const chalkFor = (isTTY: boolean) => (isTTY ? terminalChalk : makeChalk)(colorLevel({ noColor, env, isTTY }));
    this.chalk = chalkFor(io.stdoutIsTTY);
    this.errChalk = chalkFor(io.stderrIsTTY);
    this.quiet = flags.quiet === true;
    this.verbose = flags.verbose === true && !this.quiet;
  }

  get json(): boolean {
    return this.mode === 'json';
  }

  get tty(): boolean {
    return this.mode === 'table';
  }

  get columns(): number | undefined {
    return this.ctx.io.columns;
  }

  /**
   * Makes every later line on a terminal stderr wrap at word boundaries to the terminal's width
   * (a message, a hint, a warning), its continuation lines indented under its text.
   */
  async fitStderrToTerminal(): Promise<void> {
    // --json: the error line is a document for programs, never broken.
    if (!this.ctx.io.stderrIsTTY || this.json || this.fitStderr) return;
    const { displayWidth, wrapBlock } = await import('./wrap.js');
    // A terminal that reports 0 columns counts as 80 wide, as for tables.
    const width = this.ctx.io.stderrColumns || 80;
    const fitPart = (part: string) => {
      // `error: `, `hint: `, `warning: `, `name: ` (a server's stderr): the rest lines up after it.
      const found = /^\S{1,40}: /.exec(part)?.[0] ?? '';
      const label = displayWidth(found) <= width / 3 ? found : '';
      const hang = ' '.repeat(Math.min(displayWidth(label), 12));
      const [first, ...rest] = wrapBlock(part.slice(label.length), width - displayWidth(label));
      return [label + first!, ...rest.map((l) => hang + l)].join('\n');
    };
    this.fitStderr = (line) => line.split('\n').map(fitPart).join('\n');
  }

  /** Data for stdout, resolved once written (and flushed to the OS), or dropped once no one reads it. */
  async print(data: string | Uint8Array): Promise<void> {
    this.stopSpinner();
    if (this.readerGone) return;
    try {
      await boundedOnceStopped(write(this.ctx.io.stdout, data), this.ctx.signal);
    } catch (err) {
      if (!isBrokenPipe(err)) throw err;
      this.readerGone = true;
    }
  }

  printJson(value: unknown): Promise<void> {
    return this.print(toJson(value));
  }

  /**
   * Failures as stdout's JSON shows them beside the results. They are mcpctl's words, and may
   * quote a server's stderr: masked with the run's secrets, as on stderr, even into a pipe.
   */
  errorObjects(failures: readonly McpctlError[]): ErrorObject[] {
    const objects = failures.map(errorObject);
    return this.ctx.secrets ? this.ctx.secrets.maskDeep(objects) : objects;
  }

  table<Row>(columns: Column<Row>[], rows: Row[]): Promise<string> {
    return renderTable(columns, rows, { tty: this.tty, chalk: this.chalk, columns: this.columns });
  }

  /** A line for people on stderr; silenced by --quiet. */
  info(line: string): void {
    if (this.quiet) return;
    this.stderrLine(line);
  }

  warn(line: string): void {
    if (this.quiet) return;
    this.stderrLine(`${this.errChalk.yellow('warning:')} ${line}`);
  }

  debug(line: string): void {
    if (this.verbose) this.stderrLine(this.errChalk.dim(line));
  }

  /** The final word on a failure: a human message, or with --json the one-line JSON error. */
  error(err: McpctlError): void {
    if (this.json) {
      this.stderrLine(errorJson(err));
      return;
    }
    const about = err.server !== undefined && !err.message.includes(err.server) ? `server "${err.server}": ` : '';
    this.stderrLine(`${this.errChalk.red('error:')} ${about}${err.message}`);
    if (err.hint) this.stderrLine(`${this.errChalk.dim('hint:')} ${err.hint}`);
    // -v: the chain of causes behind the message, for a bug report or a closer look.
    for (
      let cause = err.cause, depth = 0;
      cause !== undefined && depth < 5;
      cause = (cause as { cause?: unknown }).cause, depth++
    ) {
      this.debug(`cause: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`);
    }
  }

  /** A spinner on a terminal stderr, never with --json, --quiet or in a pipe. */
  async startSpinner(text: string): Promise<Spinner> {
    if (!this.ctx.io.stderrIsTTY || this.json || this.quiet) return NO_SPINNER;
    const { default: ora } = await import('ora');
    // The spinner's own cursor codes go to the terminal as they are; its text is escaped.
    const spinner = ora({
      text: escapeControls(text),
      stream: unguarded(this.ctx.io.stderr),
      color: 'cyan',
      isEnabled: true,
      discardStdin: false,
    }).start();
    this.spinner = spinner;
    return {
      update: (t: string) => {
        spinner.text = escapeControls(t);
        // Drawn now, not at the next frame: a message is seen even when the work ends at once.
        if (spinner.isSpinning) spinner.render();
      },
      stop: () => this.stopSpinner(),
    };
  }

  stopSpinner(): void {
    if (this.spinner?.isSpinning) this.spinner.stop();
    this.spinner = undefined;
  }

  private stderrLine(line: string): void {
    const wasSpinning = this.spinner?.isSpinning;
    if (wasSpinning) (this.spinner as unknown as { clear(): void }).clear();
    this.ctx.io.stderr.write(`${this.fitStderr ? this.fitStderr(line) : line}\n`);
    if (wasSpinning) (this.spinner as unknown as { render(): void }).render();
  }
}

/**
 * Strings longer than this go to a pipe or file in pieces, each written before the next is
 * given: Node encodes every string it is handed into a buffer of its own, and strings queued
 * behind a write in flight are encoded together, so an 8 MiB result written whole was held
 * twice more at its end (bench/RESULTS.md).
 */
const PIECE_UNITS = 1 << 20;

/** After Ctrl-C or SIGTERM, how long a write may still wait for a reader that stopped reading. */
const STALLED_WRITE_MS = 1000;

/**
 * The write, but once the run is stopped (Ctrl-C, SIGTERM) no longer than STALLED_WRITE_MS more:
 * a reader that stopped reading would hold the run, and the servers it started, for ever. A
 * write that goes out (the summary after an interrupt) is not cut.
 */
function boundedOnceStopped(writing: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const giveUp = () => {
      const stalled = 'interrupted while output waited for a reader that had stopped reading';
      timer = setTimeout(() => reject(new McpctlError('interrupted', stalled)), STALLED_WRITE_MS);
    };
    if (signal.aborted) giveUp();
    else signal.addEventListener('abort', giveUp, { once: true });
    writing.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', giveUp);
    });
  });
}

/** The error of a write whose reader went away. */
export function isBrokenPipe(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'EPIPE';
}

/** Write and wait until the stream has taken it, so nothing is lost at exit. */
export async function write(stream: Writable, text: string | Uint8Array): Promise<void> {
  if (typeof text !== 'string' || text.length <= PIECE_UNITS || !cutsAsIs(stream)) return writeWhole(stream, text);
  for (let at = 0; at < text.length; ) {
    const end = pieceEnd(text, at, PIECE_UNITS);
    await writeWhole(stream, text.slice(at, end));
    at = end;
  }
}

function writeWhole(stream: Writable, text: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (text.length === 0) return resolve();
    stream.write(text, (err) => (err ? reject(err) : resolve()));
  });
}
