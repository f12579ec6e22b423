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
import type { ClientCapabilities, OAuthClientProvider, PriorDiscovery, Transport } from '@modelcontextprotocol/client';
import {
  PROTOCOL_REVISIONS,
  type ProtocolRevision,
  type ProtocolSetting,
  type ServerSpec,
} from '../../config/types.js';
import { McpctlError, type Phase } from '../../errors.js';
import type { Context } from '../../io.js';
import { VERSION } from '../../version.js';
import { classifyError, type ClassifyExtra } from './classify.js';
import type { EraVerdict } from './era-cache.js';
import { forgetStaleEra, type RememberedEra } from './stale-era.js';
import { ProbeReferee, probeAnswerOf } from './probe-answer.js';
import { ProcessTransport, type MessageTooLargeError } from '../stdio/process-transport.js';
import { createProxyFetch } from '../http/proxy.js';
import { ServerLauncher } from '../stdio/launcher.js';
import { isModernRevision, negotiationOptions } from './revisions.js';
import { assumeCompleteResults } from './result-type.js';
import { PhaseTracker } from './tracker.js';
import { httpTransport, stdioTransport } from './transports.js';
import { untilAborted, within } from '../wait.js';

/** Who we are in the handshake: the version is package.json's, as `--version` prints it. */
export const CLIENT_INFO = { name: 'mcpctl', version: VERSION } as const;

/** Teardown may take this long beyond the work (docs/ARCHITECTURE.md allows 5 s). */
const CLOSE_BOUND_MS = 4500;
const TERMINATE_BOUND_MS = 1500;
/** How long to wait for a dead server's exit status and last stderr lines. */
const SETTLE_MS = 300;

export interface ConnectSettings {
  connectTimeoutMs: number;
  protocol: ProtocolSetting;
  capabilities?: ClientCapabilities;
  configureClient?: (client: Client) => void;
  authProvider?: OAuthClientProvider;
  maxMessageBytes: number;
  /** Where the verdict of `auto` is remembered; absent: no cache. */
  eraCache?: RememberedEra;
  /** Writes one diagnostic line for this server (`name: line`), verbose only. */
  log?: (line: string) => void;
  /** When set, the teardown of a failed attempt is handed over instead of awaited. */
  deferClose?: (closing: Promise<void>) => void;
  /** stdio: where each attempt's server process comes from (the first may be running already). */
  launcher?: ServerLauncher;
  /** --timeout: the connect ends by then too. */
  commandDeadline?: CommandDeadline;
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

/** --timeout: the wall-clock limit of the whole command, as the time it ends and its length. */
export interface CommandDeadline {
  at: number;
  ms: number;
}

class Deadline {
  readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly endsAt: number;
  /** Which limit ends the connect: its own, or the command's when that comes first. */
  readonly limit: { limit: 'connect' | 'total'; ms: number };
  expired = false;

  /** @param startedAt when the work began (a server may have been started before we got here). */
  constructor(ms: number, startedAt: number, command: CommandDeadline | undefined) {
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
    return Math.max(0, this.endsAt - Date.now());
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

export async function connect(spec: ServerSpec, ctx: Context, settings: ConnectSettings): Promise<Connection> {
  const launcher = spec.transport === 'stdio' ? (settings.launcher ?? new ServerLauncher(spec)) : undefined;
  const deadline = new Deadline(
    settings.connectTimeoutMs,
    launcher?.waiting?.startedAt ?? Date.now(),
    settings.commandDeadline,
  );
  const stop = AbortSignal.any([ctx.signal, deadline.controller.signal]);
  const proxyFetch = spec.transport === 'stdio' ? undefined : createProxyFetch(ctx.env);
  const cache = settings.protocol === 'auto' ? settings.eraCache : undefined;

  const open = async (
    kind: 'stdio' | 'http' | 'sse',
    protocol: ProtocolSetting,
    prior: EraVerdict | undefined,
  ): Promise<Connection> => {
    const tracker = new PhaseTracker(kind === 'stdio' ? 'spawn' : 'connect');
    const killSwitch = new AbortController();
    let tooLarge: MessageTooLargeError | undefined;
    let transport: Transport | undefined;
    const referee =
      kind === 'http' && protocol === 'auto' && !prior
        ? new ProbeReferee((verdict) => {
            settings.log?.(`(client) server/discover was answered with ${verdict}`);
            void transport?.close().catch(() => {});
          })
        : undefined;
    transport =
      spec.transport === 'stdio'
        ? stdioTransport(spec, {
            maxMessageBytes: settings.maxMessageBytes,
            onStderrLine: (line) => settings.log?.(line),
            onStdoutNoise: (line) => settings.log?.(`(stdout, not JSON-RPC) ${line}`),
            server: launcher!.next(),
          })
        : httpTransport(spec, kind === 'sse' ? 'sse' : 'http', {
            fetch: proxyFetch,
            authProvider: settings.authProvider,
            killSwitch: killSwitch.signal,
            watch: referee ? (fetch) => referee.wrap(fetch) : undefined,
            maxMessageBytes: settings.maxMessageBytes,
            // As on stdio: an answer over the cap ends the connection, and says why.
            onTooLarge: (err) => {
              tooLarge ??= err;
              void transport?.close().catch(() => {});
            },
          });
    tracker.watch(transport, kind === 'stdio' ? 'spawn' : 'connect');

    const probeTimeoutMs =
      kind === 'stdio' && protocol === 'auto'
        ? // On stdio the SDK takes silence for a legacy server and sends initialize: wait long
          // enough for a slow start, and leave initialize half of the deadline.
          Math.min(10_000, Math.max(1000, Math.floor(settings.connectTimeoutMs / 2)))
        : settings.connectTimeoutMs + 1000; // elsewhere our deadline should fire first
    const client = new Client(CLIENT_INFO, {
      capabilities: settings.capabilities ?? {},
      ...negotiationOptions(protocol, probeTimeoutMs),
    });
    client.onerror = (error) => {
      if (isNoise(error)) return;
      settings.log?.(`(client) ${error.message}`);
    };
    settings.configureClient?.(client);

    const conn = connection(spec, client, transport, tracker, killSwitch, prior, protocol, () => tooLarge);
    const giveUp = async (err: unknown): Promise<never> => {
      // Describe first: it waits for a dead server's exit status and last stderr lines.
      const error = await conn.describe(err, stopExtra());
      const closing = conn.close();
      if (settings.deferClose) settings.deferClose(closing);
      else await closing;
      throw new AttemptFailure(error, err, referee ? probeAnswerOf(err, referee) : undefined);
    };
    if (stop.aborted) return giveUp(stop.reason);
    try {
      const connecting = client.connect(transport, {
        // Our deadline is the authority; the SDK's timer is a backstop just behind it.
        timeout: deadline.remaining() + 1000,
        signal: stop,
        ...(prior ? { prior: toPrior(prior) } : {}),
      });
      connecting.catch(() => {});
      await untilAborted(connecting, stop);
    } catch (err) {
      return giveUp(err);
    }
    tracker.phase = 'request';
    tracker.watchAnswers(transport);
    if (client.getProtocolEra() === 'modern') assumeCompleteResults(transport);
    return conn;
  };

  const stopExtra = (): ClassifyExtra => ({
    interrupted: ctx.signal.aborted,
    ...(deadline.expired ? { deadline: deadline.limit } : {}),
  });

  /**
   * Streamable HTTP; under `auto`, a probe answered with anything but a discover result is
   * followed by the 2025-era handshake on a fresh connection, once.
   */
  const openHttp = async (prior: EraVerdict | undefined): Promise<Connection> => {
    try {
      return await open('http', settings.protocol, prior);
    } catch (err) {
      if (!(err instanceof AttemptFailure) || err.probeAnswer === undefined || stop.aborted) throw err;
      settings.log?.(
        `(client) server/discover was answered with ${err.probeAnswer}; trying initialize (the 2025 revisions)`,
      );
      try {
        return await open('http', 'legacy', undefined);
      } catch (second) {
        if (!(second instanceof AttemptFailure)) throw second;
        throw new AttemptFailure(triedInOrder(spec, err.probeAnswer, second.error), second.raw);
      }
    }
  };

  const attempt = async (prior: EraVerdict | undefined): Promise<Connection> => {
    const protocol = settings.protocol;
    if (spec.transport === 'stdio') {
      try {
        return await open('stdio', protocol, prior);
      } catch (err) {
        // A server that exits on an unknown pre-initialize request (some SDKs do) ended
        // the in-place probe: it is a legacy server, started again for initialize.
        if (err instanceof AttemptFailure && protocol === 'auto' && !prior && probeClosed(err.raw) && !stop.aborted) {
          return open('stdio', protocol, { kind: 'legacy' });
        }
        // A modern server that was slower to start than the probe's patience got initialize,
        // and refused it naming its revisions: start it again with the one it speaks.
        const modern =
          err instanceof AttemptFailure && protocol === 'auto' && !prior ? modernRevisionOffered(err.raw) : undefined;
        if (modern && !stop.aborted) {
          settings.log?.(`(client) the server answered late as a ${modern} server; connecting again`);
          return open('stdio', modern, undefined);
        }
        throw err;
      }
    }
    if (spec.transport === 'sse') return open('sse', protocol, prior);
    try {
      return await openHttp(prior);
    } catch (err) {
      if (!(err instanceof AttemptFailure) || !spec.sseFallback || !isNotStreamableHttp(err.raw) || stop.aborted)
        throw err;
      // An SSE-only server; SSE predates 2026-07-28, so `auto` means the plain handshake there.
      settings.log?.('(client) Streamable HTTP refused (404/405); trying the SSE transport');
      return open('sse', protocol === 'auto' ? 'legacy' : protocol, undefined);
    }
  };

  try {
    const prior = cache ? await cache.cache.read(cache.key) : undefined;
    let conn: Connection;
    try {
      conn = await attempt(prior);
    } catch (err) {
      if (!(err instanceof AttemptFailure)) throw err;
      if (!prior || !cache) throw err.error;
      if (!(await forgetStaleEra(cache, { at: 'connect', error: err.error, stop }, settings.log))) throw err.error;
      try {
        conn = await attempt(undefined);
      } catch (retryErr) {
        throw retryErr instanceof AttemptFailure ? retryErr.error : retryErr;
      }
    }
    // Remember what this connection learnt, unless it ran on the remembered verdict itself.
    if (cache && (conn.prior === undefined || conn.prior !== prior)) await rememberEra(conn, cache);
    return conn;
  } finally {
    deadline.clear();
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
