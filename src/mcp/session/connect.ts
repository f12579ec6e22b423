// Opens one connection to a server under a single connect deadline: transport start (spawn,
// SSE stream), era probe, handshake. Handles the SSE fallback, the era cache (reuse, and on
// failure stale-era.ts's policy), and always tears down what it started when it fails.

import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type { FetchLike, PriorDiscovery, Transport } from '@modelcontextprotocol/client';
import {
  PROTOCOL_REVISIONS,
  type ProtocolRevision,
  type ProtocolSetting,
  type ServerSpec,
  type StdioServerSpec,
} from '../../config/types.js';
import { McpctlError, type Phase } from '../../errors.js';
import type { Context } from '../../io.js';
import type { TimeLimit } from '../../deadline.js';
import { VERSION } from '../../version.js';
import { classifyError, type ClassifyExtra } from './classify.js';
import type { EraVerdict } from './era-cache.js';
import { forgetStaleEra, type RememberedEra } from './stale-era.js';
import { ProbeReferee, probeAnswerOf } from './probe-answer.js';
import { ProcessTransport, type MessageTooLargeError } from '../stdio/process-transport.js';
import { createProxyFetch } from '../http/proxy.js';
import { ServerLauncher } from '../stdio/launcher.js';
import type { SpawnedServer } from '../stdio/spawn.js';
import type { Teardown } from '../teardown.js';
import type { SessionPlan } from './plan.js';
import { answerServerRequests, clientCapabilities } from './client-requests.js';
import { showServerLogs } from './server-logs.js';
import { isModernRevision, negotiationOptions } from './revisions.js';
import { assumeCompleteResults } from './result-type.js';
import { PhaseTracker } from './tracker.js';
import { httpTransport } from './transports.js';
import { untilAborted, within } from '../wait.js';

/** Who we are in the handshake: the version is package.json's, as `--version` prints it. */
export const CLIENT_INFO = { name: 'mcpctl', version: VERSION } as const;

/** Teardown may take this long beyond the work (docs/ARCHITECTURE.md allows 5 s). */
const CLOSE_BOUND_MS = 4500;
const TERMINATE_BOUND_MS = 1500;
/**
 * How long to wait for a dead server's exit status and last stderr lines. Both normally follow
 * its closed stdout within milliseconds, and the wait ends when they arrive; on a loaded machine
 * they can lag by hundreds, and an error without them ("closed the connection") hides the cause.
 */
const SETTLE_MS = 2000;

/** What one connect runs with besides its plan (session.ts's SessionStart, and the era cache it made). */
export interface ConnectStart {
  /** stdio: where each attempt's server process comes from (the first may be running already). */
  launcher?: ServerLauncher;
  /** The run's teardown: a failed attempt's end is tracked there instead of awaited. */
  teardown?: Teardown;
  /** Where the verdict of `auto` is remembered; absent: no cache. */
  eraCache?: RememberedEra;
}

export interface Connection {
  client: Client;
  transport: Transport;
  /** stdio only: the server process. */
  process?: ProcessTransport;
  tracker: PhaseTracker;
  /** The cached verdict this connection was opened with, if any. */
  prior?: EraVerdict;
  /** Classifies a failure on this connection, with its exit status and stderr. */
  describe(err: unknown, extra?: ClassifyExtra): Promise<McpctlError>;
  /** Ends the connection and everything it started; bounded, idempotent. */
  close(): Promise<void>;
}

/** A failed attempt: the error for the user, and the raw one for fallback decisions. */
class AttemptFailure extends Error {
  constructor(
    readonly error: McpctlError,
    readonly raw: unknown,
    /** `auto` over HTTP: how the server answered server/discover, when that was no discover result. */
    readonly probeAnswer?: string,
  ) {
    super(error.message);
  }
}

/** The connect's own limit, or the command's (--timeout) when that comes first. */
class ConnectDeadline {
  readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly endsAt: number;
  /** Which limit ends the connect: its own, or the command's when that comes first. */
  readonly limit: { limit: 'connect' | 'total'; ms: number };
  expired = false;

  /** @param startedAt when the work began (a server may have been started before we got here). */
  constructor(
    ms: number,
    startedAt: number,
    command: TimeLimit | undefined,
    private readonly now: () => number,
  ) {
    const own = startedAt + ms;
    const total = command !== undefined && command.at < own;
    this.endsAt = total ? command.at : own;
    this.limit = total ? { limit: 'total', ms: command.ms } : { limit: 'connect', ms };
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(
        new SdkError(SdkErrorCode.RequestTimeout, 'connect deadline expired', { timeout: this.limit.ms }),
      );
    }, this.remaining());
  }

  remaining(): number {
    return Math.max(0, this.endsAt - this.now());
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

export async function connect(plan: SessionPlan, ctx: Context, start: ConnectStart): Promise<Connection> {
  const connector = new Connector(plan, ctx, start);
  try {
    return await connector.connect();
  } finally {
    connector.deadline.clear();
  }
}

type TransportKind = 'stdio' | 'http' | 'sse';

/** The attempts of one connect, under one deadline: each attempt opens a fresh transport and client. */
class Connector {
  readonly deadline: ConnectDeadline;
  /** Ctrl-C or the deadline: no further attempt starts. */
  private readonly stop: AbortSignal;
  private readonly spec: ServerSpec;
  private readonly protocol: ProtocolSetting;
  /** stdio: made here when the session brought none (no server was started ahead). */
  private launcher?: ServerLauncher;
  private readonly proxyFetch?: FetchLike;
  private readonly cache?: RememberedEra;

  constructor(
    private readonly plan: SessionPlan,
    private readonly ctx: Context,
    private readonly start: ConnectStart,
  ) {
    this.spec = plan.spec;
    this.protocol = plan.spec.protocol;
    this.launcher = start.launcher;
    this.deadline = new ConnectDeadline(
      plan.limits.connectMs,
      this.launcher?.waiting?.startedAt ?? ctx.now(),
      plan.limits.total,
      ctx.now,
    );
    this.stop = AbortSignal.any([ctx.signal, this.deadline.controller.signal]);
    this.proxyFetch = plan.spec.transport === 'stdio' ? undefined : createProxyFetch(ctx.env);
    this.cache = this.protocol === 'auto' ? start.eraCache : undefined;
  }

  /** With the remembered verdict first, if any; when that fails, forgotten (if stale) and tried afresh. */
  async connect(): Promise<Connection> {
    const { cache } = this;
    const prior = cache ? await cache.cache.read(cache.key) : undefined;
    let conn: Connection;
    try {
      conn = await this.attempt(prior);
    } catch (err) {
      if (!(err instanceof AttemptFailure)) throw err;
      if (!prior || !cache) throw err.error;
      if (!(await forgetStaleEra(cache, { at: 'connect', error: err.error, stop: this.stop }, this.plan.log)))
        throw err.error;
      try {
        conn = await this.attempt(undefined);
      } catch (retryErr) {
        throw retryErr instanceof AttemptFailure ? retryErr.error : retryErr;
      }
    }
    // Remember what this connection learnt, unless it ran on the remembered verdict itself.
    if (cache && (conn.prior === undefined || conn.prior !== prior)) await rememberEra(conn, cache);
    return conn;
  }

  private attempt(prior: EraVerdict | undefined): Promise<Connection> {
    if (this.spec.transport === 'stdio') return this.openStdio(prior);
    if (this.spec.transport === 'sse') return this.open('sse', this.protocol, prior);
    return this.openHttpOrSse(prior, this.spec.sseFallback);
  }

  private async openStdio(prior: EraVerdict | undefined): Promise<Connection> {
    const { protocol } = this;
    try {
      return await this.open('stdio', protocol, prior);
    } catch (err) {
      if (!(err instanceof AttemptFailure) || protocol !== 'auto' || prior || this.stop.aborted) throw err;
      // A server that exits on an unknown pre-initialize request (some SDKs do) ended
      // the in-place probe: it is a legacy server, started again for initialize.
      if (probeClosed(err.raw)) return this.open('stdio', protocol, { kind: 'legacy' });
      // A modern server that was slower to start than the probe's patience got initialize,
      // and refused it naming its revisions: start it again with the one it speaks.
      const modern = modernRevisionOffered(err.raw);
      if (!modern) throw err;
      this.plan.log?.(`(client) the server answered late as a ${modern} server; connecting again`);
      return this.open('stdio', modern, undefined);
    }
  }

  /** Streamable HTTP, and for an SSE-only server (when sseFallback allows) the SSE transport. */
  private async openHttpOrSse(prior: EraVerdict | undefined, sseFallback: boolean): Promise<Connection> {
    try {
      return await this.openHttp(prior);
    } catch (err) {
      if (!(err instanceof AttemptFailure) || !sseFallback || !isNotStreamableHttp(err.raw)) throw err;
      if (this.stop.aborted) throw err;
      // An SSE-only server; SSE predates 2026-07-28, so `auto` means the plain handshake there.
      this.plan.log?.('(client) Streamable HTTP refused (404/405); trying the SSE transport');
      const { protocol } = this;
      return this.open('sse', protocol === 'auto' ? 'legacy' : protocol, undefined);
    }
  }

  /**
   * Streamable HTTP; under `auto`, a probe answered with anything but a discover result is
   * followed by the 2025-era handshake on a fresh connection, once.
   */
  private async openHttp(prior: EraVerdict | undefined): Promise<Connection> {
    try {
      return await this.open('http', this.protocol, prior);
    } catch (err) {
      if (!(err instanceof AttemptFailure) || err.probeAnswer === undefined || this.stop.aborted) throw err;
      this.plan.log?.(
        `(client) server/discover was answered with ${err.probeAnswer}; trying initialize (the 2025 revisions)`,
      );
      try {
        return await this.open('http', 'legacy', undefined);
      } catch (second) {
        if (!(second instanceof AttemptFailure)) throw second;
        throw new AttemptFailure(triedInOrder(this.spec, err.probeAnswer, second.error), second.raw);
      }
    }
  }

  /** One attempt: a transport, a client, the handshake; on failure, described and torn down. */
  private async open(
    kind: TransportKind,
    protocol: ProtocolSetting,
    prior: EraVerdict | undefined,
  ): Promise<Connection> {
    const { spec } = this;
    const tracker = new PhaseTracker(kind === 'stdio' ? 'spawn' : 'connect');
    const killSwitch = new AbortController();
    const { transport, referee, tooLarge } = this.transportFor(kind, protocol, prior, killSwitch);
    tracker.watch(transport, kind === 'stdio' ? 'spawn' : 'connect');
    const client = this.clientFor(kind, protocol);
    const conn = connection(spec, client, transport, tracker, killSwitch, prior, protocol, tooLarge);
    const giveUp = async (err: unknown): Promise<never> => {
      // Describe first: it waits for a dead server's exit status and last stderr lines.
      const error = await conn.describe(err, this.stopExtra());
      const closing = conn.close();
      if (this.start.teardown) this.start.teardown.track(closing);
      else await closing;
      throw new AttemptFailure(error, err, referee ? probeAnswerOf(err, referee) : undefined);
    };
    if (this.stop.aborted) return giveUp(this.stop.reason);
    try {
      const connecting = client.connect(transport, {
        // Our deadline is the authority; the SDK's timer is a backstop just behind it.
        timeout: this.deadline.remaining() + 1000,
        signal: this.stop,
        ...(prior ? { prior: toPrior(prior) } : {}),
      });
      connecting.catch(() => {});
      await untilAborted(connecting, this.stop);
    } catch (err) {
      return giveUp(err);
    }
    tracker.phase = 'request';
    tracker.watchAnswers(transport);
    if (client.getProtocolEra() === 'modern') assumeCompleteResults(transport);
    return conn;
  }

  /**
   * The transport of one attempt; over HTTP under `auto` with nothing remembered, with the
   * referee that ends the probe when server/discover is answered with anything but its result.
   */
  private transportFor(
    kind: TransportKind,
    protocol: ProtocolSetting,
    prior: EraVerdict | undefined,
    killSwitch: AbortController,
  ): { transport: Transport; referee?: ProbeReferee; tooLarge: () => MessageTooLargeError | undefined } {
    const { spec, plan } = this;
    let tooLarge: MessageTooLargeError | undefined;
    let transport: Transport | undefined;
    const referee =
      kind === 'http' && protocol === 'auto' && !prior
        ? new ProbeReferee((verdict) => {
            plan.log?.(`(client) server/discover was answered with ${verdict}`);
            void transport?.close().catch(() => {});
          })
        : undefined;
    const live = (): Transport =>
      spec.transport === 'stdio'
        ? new ProcessTransport({
            maxMessageBytes: plan.limits.maxMessageBytes,
            onStderrLine: (line) => plan.log?.(line),
            onStdoutNoise: (line) => plan.log?.(`(stdout, not JSON-RPC) ${line}`),
            server: this.nextServer(spec),
          })
        : httpTransport(spec, kind === 'sse' ? 'sse' : 'http', {
            fetch: this.proxyFetch,
            authProvider: plan.auth,
            serverStream: wantsServerStream(plan),
            killSwitch: killSwitch.signal,
            watch: referee ? (fetch) => referee.wrap(fetch) : undefined,
            maxMessageBytes: plan.limits.maxMessageBytes,
            // As on stdio: an answer over the cap ends the connection, and says why.
            onTooLarge: (err) => {
              tooLarge ??= err;
              void transport?.close().catch(() => {});
            },
          });
    transport = plan.exchange ? plan.exchange.transport(spec, kind, live) : live();
    return { transport, referee, tooLarge: () => tooLarge };
  }

  /** The process for the next attempt: the one started ahead, then fresh ones. */
  private nextServer(spec: StdioServerSpec): SpawnedServer {
    this.launcher ??= new ServerLauncher(spec, this.ctx.now);
    return this.launcher.next();
  }

  private clientFor(kind: TransportKind, protocol: ProtocolSetting): Client {
    const { plan } = this;
    const connectMs = plan.limits.connectMs;
    const probeTimeoutMs =
      kind === 'stdio' && protocol === 'auto'
        ? // On stdio the SDK takes silence for a legacy server and sends initialize: wait long
          // enough for a slow start, and leave initialize half of the deadline.
          Math.min(10_000, Math.max(1000, Math.floor(connectMs / 2)))
        : connectMs + 1000; // elsewhere our deadline should fire first
    const client = new Client(CLIENT_INFO, {
      capabilities: plan.answers ? clientCapabilities(plan.answers.roots) : {},
      ...negotiationOptions(protocol, probeTimeoutMs),
    });
    client.onerror = (error) => {
      if (isNoise(error)) return;
      plan.log?.(`(client) ${error.message}`);
    };
    // Before the client connects, so nothing the server asks or logs meanwhile is missed.
    if (plan.answers) answerServerRequests(client, plan.answers);
    if (plan.serverLogs) showServerLogs(client, this.spec.name, plan.serverLogs);
    return client;
  }

  private stopExtra(): ClassifyExtra {
    return {
      interrupted: this.ctx.signal.aborted,
      ...(this.deadline.expired ? { deadline: this.deadline.limit } : {}),
    };
  }
}

function connection(
  spec: ServerSpec,
  client: Client,
  transport: Transport,
  tracker: PhaseTracker,
  killSwitch: AbortController,
  prior: EraVerdict | undefined,
  protocol: ProtocolSetting,
  httpFailure: () => MessageTooLargeError | undefined,
): Connection {
  const process = transport instanceof ProcessTransport ? transport : undefined;
  let closing: Promise<void> | undefined;
  return {
    client,
    transport,
    process,
    tracker,
    prior,
    async describe(err, extra = {}) {
      // A server that died leaves its exit status and last words; one that ran out of time
      // has none to wait for, and the limit is the user's (--timeout means the wall clock).
      if (process && !isOutOfTime(err, extra)) await process.settled(SETTLE_MS);
      const phase: Phase = tracker.phase;
      return classifyError(err, spec, phase, {
        method: tracker.lastMethod,
        exit: process?.exitInfo,
        stderrTail: process?.stderrTail(),
        transportFailure: process?.transportFailure ?? httpFailure(),
        pinned: protocol === 'auto' || protocol === 'legacy' ? undefined : protocol,
        ...extra,
      });
    },
    close() {
      closing ??= (async () => {
        const work = (async () => {
          if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
            await within(
              transport.terminateSession().catch(() => {}),
              TERMINATE_BOUND_MS,
            );
          }
          await client.close().catch(() => {});
          // The client closes only a transport it attached; a failed probe leaves it to us.
          await transport.close().catch(() => {});
        })();
        await within(work, CLOSE_BOUND_MS);
        killSwitch.abort();
      })();
      return closing;
    },
  };
}

/**
 * Whether this session needs what the server sends outside the answers: always, but for a
 * listing that shows no server logs and offers no roots (a server asks for those when it likes).
 */
function wantsServerStream(plan: SessionPlan): boolean {
  return !plan.listsOnly || plan.serverLogs !== undefined || (plan.answers?.roots.length ?? 0) > 0;
}

async function rememberEra(conn: Connection, cache: RememberedEra): Promise<void> {
  const era = conn.client.getProtocolEra();
  const discover = conn.client.getDiscoverResult();
  if (era === 'modern' && discover) await cache.cache.write(cache.key, { kind: 'modern', discover });
  else if (era === 'legacy') await cache.cache.write(cache.key, { kind: 'legacy' });
}

function isOutOfTime(err: unknown, extra: ClassifyExtra): boolean {
  return (
    extra.interrupted === true ||
    extra.deadline !== undefined ||
    (err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout)
  );
}

/** The error after the probe and the handshake both failed: what was tried, in order. */
function triedInOrder(spec: ServerSpec, probeAnswer: string, handshake: McpctlError): McpctlError {
  const who = `server "${spec.name}"`;
  const rest = handshake.message.startsWith(who)
    ? handshake.message.slice(who.length).replace(/^:?\s*/, '')
    : handshake.message;
  return new McpctlError(
    handshake.kind,
    `${who}: tried server/discover (answered with ${probeAnswer}), then initialize: ${rest}`,
    {
      server: spec.name,
      phase: handshake.phase,
      hint: handshake.hint,
      cause: handshake,
    },
  );
}

function toPrior(verdict: EraVerdict): PriorDiscovery {
  return verdict.kind === 'modern' ? { kind: 'modern', discover: verdict.discover } : { kind: 'legacy' };
}

/** Streamable HTTP POST answered 404/405: the endpoint speaks legacy SSE (or nothing). */
function isNotStreamableHttp(err: unknown): boolean {
  return err instanceof SdkHttpError && (err.status === 404 || err.status === 405);
}

/** The modern revision a server named when it refused our initialize, if any. */
function modernRevisionOffered(err: unknown): ProtocolRevision | undefined {
  if (!(err instanceof ProtocolError) || err.code !== -32022) return undefined;
  const supported = (err.data as { supported?: unknown } | undefined)?.supported;
  if (!Array.isArray(supported)) return undefined;
  return PROTOCOL_REVISIONS.filter((revision) => isModernRevision(revision) && supported.includes(revision)).at(-1);
}

function probeClosed(err: unknown): boolean {
  return (
    err instanceof SdkError &&
    err.code === SdkErrorCode.EraNegotiationFailed &&
    /closed during the server\/discover probe/.test(err.message)
  );
}

/**
 * SDK chatter that says nothing to a user: a progress notification racing its result
 * (docs/SDK.md, "Requests"), and the late answer to a timed-out discover probe.
 */
function isNoise(error: Error): boolean {
  return /unknown token|unknown message ID.*server-discover-probe|server-discover-probe/i.test(error.message);
}
