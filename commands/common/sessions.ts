// Sessions opened with this run's limits (--timeout, --connect-timeout, --protocol, --max-size,
// --root): each stdio server is started before the session layer (the SDK) loads, so the two
// overlap; teardown waits until the answer is printed (endAll()), except for the many-server
// walk, which ends each server as soon as it is done so that at most `concurrency` run at once.

import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../../src/io.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { Session, SessionOptions } from '../../src/mcp/session/session.js';
import type { ClientRequestSettings } from '../../src/mcp/session/client-requests.js';
import type { Client, FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import { McpctlError } from '../../src/errors.js';
import { isLoopbackHost } from '../../src/auth/url.js';
import type { Output } from '../../src/output/output.js';
import type { Mcp } from '../../src/mcp/launch.js';
import type { GlobalOptions } from './global-options.js';
import { failureOf } from './outcome.js';
import type { RecordReplay } from './record-replay.js';

export type { Mcp } from '../../src/mcp/launch.js';

/** Time kept at the end of --timeout for printing the error. */
const ERROR_PRINT_MS = 50;
/** Time kept at the end of --timeout for a last look at a task that is being waited for. */
const LAST_LOOK_MS = 250;
/** How many servers a command over every server works on at once. */
export const DEFAULT_CONCURRENCY = 8;

/** How a command answers a server's questions (elicitation): only `call` asks a person. */
export interface Asking {
  ask?: ClientRequestSettings['ask'];
  noAskReason: string;
}

/**
 * `answering`: how the server's questions are answered; default: nobody is asked.
 * `configureClient`: handlers registered before the client connects, with the session layer.
 * `alongside`: more code the work needs (the schema checks), loaded while the server boots.
 */
export type OpenOptions = Omit<Partial<SessionOptions>, 'configureClient'> & {
  answering?: ClientRequestSettings;
  configureClient?: (client: Client, mcp: Mcp) => void;
  alongside?: () => Promise<unknown>;
};

/** One server's outcome in each(), with the time its turn took (connecting included), in ms. */
export type Settled<T> = { spec: ServerSpec; ms: number } & (
  | { ok: true; value: T }
  | { ok: false; error: McpctlError }
);

export class Sessions {
  private readonly ctx: Context;
  private readonly global: GlobalOptions;
  private readonly out: Output;
  private readonly createdAt: number;
  private readonly pending: Promise<void>[] = [];
  private releaseTeardown!: () => void;
  /** Settles once the answer is printed: deferred teardown begins then. */
  private readonly answered = new Promise<void>((resolve) => (this.releaseTeardown = resolve));
  private readonly warnedPlainHttp = new Set<ServerSpec>();
  private rootDirs?: Promise<string[]>;

  constructor(
    ctx: Context,
    global: GlobalOptions,
    out: Output,
    private readonly recordReplay?: RecordReplay,
  ) {
    this.ctx = ctx;
    this.global = global;
    this.out = out;
    this.createdAt = ctx.now();
  }

  /**
   * Opens a session for the duration of `fn`; teardown comes after the answer is printed. Every
   * session declares the same client capabilities (so every command sees the same tools) and
   * offers roots only when --root or the server's `roots` key names some.
   */
  open<T>(spec: ServerSpec, fn: (session: Session, mcp: Mcp) => Promise<T>, options: OpenOptions = {}): Promise<T> {
    return this.launch(spec, fn, {
      deferClose: (closing) => this.defer(closing),
      closeAfter: this.answered,
      ...options,
    });
  }

  /**
   * `fn` on each server, `concurrency` at a time, each server ended as soon as its work is done
   * (so no more than that many run at once); results in input order, failures attributed.
   */
  async each<T>(
    specs: ServerSpec[],
    fn: (session: Session, mcp: Mcp) => Promise<T>,
    concurrency = this.global.concurrency ?? DEFAULT_CONCURRENCY,
  ): Promise<Settled<T>[]> {
    const results: Settled<T>[] = new Array(specs.length);
    let next = 0;
    const worker = async () => {
      while (next < specs.length) {
        const index = next++;
        const spec = specs[index]!;
        const started = this.ctx.now();
        try {
          const value = await this.launch(spec, fn, {});
          results[index] = { spec, ms: this.turnMs(spec, started), ok: true, value };
        } catch (err) {
          results[index] = { spec, ms: this.turnMs(spec, started), ok: false, error: failureOf(err, spec.name) };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, specs.length)) }, worker));
    return results;
  }

  /** How long a server's turn took (status's latency); under --replay, as recorded. */
  private turnMs(spec: ServerSpec, started: number): number {
    const ms = this.ctx.now() - started;
    return this.recordReplay?.turn(spec.name, ms) ?? ms;
  }

  /** A session through launchSession, with this run's limits, roots, answers and auth. */
  private async launch<T>(
    spec: ServerSpec,
    fn: (session: Session, mcp: Mcp) => Promise<T>,
    options: OpenOptions,
  ): Promise<T> {
    const { launchSession } = await import('../../src/mcp/launch.js');
    let provider: OAuthClientProvider | undefined;
    try {
      const session = launchSession(
        spec,
        this.ctx,
        async (mcp) => {
          const { answering: given, configureClient, alongside: _loading, ...rest } = options;
          const answering = given ?? (await this.clientRequestSettings(spec));
          this.warnPlainHttpHeaders(spec);
          provider = rest.authProvider ?? (await this.authProvider(spec));
          return {
            ...this.sessionOptions(rest),
            authProvider: provider,
            capabilities: mcp.clientCapabilities(answering.roots),
            configureClient: (client) => {
              mcp.answerServerRequests(client, answering);
              configureClient?.(client, mcp);
            },
          };
        },
        fn,
        this.recordReplay?.exchange?.startsServers !== false,
      );
      // launchSession has spawned the server before its first wait: this loads while it boots.
      options.alongside?.().catch(() => {});
      return await session;
    } finally {
      // Releases a store lock left by a refresh the SDK began and did not finish.
      await (provider as { close?: () => Promise<void> } | undefined)?.close?.();
    }
  }

  /** HTTP servers get an OAuth provider (not interactive: only `auth login` signs in). */
  private async authProvider(spec: ServerSpec): Promise<OAuthClientProvider | undefined> {
    if (spec.transport === 'stdio') return undefined;
    const { createAuthProvider } = await import('../../src/auth/index.js');
    return createAuthProvider(spec, this.ctx, { interactive: false, fetch: await this.proxyFetch() });
  }

  /**
   * --timeout counts from the start of the process: it bounds the whole command, the error
   * message included, so the work stops a moment earlier to leave time to print it.
   */
  private commandDeadline(): SessionOptions['commandDeadline'] {
    if (this.global.timeout === undefined) return undefined;
    const ms = Math.round(this.global.timeout * 1000);
    return { at: (this.ctx.startedAt ?? this.createdAt) + ms - Math.min(ERROR_PRINT_MS, ms / 10), ms };
  }

  /**
   * When waiting for a task stops under --timeout (epoch ms): early enough that the last look at
   * the task (one tasks/get) is answered within the command's limit.
   */
  taskWaitDeadline(): number | undefined {
    const deadline = this.commandDeadline();
    return deadline === undefined ? undefined : deadline.at - Math.min(LAST_LOOK_MS, deadline.ms / 4);
  }

  private sessionOptions(extra: Partial<SessionOptions>): SessionOptions {
    const ms = (s: number | undefined) => (s === undefined ? undefined : Math.round(s * 1000));
    return {
      connectTimeoutMs: ms(this.global.connectTimeout),
      commandDeadline: this.commandDeadline(),
      protocol: this.global.protocol,
      verbose: this.out.verbose,
      ...(this.global.maxSize !== undefined ? { maxMessageBytes: Math.ceil(this.global.maxSize * 1024 * 1024) } : {}),
      // A recording holds the whole negotiation: no era remembered from an earlier run skips part of it.
      ...(this.recordReplay ? { exchange: this.recordReplay.exchange, cacheDir: false } : {}),
      ...extra,
    };
  }

  /** How the server's questions are answered in this run: the roots offered, who is asked. */
  async clientRequestSettings(
    spec: ServerSpec,
    asking: Asking = { noAskReason: 'only `mcpctl call` asks questions' },
  ): Promise<ClientRequestSettings> {
    return { server: spec.name, roots: await this.roots(spec), ...asking, notice: (line) => this.out.info(line) };
  }

  /** The roots offered to `spec`: --root (checked, absolute), else its `roots` key, else none. */
  private roots(spec: ServerSpec): Promise<string[]> {
    if (this.global.root === undefined) return Promise.resolve(spec.roots ?? []);
    this.rootDirs ??= this.checkedRootDirs(this.global.root);
    return this.rootDirs;
  }

  /** --root, once per run: each an absolute path to an existing directory. */
  private async checkedRootDirs(given: string[]): Promise<string[]> {
    const dirs = given.map((d) => path.resolve(this.ctx.cwd, d));
    for (const dir of dirs) {
      if (!(await stat(dir).catch(() => undefined))?.isDirectory())
        throw new McpctlError('usage', `--root ${dir}: not a directory`, {
          hint: '--root names an existing directory to offer the server',
        });
    }
    return dirs;
  }

  /** Static headers (tokens, often) sent in clear text over the network deserve a warning. */
  private warnPlainHttpHeaders(spec: ServerSpec): void {
    if (spec.transport === 'stdio' || Object.keys(spec.headers).length === 0 || this.warnedPlainHttp.has(spec)) return;
    const url = new URL(spec.url);
    if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return;
    this.warnedPlainHttp.add(spec);
    this.out.warn(
      `server "${spec.name}": its headers (${Object.keys(spec.headers).join(', ')}) are sent unencrypted over plain http:// to ${url.hostname}; anyone on the network path can read them (use https://)`,
    );
  }

  /** The fetch for OAuth requests: through HTTPS_PROXY when one is set, like the MCP requests. */
  async proxyFetch(): Promise<FetchLike | undefined> {
    return (await import('../../src/mcp/http/proxy.js')).createProxyFetch(this.ctx.env);
  }

  /** A short word for the state of a server's credentials (never the credentials). */
  async authState(spec: ServerSpec): Promise<string> {
    if (spec.transport === 'stdio') return 'none';
    const { authStatus } = await import('../../src/auth/index.js');
    const status = await authStatus(spec, this.ctx);
    if (status.state === 'none' && Object.keys(spec.headers).some((h) => h.toLowerCase() === 'authorization'))
      return 'static';
    return status.state;
  }

  /** Teardown handed over by a session; awaited before the process ends. */
  private defer(work: Promise<void>): void {
    this.pending.push(work.catch(() => {}));
  }

  /** Called once the answer (or the error) is printed: the servers are ended now. */
  async endAll(): Promise<void> {
    this.releaseTeardown();
    await Promise.all(this.pending);
  }
}
