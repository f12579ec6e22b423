// Typed errors and the one table that turns them into exit codes (docs/OUTPUT.md, "Exit codes").

import { controlFreeJson } from './escape.js';
import { redactUrlsIn } from './redact.js';
import { EXIT_CODES, TERMINATED_EXIT_CODE } from './exit-codes.js';

export type ErrorKind =
  | 'usage'
  | 'config'
  | 'connection'
  | 'auth'
  | 'protocol'
  | 'tool'
  | 'output-schema'
  | 'check'
  | 'timeout'
  | 'interrupted'
  | 'internal';

export { EXIT_CODES, TERMINATED_EXIT_CODE };

/** Human descriptions of each exit code, for the README and `mcpctl help exit-codes`. */
export const EXIT_CODE_TABLE: ReadonlyArray<readonly [number, string]> = [
  [0, 'success (an empty list is success)'],
  [1, 'internal error (a bug: please report it)'],
  [
    2,
    'usage or config error: bad flag, unknown server or tool, invalid config, arguments that fail the inputSchema, unresolved ${VAR}',
  ],
  [
    3,
    'connection failed: spawn failed, refused, DNS, TLS, server exited, handshake or protocol-revision mismatch; with --replay, a request that does not match the recording',
  ],
  [4, 'authentication required or failed'],
  [
    5,
    'the server answered with a protocol error (JSON-RPC error), or the tool called is one it listed malformed or beyond the size limits',
  ],
  [6, 'the tool ran and reported failure (isError: true)'],
  [7, "a result broke its tool's outputSchema"],
  [
    8,
    'checks failed: a test of mcpctl test (one that could not run is an error: without failures, test exits with its code: 3, 4 or 124), a breaking change found by mcpctl diff, a finding of mcpctl lint at or above --fail-on (error by default) or more warnings than --max-warnings',
  ],
  [124, 'a timeout expired'],
  [130, 'interrupted (Ctrl-C)'],
  [143, 'terminated (SIGTERM)'],
];

/** True when the run's signal was aborted because SIGTERM arrived (bin/ says so in the reason). */
export function terminatedBy(signal: AbortSignal): boolean {
  return signal.aborted && (signal.reason as { signal?: unknown } | undefined)?.signal === 'SIGTERM';
}

/** The phase of work an error happened in, named in messages and JSON errors. */
export type Phase =
  | 'config'
  | 'spawn'
  | 'connect'
  | 'initialize'
  | 'discovery'
  | 'request'
  | 'auth'
  | 'output'
  | 'close';

export interface ErrorDetails {
  server?: string;
  phase?: Phase;
  hint?: string;
  cause?: unknown;
  /** Only where the kind alone does not decide it (SIGTERM: 143). */
  exitCode?: number;
}

export class McpctlError extends Error {
  readonly kind: ErrorKind;
  readonly server?: string;
  readonly phase?: Phase;
  readonly hint?: string;
  private readonly exitCodeOverride?: number;

  constructor(kind: ErrorKind, message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'McpctlError';
    this.kind = kind;
    // Whatever built the message (a server's error text, a URL typed by the user), a URL's
    // userinfo and query values never reach the terminal or the JSON error.
    this.message = redactUrlsIn(message);
    this.server = details.server === undefined ? undefined : redactUrlsIn(details.server);
    this.phase = details.phase;
    this.hint = details.hint === undefined ? undefined : redactUrlsIn(details.hint);
    this.exitCodeOverride = details.exitCode;
  }

  get exitCode(): number {
    return this.exitCodeOverride ?? EXIT_CODES[this.kind];
  }
}

export const usageError = (message: string, details?: ErrorDetails) => new McpctlError('usage', message, details);
export const configError = (message: string, details?: ErrorDetails) => new McpctlError('config', message, details);

/** Any thrown value as an McpctlError; unknown values are internal errors (bugs). */
export function toMcpctlError(err: unknown): McpctlError {
  if (err instanceof McpctlError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new McpctlError('internal', message, {
    cause: err,
    hint: 'this is a bug in mcpctl; please report it with the command you ran and the output of -v',
  });
}

export interface ErrorObject {
  code: number;
  kind: ErrorKind;
  server?: string;
  phase?: Phase;
  message: string;
  hint?: string;
}

/** The ERROR object of docs/OUTPUT.md, also the items of `errors` arrays beside results. */
export function errorObject(err: McpctlError): ErrorObject {
  // Absent fields stay undefined, which JSON.stringify leaves out.
  return {
    code: err.exitCode,
    kind: err.kind,
    server: err.server,
    phase: err.phase,
    message: err.message,
    hint: err.hint,
  };
}

/** The one-line JSON error of docs/OUTPUT.md, printed last on stderr with --json. */
export function errorJson(err: McpctlError): string {
  return controlFreeJson({ error: errorObject(err) });
}
