// Scoped connections (docs/ARCHITECTURE.md): withSession opens a server as its plan says, runs the
// work, and always ends it: before returning, or held by the run's teardown until the answer is
// printed. Requests get their timeouts and Ctrl-C from Session.requestOptions; every failure
// leaves as an McpctlError.

import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { Client, Implementation, RequestOptions, ServerCapabilities } from '@modelcontextprotocol/client';
import type { ServerSpec } from '../../config/types.js';
import type { Context } from '../../io.js';
import { classifyError } from './classify.js';
import type { TimeLimit } from '../../deadline.js';
import { connect, type Connection } from './connect.js';
import { EraCache, eraCacheKey } from './era-cache.js';
import { forgetStaleEra, type RememberedEra, type StaleEraFailure } from './stale-era.js';
import type { SessionPlan } from './plan.js';
import type { Teardown } from '../teardown.js';
import type { SpawnedServer } from '../stdio/spawn.js';
import type { ServerLauncher } from '../stdio/launcher.js';
import { ProcessTransport } from '../stdio/process-transport.js';
import { isModernRevision } from './revisions.js';
import { untilAborted } from '../wait.js';

/** What runs a planned session: where its server comes from and who ends it. */
export interface SessionStart {
  /**
   * stdio: where the server processes come from; launchSession's has the first one started
   * ahead. Default: each started when an attempt needs it. One started ahead that no attempt
   * took is ended by withSession.
   */
  launcher?: ServerLauncher;
  /**
   * The run's teardown: the session's end is held there until the answer is printed, and the
   * end of a failed attempt is tracked there instead of awaited. Absent: the session is ended
   * before withSession returns.
   */
  teardown?: Teardown;
}

export interface Session {
  /** What the session was opened with: its server, limits and answers. */
  plan: SessionPlan;
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

export async function withSession<T>(
  plan: SessionPlan,
  ctx: Context,
  fn: (s: Session) => Promise<T>,
  start: SessionStart = {},
): Promise<T> {
  try {
    return await openAndRun(plan, ctx, fn, start);
  } finally {
    const untaken = start.launcher?.untaken();
    if (untaken) await endNowOrTrack(endUntaken(untaken), start.teardown);
  }
}

/** Ends a server started ahead for a session that never took it (teardown as for any session). */
function endUntaken(server: SpawnedServer): Promise<void> {
  return new ProcessTransport({ maxMessageBytes: 0, server }).close();
}

async function openAndRun<T>(
  plan: SessionPlan,
  ctx: Context,
  fn: (s: Session) => Promise<T>,
  start: SessionStart,
): Promise<T> {
  const { spec } = plan;
  if (ctx.signal.aborted)
    throw classifyError(ctx.signal.reason, spec, spec.transport === 'stdio' ? 'spawn' : 'connect', {
      interrupted: true,
    });
  const eraCache = rememberedEra(plan, ctx);
  for (let attempt = 1; ; attempt++) {
    const started = ctx.now();
    const conn = await connect(plan, ctx, { ...start, eraCache });
    const session = new LiveSession(plan, ctx, conn, ctx.now() - started);
    let value: T;
    try {
      const work = fn(session);
      work.catch(() => {}); // if Ctrl-C wins the race below, the work's own failure is moot
      value = await untilAborted(work, ctx.signal);
    } catch (err) {
      const failure = await conn.describe(err, { interrupted: ctx.signal.aborted });
      const stale: StaleEraFailure = {
        at: 'request',
        error: failure,
        raw: err,
        prior: conn.prior,
        answered: conn.tracker.answered,
      };
      if (attempt === 1 && eraCache && (await forgetStaleEra(eraCache, stale, plan.log))) {
        await session.end();
        continue;
      }
      await finish(session, start.teardown);
      throw failure;
    }
    await finish(session, start.teardown);
    return value;
  }
}

/** Where `auto` remembers this server's era, when the plan keeps a cache. */
function rememberedEra(plan: SessionPlan, ctx: Context): RememberedEra | undefined {
  if (plan.spec.protocol !== 'auto' || plan.eraCacheDir === false) return undefined;
  return { cache: new EraCache(plan.eraCacheDir, ctx.now), key: eraCacheKey(plan.spec, ctx.env) };
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
  private readonly total?: TimeLimit;

  readonly spec: ServerSpec;

  constructor(
    readonly plan: SessionPlan,
    private readonly ctx: Context,
    private readonly conn: Connection,
    readonly connectMs: number,
  ) {
    this.spec = plan.spec;
    const client = conn.client;
    this.client = client;
    this.protocolVersion = client.getNegotiatedProtocolVersion() ?? '';
    this.era = client.getProtocolEra() ?? (isModernRevision(this.protocolVersion) ? 'modern' : 'legacy');
    this.serverInfo = client.getServerVersion();
    this.capabilities = client.getServerCapabilities();
    this.instructions = client.getInstructions();
    this.requestTimeoutMs = plan.limits.requestMs;
    this.total = plan.limits.total;
  }

  requestOptions(extra: Partial<RequestOptions> = {}): RequestOptions {
    const controller = new AbortController();
    const deadline = this.total;
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

/** Ends the session now (awaited), or holds its end in the run's teardown until the answer is printed. */
function finish(session: LiveSession, teardown: Teardown | undefined): Promise<void> | void {
  session.stop();
  if (teardown) teardown.hold(() => session.end());
  else return session.end().catch(() => {});
}

/** A teardown under way: tracked by the run's teardown, or awaited now. */
function endNowOrTrack(closing: Promise<void>, teardown: Teardown | undefined): Promise<void> | void {
  if (teardown) teardown.track(closing);
  else return closing.catch(() => {});
}
