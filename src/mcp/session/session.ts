// Scoped connections (docs/ARCHITECTURE.md): withSession opens a server, runs the work, and always
// closes it (commands/common/sessions.ts walks many servers with it). Requests get their
// timeouts and Ctrl-C from Session.requestOptions; every failure leaves as an McpctlError.

import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type {
  Client,
  ClientCapabilities,
  Implementation,
  OAuthClientProvider,
  RequestOptions,
  ServerCapabilities,
} from '@modelcontextprotocol/client';
import type { ProtocolSetting, ServerSpec } from '../../config/types.js';
import type { Context } from '../../io.js';
import { classifyError } from './classify.js';
import { connect, type CommandDeadline, type Connection, type ConnectSettings } from './connect.js';
import { EraCache, defaultCacheDir, eraCacheKey } from './era-cache.js';
import { forgetStaleEra, type StaleEraFailure } from './stale-era.js';
import type { SpawnedServer } from '../stdio/spawn.js';
import { ServerLauncher } from '../stdio/launcher.js';
import { stdioTransport } from './transports.js';
import { isModernRevision } from './revisions.js';
import { untilAborted } from '../wait.js';
import type { Exchange } from '../record/exchange.js';

export interface SessionOptions {
  /** Bounds spawn/transport start + era probe + handshake as one deadline. Default spec.timeoutMs. */
  connectTimeoutMs?: number;
  /** Idle limit per request, reset by progress notifications. Default spec.timeoutMs. */
  requestTimeoutMs?: number;
  /**
   * --timeout: the wall-clock limit of the whole command (connect and every request, progress
   * or not), as the time it ends and its length. Default none.
   */
  commandDeadline?: CommandDeadline;
  /** Overrides spec.protocol for this run (--protocol). */
  protocol?: ProtocolSetting;
  /** Server stderr lines (and client diagnostics) shown as `name: line` on ctx.io.stderr. */
  verbose?: boolean;
  /** HTTP only: OAuth for servers that require it. */
  authProvider?: OAuthClientProvider;
  /** Client capabilities to declare (elicitation, roots, sampling), for commands that answer them. */
  capabilities?: ClientCapabilities;
  /** Registers request handlers on the client before it connects. */
  configureClient?: (client: Client) => void;
  /**
   * When set, teardown is started and handed over instead of awaited, so the caller can
   * print the answer (or the error) first. Each promise never rejects and settles within
   * ~5 s; it may be called more than once per session (a failed attempt before a retry).
   */
  deferClose?: (closing: Promise<void>) => void;
  /**
   * With deferClose: the session's teardown begins only once this settles (the caller has
   * printed its answer or its error), so the answer comes first. Teardown of a failed attempt
   * before a retry begins at once regardless.
   */
  closeAfter?: Promise<void>;
  /** Where `auto` remembers each server's era; false: no cache. Default $XDG_CACHE_HOME/mcpctl or ~/.cache/mcpctl. */
  cacheDir?: string | false;
  /** The largest single message accepted from a stdio server. Default 64 MiB. */
  maxMessageBytes?: number;
  /**
   * stdio: where the server processes come from; launchSession's has the first one started
   * ahead. Default: each started when an attempt needs it. One started ahead that no attempt
   * took is ended by withSession.
   */
  launcher?: ServerLauncher;
  /**
   * On Ctrl-C, before the server is ended: last words to the server (cancelling a task, say).
   * It must bound its own requests; they carry no abort signal of the session's.
   */
  onInterrupted?: (session: Session) => Promise<void>;
  /** --record / --replay: makes (or stands in for) each attempt's transport. */
  exchange?: Exchange;
}

export interface Session {
  spec: ServerSpec;
  client: Client;
  /** The negotiated revision, e.g. `2025-06-18` or `2026-07-28`. */
  protocolVersion: string;
  era: 'legacy' | 'modern';
  serverInfo?: Implementation;
  capabilities?: ServerCapabilities;
  instructions?: string;
  /** Time from start to a usable connection. */
  connectMs: number;
  /** Options for every client request: idle timeout reset by progress, total limit, Ctrl-C. */
  requestOptions(extra?: Partial<RequestOptions>): RequestOptions;
  /** The last lines the server wrote to stderr (stdio; empty for HTTP). */
  stderrTail(): string[];
}

export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export async function withSession<T>(
  spec: ServerSpec,
  ctx: Context,
  opts: SessionOptions,
  fn: (s: Session) => Promise<T>,
): Promise<T> {
  const launcher = spec.transport === 'stdio' ? (opts.launcher ?? new ServerLauncher(spec)) : undefined;
  try {
    return await openAndRun(spec, ctx, { ...opts, launcher }, fn);
  } finally {
    const untaken = launcher?.untaken();
    if (untaken && spec.transport === 'stdio') await awaitOrHandOver(endUntaken(untaken), opts);
  }
}

/** Ends a server started ahead for a session that never took it (teardown as for any session). */
function endUntaken(server: SpawnedServer): Promise<void> {
  return stdioTransport({ maxMessageBytes: 0, onStderrLine: () => {}, onStdoutNoise: () => {}, server }).close();
}

async function openAndRun<T>(
  spec: ServerSpec,
  ctx: Context,
  opts: SessionOptions,
  fn: (s: Session) => Promise<T>,
): Promise<T> {
  const settings = connectSettings(spec, ctx, opts);
  if (ctx.signal.aborted)
    throw classifyError(ctx.signal.reason, spec, spec.transport === 'stdio' ? 'spawn' : 'connect', {
      interrupted: true,
    });

  for (let attempt = 1; ; attempt++) {
    const started = ctx.now();
    const conn = await connect(spec, ctx, settings);
    const session = new LiveSession(spec, ctx, opts, conn, ctx.now() - started);
    let value: T;
    try {
      const work = fn(session);
      work.catch(() => {}); // if Ctrl-C wins the race below, the work's own failure is moot
      value = await untilAborted(work, ctx.signal);
    } catch (err) {
      if (ctx.signal.aborted && opts.onInterrupted) await opts.onInterrupted(session).catch(() => {});
      const failure = await conn.describe(err, { interrupted: ctx.signal.aborted });
      const stale: StaleEraFailure = {
        at: 'request',
        error: failure,
        raw: err,
        prior: conn.prior,
        answered: conn.tracker.answered,
      };
      if (attempt === 1 && settings.eraCache && (await forgetStaleEra(settings.eraCache, stale, settings.log))) {
        await session.end();
        continue;
      }
      await awaitOrHandOver(endAfter(session, opts), opts);
      throw failure;
    }
    await awaitOrHandOver(endAfter(session, opts), opts);
    return value;
  }
}

class LiveSession implements Session {
  readonly client: Client;
  readonly protocolVersion: string;
  readonly era: 'legacy' | 'modern';
  readonly serverInfo?: Implementation;
  readonly capabilities?: ServerCapabilities;
  readonly instructions?: string;
  private readonly ended = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly requestTimeoutMs: number;
  private readonly commandDeadline?: CommandDeadline;

  constructor(
    readonly spec: ServerSpec,
    private readonly ctx: Context,
    opts: SessionOptions,
    private readonly conn: Connection,
    readonly connectMs: number,
  ) {
    const client = conn.client;
    this.client = client;
    this.protocolVersion = client.getNegotiatedProtocolVersion() ?? '';
    this.era = client.getProtocolEra() ?? (isModernRevision(this.protocolVersion) ? 'modern' : 'legacy');
    this.serverInfo = client.getServerVersion();
    this.capabilities = client.getServerCapabilities();
    this.instructions = client.getInstructions();
    this.requestTimeoutMs = opts.requestTimeoutMs ?? spec.timeoutMs;
    this.commandDeadline = opts.commandDeadline;
  }

  requestOptions(extra: Partial<RequestOptions> = {}): RequestOptions {
    const controller = new AbortController();
    const deadline = this.commandDeadline;
    if (deadline !== undefined) {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          // An SdkError reason is rethrown as is by the SDK, so the limit reaches classifyError.
          controller.abort(
            new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
              maxTotalTimeout: deadline.ms,
            }),
          );
        },
        Math.max(0, deadline.at - this.ctx.now()),
      );
      timer.unref();
      this.timers.add(timer);
    }
    const signals = [controller.signal, this.ctx.signal, this.ended.signal];
    if (extra.signal) signals.push(extra.signal);
    return {
      timeout: this.requestTimeoutMs,
      resetTimeoutOnProgress: true,
      // Asking for progress is what lets a slow tool keep its request alive.
      onprogress: () => {},
      ...extra,
      signal: AbortSignal.any(signals),
    };
  }

  stderrTail(): string[] {
    return this.conn.process?.stderrTail() ?? [];
  }

  /** Starts teardown: pending requests are cancelled, the server is ended. */
  end(): Promise<void> {
    this.stop();
    return this.conn.close();
  }

  /** Cancels what is pending (requests, timers); the connection stays until end(). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (!this.ended.signal.aborted) this.ended.abort(new SdkError(SdkErrorCode.ConnectionClosed, 'session closed'));
  }
}

function connectSettings(
  spec: ServerSpec,
  ctx: Context,
  opts: SessionOptions,
): ConnectSettings & { log?: (line: string) => void } {
  const protocol = opts.protocol ?? spec.protocol;
  const log = opts.verbose ? (line: string) => void ctx.io.stderr.write(`${spec.name}: ${line}\n`) : undefined;
  const cacheDir = opts.cacheDir === undefined ? defaultCacheDir(ctx.env, ctx.home) : opts.cacheDir;
  return {
    connectTimeoutMs: opts.connectTimeoutMs ?? spec.timeoutMs,
    protocol,
    capabilities: opts.capabilities,
    configureClient: opts.configureClient,
    authProvider: spec.transport === 'stdio' ? undefined : opts.authProvider,
    maxMessageBytes: opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    eraCache:
      protocol === 'auto' && cacheDir !== false
        ? { cache: new EraCache(cacheDir, ctx.now), key: eraCacheKey(spec, ctx.env) }
        : undefined,
    log,
    deferClose: opts.deferClose ? (closing) => opts.deferClose?.(closing.catch(() => {})) : undefined,
    launcher: opts.launcher,
    commandDeadline: opts.commandDeadline,
    exchange: opts.exchange,
  };
}

/** Ends the session now, or (deferred) once the caller says its answer is out. */
function endAfter(session: LiveSession, opts: SessionOptions): Promise<void> {
  session.stop();
  if (!opts.deferClose || !opts.closeAfter) return session.end();
  const end = () => session.end();
  return opts.closeAfter.then(end, end);
}

/** A teardown under way: handed to the caller (deferClose) to await later, or awaited now. */
function awaitOrHandOver(closing: Promise<void>, opts: SessionOptions): void | Promise<void> {
  const settled = closing.catch(() => {});
  if (opts.deferClose) {
    opts.deferClose(settled);
    return;
  }
  return settled;
}
