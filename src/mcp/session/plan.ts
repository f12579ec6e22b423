// One session's plan: what a session needs to know, decided once before it starts (the target
// and its transport, the revision policy, the limits, the roots and answers to the server's own
// requests, auth) and passed down unchanged from the command to the transport. Nothing here
// loads the SDK: commands/common/session-plan.ts builds plans before the session layer loads.

import path from 'node:path';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ServerSpec } from '../../config/types.js';
import type { Context, Env } from '../../io.js';
import type { TimeLimit } from '../../deadline.js';
import type { ClientRequestSettings } from './client-requests.js';
import type { Exchange } from '../record/exchange.js';

export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface SessionLimits {
  /** Bounds spawn/transport start + era probe + handshake as one deadline. */
  readonly connectMs: number;
  /** Idle limit per request, reset by progress notifications. */
  readonly requestMs: number;
  /** --timeout: the wall-clock limit of the whole command (connect and every request); none when absent. */
  readonly total?: TimeLimit;
  /** The largest single message accepted from the server. */
  readonly maxMessageBytes: number;
}

export interface SessionPlan {
  /** The server: target, transport and revision policy (`spec.protocol`, --protocol applied). */
  readonly spec: ServerSpec;
  readonly limits: SessionLimits;
  /**
   * How the server's own requests are answered (roots, elicitation, sampling), and the client
   * capabilities declared for them. Absent: none declared, none answered.
   */
  readonly answers?: ClientRequestSettings;
  /** HTTP only: OAuth for servers that require it. */
  readonly auth?: OAuthClientProvider;
  /** Where `auto` remembers each server's era; false: no cache. */
  readonly eraCacheDir: string | false;
  /** Diagnostics for this server, and its stderr lines (`name: line` on stderr), with -v only. */
  readonly log?: (line: string) => void;
  /** Where the server's log messages (notifications/message) are shown, when they are. */
  readonly serverLogs?: (line: string) => void;
  /**
   * The work only reads the answers to its own list requests (`tools`, `resources`, `prompts`
   * listings): nothing the server sends on its own matters to it, so a Streamable HTTP session
   * opens no stream of the server's own (the GET; transports.ts), unless server logs are shown
   * or roots offered. Every other session opens it: a server may ask its questions there
   * (elicitation during a call, SDK servers often do) or announce changes (a watch).
   */
  readonly listsOnly: boolean;
  /** --record / --replay: makes (or stands in for) each attempt's transport. */
  readonly exchange?: Exchange;
}

/** What a plan may be given; everything else comes from the spec and the context. */
export interface PlanChoices {
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  total?: TimeLimit;
  maxMessageBytes?: number;
  answers?: ClientRequestSettings;
  auth?: OAuthClientProvider;
  /** Default $XDG_CACHE_HOME/mcpctl or ~/.cache/mcpctl. */
  cacheDir?: string | false;
  verbose?: boolean;
  serverLogs?: (line: string) => void;
  /** See SessionPlan.listsOnly; default false. */
  listsOnly?: boolean;
  exchange?: Exchange;
}

/** The plan for a session to `spec`: the choices made, the spec's own limits for the rest. */
export function planSession(spec: ServerSpec, ctx: Context, choices: PlanChoices = {}): SessionPlan {
  return {
    spec,
    limits: {
      connectMs: choices.connectTimeoutMs ?? spec.timeoutMs,
      requestMs: choices.requestTimeoutMs ?? spec.timeoutMs,
      total: choices.total,
      maxMessageBytes: choices.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    },
    answers: choices.answers,
    auth: spec.transport === 'stdio' ? undefined : choices.auth,
    eraCacheDir: choices.cacheDir === undefined ? defaultCacheDir(ctx.env, ctx.home) : choices.cacheDir,
    log: choices.verbose ? (line) => void ctx.io.stderr.write(`${spec.name}: ${line}\n`) : undefined,
    serverLogs: choices.serverLogs,
    listsOnly: choices.listsOnly ?? false,
    exchange: choices.exchange,
  };
}

export function defaultCacheDir(env: Env, home: string): string {
  const xdg = env.XDG_CACHE_HOME;
  return xdg ? path.join(xdg, 'mcpctl') : path.join(home, '.cache', 'mcpctl');
}
