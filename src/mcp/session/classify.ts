// The one place where SDK, transport and process failures become McpctlErrors with a kind,
// the server, the phase and a hint (docs/OUTPUT.md, exit codes). The same failure reaches us in
// different shapes depending on mode and transport (docs/SDK.md, "Errors"), so the
// checks look at codes and causes, not at which call failed.

import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { ServerSpec } from '../../config/types.js';
import { McpctlError, type ErrorKind, type Phase } from '../../errors.js';
import { formatDuration, packageRunner, packageRunnerHint, tailBlock } from './format.js';
import { redactUrl } from '../../redact.js';
import { loginHint } from '../../auth/messages.js';
import { BadCwdError, MessageTooLargeError, type ProcessExit } from '../stdio/process-transport.js';

export type TimeoutLimit = 'connect' | 'request' | 'total';

export interface ClassifyExtra {
  /** The request in flight (e.g. `tools/call`), named in timeout and exit messages. */
  method?: string;
  /** One of our own deadlines expired (rather than the SDK's timer). */
  deadline?: { limit: TimeoutLimit; ms: number };
  /** The user pressed Ctrl-C (ctx.signal aborted). */
  interrupted?: boolean;
  /** stdio: how the server process ended, if it has. */
  exit?: ProcessExit;
  /** stdio: the last lines the server wrote to stderr. */
  stderrTail?: readonly string[];
  /** The revision the user pinned, named in a mismatch. */
  pinned?: string;
  /** A failure the transport recorded before the connection ended (message too large). */
  transportFailure?: Error;
  /** The connect timeout, to name the limit when the SDK's handshake timer fired. */
  connectTimeoutMs?: number;
}

const CONNECT_PHASES: ReadonlySet<Phase> = new Set(['spawn', 'connect', 'discovery', 'initialize']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
]);
const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'EPROTO',
]);

/** What every rule sees: the failure, where it happened, and the constructor of the answer. */
interface Failure {
  err: unknown;
  spec: ServerSpec;
  phase: Phase;
  extra: ClassifyExtra;
  /** `server "NAME"`, how every message starts. */
  who: string;
  make: (kind: ErrorKind, message: string, hint: string, at?: Phase) => McpctlError;
}

/** A rule recognises one family of failures, or passes (undefined) to the next. */
type Rule = (f: Failure) => McpctlError | undefined;

export function classifyError(err: unknown, spec: ServerSpec, phase: Phase, extra: ClassifyExtra = {}): McpctlError {
  if (err instanceof McpctlError) return err;
  const failure: Failure = {
    err,
    spec,
    phase,
    extra,
    who: `server "${spec.name}"`,
    make: (kind, message, hint, at = phase) =>
      new McpctlError(kind, message, { server: spec.name, phase: at, hint, cause: err }),
  };
  for (const rule of RULES) {
    const answer = rule(failure);
    if (answer !== undefined) return answer;
  }
  return unrecognised(failure);
}

const interrupted: Rule = ({ extra, phase, who, make }) =>
  extra.interrupted
    ? make(
        'interrupted',
        `${who}: interrupted during ${activity(phase, extra.method)}`,
        'the server was stopped; nothing more was sent',
      )
    : undefined;

const timedOut: Rule = ({ err, spec, extra, phase, make }) => {
  if (extra.deadline) return timeoutError(make, spec, phase, extra, extra.deadline.limit, extra.deadline.ms);
  if (!(err instanceof SdkError) || err.code !== SdkErrorCode.RequestTimeout) return undefined;
  const data = (err.data ?? {}) as { timeout?: unknown; maxTotalTimeout?: unknown };
  if (typeof data.maxTotalTimeout === 'number')
    return timeoutError(make, spec, phase, extra, 'total', data.maxTotalTimeout);
  const limit: TimeoutLimit = CONNECT_PHASES.has(phase) ? 'connect' : 'request';
  const ms = typeof data.timeout === 'number' ? data.timeout : (extra.connectTimeoutMs ?? 0);
  return timeoutError(make, spec, phase, extra, limit, ms);
};

/** Spawning a stdio server. */
const notStarted: Rule = ({ err, spec, who, make }) => {
  if (err instanceof BadCwdError) {
    return make(
      'connection',
      `${who}: working directory not found: ${err.cwd}`,
      `fix "cwd" for this server in ${spec.source}`,
      'spawn',
    );
  }
  const spawnFailure = findCause(err, (e) => typeof e.syscall === 'string' && e.syscall.startsWith('spawn'));
  if (!spawnFailure || spec.transport !== 'stdio') return undefined;
  if (spawnFailure.code === 'ENOENT') {
    return make(
      'connection',
      `${who}: command not found: ${spec.command}`,
      `install it, or fix "command" for this server in ${spec.source}`,
      'spawn',
    );
  }
  if (spawnFailure.code === 'EACCES') {
    return make(
      'connection',
      `${who}: command not executable: ${spec.command}`,
      `check the permissions of ${spec.command}`,
      'spawn',
    );
  }
  return make(
    'connection',
    `${who}: could not start ${spec.command}: ${spawnFailure.message}`,
    `check "command" for this server in ${spec.source}`,
    'spawn',
  );
};

const tooLarge: Rule = ({ err, extra, who, make }) => {
  const failure = extra.transportFailure ?? findCause(err, (e) => e instanceof MessageTooLargeError);
  if (!(failure instanceof MessageTooLargeError)) return undefined;
  const megabytes = Number((failure.limit / (1024 * 1024)).toFixed(2));
  return make(
    'connection',
    `${who} sent a message larger than ${formatBytes(failure.limit)}`,
    `--max-size MB raises the limit (now ${megabytes} MB)`,
  );
};

/** A 4xx whose body is a JSON-RPC error is the server's answer, not a transport failure. */
const answeredInBody: Rule = ({ err, spec, phase, extra }) => {
  const status = httpStatus(err);
  const answered = status !== 401 && status !== 403 ? jsonRpcErrorInBody(err) : undefined;
  return answered ? classifyError(answered, spec, phase, extra) : undefined;
};

const unauthorised: Rule = ({ err, spec, who, make }) => {
  const status = httpStatus(err);
  if (!findCause(err, (e) => e instanceof UnauthorizedError) && status !== 401 && status !== 403) return undefined;
  const what =
    status === 403
      ? 'denied access (HTTP 403)'
      : status === 401
        ? 'requires authentication (HTTP 401)'
        : 'requires authentication';
  return make('auth', `${who} ${what}`, loginHint(spec.name));
};

const isTls = (code: string) => TLS_CODES.has(code) || /^ERR_(SSL|TLS)_/.test(code);

/** Network and TLS (HTTP servers). */
const unreachable: Rule = ({ err, spec, phase, who, make }) => {
  const network = findCause(err, (e) => typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || isTls(e.code)));
  if (!network || spec.transport === 'stdio') return undefined;
  const at: Phase = CONNECT_PHASES.has(phase) ? 'connect' : phase;
  const url = redactUrl(spec.url);
  const code = String(network.code);
  if (code === 'ECONNREFUSED')
    return make(
      'connection',
      `${who}: connection refused at ${url}`,
      'is the server running and listening on that address?',
      at,
    );
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL')
    return make(
      'connection',
      `${who}: cannot resolve host ${hostOf(spec.url)}`,
      'check the URL and your DNS or network connection',
      at,
    );
  if (isTls(code)) {
    return make(
      'connection',
      `${who}: TLS error at ${url}: ${network.message}`,
      'check the certificate; a private CA can be added with NODE_EXTRA_CA_CERTS',
      at,
    );
  }
  return make(
    'connection',
    `${who}: network error at ${url}: ${network.message} (${code})`,
    'check the network and that the server is up',
    at,
  );
};

const httpFailure: Rule = ({ err, spec, who, make }) => {
  const status = httpStatus(err);
  if (status === undefined) return undefined;
  const url = spec.transport === 'stdio' ? '' : ` at ${redactUrl(spec.url)}`;
  const hint =
    status === 404 || status === 405
      ? 'check the URL (and the transport type: http or sse)'
      : 'the server reported an error; try again or ask its operator';
  return make('connection', `${who} answered HTTP ${status}${url}`, hint);
};

/** Protocol revisions. */
const revisionMismatch: Rule = ({ err, phase, extra, who, make }) => {
  const mismatch = versionMismatch(err, who, extra.pinned);
  if (!mismatch) return undefined;
  const at: Phase = phase === 'request' ? phase : mismatch.phase;
  return make(
    'connection',
    mismatch.message,
    'pin a revision the server speaks (--protocol), or use --protocol auto',
    at,
  );
};

/** The server went away. */
const serverGone: Rule = ({ err, spec, phase, extra, who, make }) => {
  if (!isConnectionLoss(err)) return undefined;
  const tail = tailBlock(extra.stderrTail ?? []);
  const runner = beforeAnswer(spec, phase);
  if (extra.exit) {
    const how = extra.exit.signal
      ? `was killed by ${extra.exit.signal}`
      : `exited with code ${extra.exit.code ?? 'unknown'}`;
    return make(
      'connection',
      `${who} ${how} during ${activity(phase, extra.method)}${tail}`,
      runner
        ? packageRunnerHint(runner)
        : tail
          ? 'see the server output above'
          : 'run with -v to see what the server writes on stderr',
    );
  }
  return make(
    'connection',
    `${who} closed the connection during ${activity(phase, extra.method)}${tail}`,
    runner ? packageRunnerHint(runner) : 'run with -v to see what the server writes on stderr',
  );
};

/** JSON-RPC errors the server sent. */
const serverError: Rule = ({ err, phase, extra, who, make }) => {
  if (!(err instanceof ProtocolError)) return undefined;
  const text = clip(err.message.replace(/^MCP error -?\d+: /, ''));
  if (CONNECT_PHASES.has(phase)) {
    return make(
      'connection',
      `${who} rejected ${activity(phase, extra.method)}: ${text} (${err.code})`,
      'the server refused the handshake; check its version and configuration',
    );
  }
  const hint =
    err.code === -32601
      ? `the server does not implement ${extra.method ?? 'this method'}`
      : err.code === -32602
        ? 'check the arguments against the schema (mcpctl tools SERVER TOOL)'
        : 'the server rejected the request';
  return make('protocol', `${who} answered ${extra.method ?? 'the request'} with error ${err.code}: ${text}`, hint);
};

const sdkFailure: Rule = ({ err, phase, extra, who, make }) => {
  if (!(err instanceof SdkError)) return undefined;
  switch (err.code) {
    case SdkErrorCode.EraNegotiationFailed:
      return make(
        'connection',
        `${who}: protocol negotiation failed: ${clip(err.message)}`,
        'pin a protocol revision (--protocol) if the server does not negotiate',
      );
    case SdkErrorCode.NotConnected:
    case SdkErrorCode.SendFailed:
      return make(
        'connection',
        `${who}: connection lost during ${activity(phase, extra.method)}: ${clip(err.message)}`,
        'run with -v to see what the server writes on stderr',
      );
    case SdkErrorCode.CapabilityNotSupported:
    case SdkErrorCode.MethodNotSupportedByProtocolVersion:
      return make('protocol', `${who}: ${clip(err.message)}`, 'the server does not offer this feature');
    default:
      return make(
        CONNECT_PHASES.has(phase) ? 'connection' : 'protocol',
        `${who}: ${clip(err.message)}`,
        'run with -v for details',
      );
  }
};

/** In order: the first rule that recognises a failure names it. */
const RULES: readonly Rule[] = [
  interrupted,
  timedOut,
  notStarted,
  tooLarge,
  answeredInBody,
  unauthorised,
  unreachable,
  httpFailure,
  revisionMismatch,
  serverGone,
  serverError,
  sdkFailure,
];

/** Nothing recognised it: while connecting it is the connection's failure, later it is our bug. */
function unrecognised({ err, phase, who, make }: Failure): McpctlError {
  const message = err instanceof Error ? err.message : String(err);
  if (CONNECT_PHASES.has(phase)) return make('connection', `${who}: ${clip(message)}`, 'run with -v for details');
  return make(
    'internal',
    `${who}: ${message}`,
    'this is a bug in mcpctl; please report it with the command you ran and the output of -v',
  );
}

function timeoutError(
  make: (kind: ErrorKind, message: string, hint: string) => McpctlError,
  spec: ServerSpec,
  phase: Phase,
  extra: ClassifyExtra,
  limit: TimeoutLimit,
  ms: number,
): McpctlError {
  const who = `server "${spec.name}"`;
  const method = extra.method;
  const within = `within ${formatDuration(ms)} (${limit} timeout)`;
  const what =
    phase === 'spawn'
      ? `did not start ${within}`
      : phase === 'connect'
        ? `no connection ${within}`
        : phase === 'discovery'
          ? `no answer to server/discover ${within}`
          : phase === 'initialize'
            ? `no answer to initialize ${within}`
            : phase === 'close'
              ? `did not shut down ${within}`
              : `no answer to ${method ?? 'the request'} ${within}`;
  const hint =
    limit === 'connect'
      ? 'raise it with --connect-timeout, or "timeout" in the server\'s config'
      : limit === 'total'
        ? 'raise it with --timeout'
        : 'raise "timeout" in the server\'s config; progress notifications from the server also keep a request alive';
  // Before its first answer a server's stderr is all there is to say why (npm retrying a
  // registry, a missing key): shown without -v.
  const starting = CONNECT_PHASES.has(phase) && spec.transport === 'stdio';
  const tail = starting ? tailBlock(extra.stderrTail ?? []) : '';
  const runner = beforeAnswer(spec, phase);
  return make('timeout', `${who}: ${what}${tail}`, runner && limit === 'connect' ? packageRunnerHint(runner) : hint);
}

/** The package runner of a stdio server that has not yet answered initialize, if it has one. */
function beforeAnswer(spec: ServerSpec, phase: Phase): string | undefined {
  if (spec.transport !== 'stdio' || !CONNECT_PHASES.has(phase)) return undefined;
  return packageRunner(spec.command, spec.args);
}

function activity(phase: Phase, method: string | undefined): string {
  if (phase === 'request') return method ?? 'a request';
  if (phase === 'discovery') return 'server/discover';
  if (phase === 'spawn') return 'start-up';
  return phase;
}

interface ErrorLike {
  message: string;
  code?: unknown;
  syscall?: unknown;
}

/** The first error in the cause chain (and AggregateError members) that matches. */
function findCause(err: unknown, test: (e: ErrorLike & Error) => boolean): (ErrorLike & Error) | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 16) {
    const next = queue.shift();
    if (!(next instanceof Error) || seen.has(next)) continue;
    seen.add(next);
    if (test(next as ErrorLike & Error)) return next as ErrorLike & Error;
    if (next.cause !== undefined) queue.push(next.cause);
    if (next instanceof AggregateError) queue.push(...next.errors);
  }
  return undefined;
}

function httpStatus(err: unknown): number | undefined {
  const found = findCause(
    err,
    (e) => e instanceof SdkHttpError || e instanceof SseError || /\(HTTP \d{3}\)/.test(e.message),
  );
  if (found instanceof SdkHttpError) return found.status;
  if (found instanceof SseError) return typeof found.code === 'number' && found.code >= 400 ? found.code : undefined;
  const match = found ? /\(HTTP (\d{3})\)/.exec(found.message) : null;
  return match ? Number(match[1]) : undefined;
}

function jsonRpcErrorInBody(err: unknown): ProtocolError | undefined {
  const found = findCause(err, (e) => e instanceof SdkHttpError);
  const text = found instanceof SdkHttpError ? found.data.text : undefined;
  if (typeof text !== 'string') return undefined;
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; data?: unknown } };
    const error = body.error;
    if (typeof error?.code !== 'number' || typeof error.message !== 'string') return undefined;
    return ProtocolError.fromError(error.code, error.message, error.data);
  } catch {
    return undefined;
  }
}

function versionMismatch(
  err: unknown,
  who: string,
  pinned: string | undefined,
): { message: string; phase: Phase } | undefined {
  const rejected = findCause(err, (e) => e instanceof ProtocolError && e.code === -32022);
  if (rejected instanceof ProtocolError) {
    const data = (rejected.data ?? {}) as { supported?: unknown; requested?: unknown };
    const supported = Array.isArray(data.supported) ? data.supported.join(', ') : 'other revisions';
    const requested = typeof data.requested === 'string' ? data.requested : (pinned ?? 'the offered revision');
    return {
      message: `${who} does not speak protocol revision ${requested}; it supports ${supported}`,
      phase: 'initialize',
    };
  }
  if (!(err instanceof Error)) return undefined;
  const counter = /protocol version is not supported: (\S+)/.exec(err.message);
  if (counter) {
    return {
      message: `${who} answered with protocol revision ${counter[1]}, but ${pinned ?? 'another revision'} is pinned`,
      phase: 'initialize',
    };
  }
  if (
    err instanceof SdkError &&
    err.code === SdkErrorCode.EraNegotiationFailed &&
    /did not offer pinned protocol version/.test(err.message)
  ) {
    const version = /pinned protocol version (\S+)/.exec(err.message)?.[1] ?? pinned ?? 'the pinned revision';
    return {
      message: `${who} does not speak pinned protocol revision ${version}: it answered server/discover as a server of the 2025 revisions (2024-11-05 … 2025-11-25, initialize only)`,
      phase: 'discovery',
    };
  }
  return undefined;
}

function isConnectionLoss(err: unknown): boolean {
  if (err instanceof SdkError) {
    if (
      err.code === SdkErrorCode.ConnectionClosed ||
      err.code === SdkErrorCode.NotConnected ||
      err.code === SdkErrorCode.SendFailed
    )
      return true;
    if (err.code === SdkErrorCode.EraNegotiationFailed && /connection closed|transport was closed/i.test(err.message))
      return true;
  }
  if (!(err instanceof Error) || err instanceof ProtocolError) return false;
  // A request made once the connection has closed (a server that exited during an earlier call)
  // is refused by the SDK's protocol layer with a plain Error, not an SdkError NotConnected.
  return /connection closed/i.test(err.message) || err.message === 'Not connected';
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}

/** Server-provided text, on one line and short (an HTML error page must not flood the terminal). */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
