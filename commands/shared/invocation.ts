// What every command receives: the context, the global flags, the output chosen once for this
// invocation, the configuration (loaded once, lazily), sessions opened with this invocation's
// limits, and a place to park teardown that may finish after the answer is printed.

import type { Context } from '../../src/io.js';
import type { ProtocolSetting, ServerSpec } from '../../src/config/types.js';
import type { LoadedConfig } from '../../src/config/load.js';
import type { Session, SessionOptions } from '../../src/mcp/session/session.js';
import type { SpawnedServer } from '../../src/mcp/stdio/spawn.js';
import type { ClientRequestSettings } from '../../src/mcp/session/client-requests.js';
import type { FetchLike } from '@modelcontextprotocol/client';
import { McpctlError, toMcpctlError } from '../../src/errors.js';
import { Output } from '../../src/output/output.js';
import { isLoopbackHost } from '../../src/auth/url.js';

/** Time kept at the end of --timeout for printing the error. */
const ERROR_PRINT_MS = 50;
/** Time kept at the end of --timeout for a last look at a task that is being waited for. */
const LAST_LOOK_MS = 250;

export interface GlobalOptions {
  config?: string;
  json?: boolean;
  timeout?: number;
  connectTimeout?: number;
  protocol?: ProtocolSetting;
  verbose?: boolean;
  quiet?: boolean;
  color?: boolean;
  stdio?: string;
  /** --max-size, megabytes. */
  maxSize?: number;
  /** --root, repeatable: directories offered as roots (replacing a server's `roots` key). */
  root?: string[];
  trustProject?: boolean;
}

/** How a command answers a server's questions (elicitation): only `call` asks a person. */
export interface Asking {
  ask?: ClientRequestSettings['ask'];
  noAskReason: string;
}

/** `answering`: how the server's questions are answered (clientRequestSettings); default: nobody is asked. */
export type InvocationSessionOptions = Partial<SessionOptions> & { answering?: ClientRequestSettings };

export interface Selection {
  specs: ServerSpec[];
  /** Servers that could not be resolved (a missing variable, say), in config order. */
  errors: McpctlError[];
}

export class Invocation {
  readonly ctx: Context;
  readonly global: GlobalOptions;
  readonly out: Output;
  /** Set by commands whose partial failure still prints results (several servers). */
  exitCode = 0;
  /** Failures of a command that still printed results, in config order. */
  readonly failures: McpctlError[] = [];
  private readonly pending: Promise<void>[] = [];
  /** Servers started ahead of their session (prestart), until a session takes them. */
  private readonly started = new Map<ServerSpec, SpawnedServer>();
  /** Resolved by settle(): sessions begin their teardown once the answer is printed. */
  private releaseTeardown!: () => void;
  private readonly answered = new Promise<void>((resolve) => (this.releaseTeardown = resolve));
  private config?: Promise<LoadedConfig>;
  private loadedNames?: string[];

  private readonly createdAt: number;

  constructor(ctx: Context, global: GlobalOptions) {
    this.ctx = ctx;
    this.createdAt = ctx.now();
    this.global = global;
    this.out = new Output(ctx, global);
  }

  /** How the configuration is read: --config, and the one-run consent to project configs. */
  get loadOptions() {
    return {
      configFile: this.global.config,
      trustProject: this.global.trustProject === true || this.ctx.env.MCPCTL_TRUST_PROJECT === '1',
      debug: (line: string) => this.out.debug(line),
    };
  }

  /** The configuration, read once; its warnings go to stderr. */
  loadConfig(): Promise<LoadedConfig> {
    this.config ??= import('../../src/config/load.js').then(async ({ loadConfig }) => {
      const config = await loadConfig(this.ctx, this.loadOptions);
      config.warnings.forEach((w) => this.out.warn(w));
      this.loadedNames = config.entries.map((e) => e.name);
      return config;
    });
    return this.config;
  }

  private get resolveOptions() {
    return {
      timeoutSeconds: this.global.timeout,
      protocol: this.global.protocol,
      warn: (line: string) => this.out.warn(line),
    };
  }

  /** One server: a configured name, an http(s) URL, or (with no name) the --stdio command line. */
  async resolve(target: string | undefined): Promise<ServerSpec> {
    if (this.global.stdio && target === undefined)
      return (await import('../../src/config/adhoc.js')).adHocStdio(this.global.stdio, this.ctx, this.resolveOptions);
    const { resolveTarget } = await import('../../src/config/resolve.js');
    if (target === undefined)
      throw new McpctlError('usage', 'name a server', {
        hint: 'mcpctl servers lists the configured servers; an http(s):// URL or --stdio "<command>" works too',
      });
    return resolveTarget(await this.loadConfig(), target, this.ctx, this.resolveOptions);
  }

  /** Every enabled configured server, in config order. */
  async allServers(): Promise<Selection> {
    const config = await this.loadConfig();
    const { resolveServer } = await import('../../src/config/resolve.js');
    const selection: Selection = { specs: [], errors: [] };
    for (const entry of config.entries) {
      if (entry.disabled) continue;
      try {
        selection.specs.push(resolveServer(entry, this.ctx, this.resolveOptions));
      } catch (err) {
        selection.errors.push(toMcpctlError(err));
      }
    }
    return selection;
  }

  /** The named servers (or the --stdio one); an unknown name fails the whole command. */
  async selectServers(targets: string[]): Promise<Selection> {
    const specs: ServerSpec[] = [];
    if (this.global.stdio) specs.push(await this.resolve(undefined));
    for (const t of targets) specs.push(await this.resolve(t));
    return { specs, errors: [] };
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

  sessionOptions(extra: Partial<SessionOptions> = {}): SessionOptions {
    const seconds = (s: number | undefined) => (s === undefined ? undefined : Math.round(s * 1000));
    return {
      connectTimeoutMs: seconds(this.global.connectTimeout),
      commandDeadline: this.commandDeadline(),
      protocol: this.global.protocol,
      verbose: this.out.verbose,
      ...(this.global.maxSize !== undefined ? { maxMessageBytes: Math.ceil(this.global.maxSize * 1024 * 1024) } : {}),
      deferClose: (closing) => this.defer(closing),
      closeAfter: this.answered,
      ...extra,
    };
  }

  /**
   * Starts a stdio server now, for the session the command is about to open: the server boots
   * while the command loads the rest (the SDK, the argument parser). Ended at settle() if no
   * session takes it.
   */
  async prestart(spec: ServerSpec): Promise<void> {
    if (spec.transport !== 'stdio' || this.ctx.signal.aborted || this.started.has(spec)) return;
    const { spawnServer } = await import('../../src/mcp/stdio/spawn.js');
    this.started.set(spec, spawnServer(spec, true));
  }

  /**
   * Opens a session for the duration of `fn`; teardown comes after the answer is printed. Every
   * session declares the same client capabilities (so every command sees the same tools) and
   * offers roots only when --root or the server's `roots` key names some.
   */
  async session<T>(
    spec: ServerSpec,
    fn: (session: Session) => Promise<T>,
    extra: InvocationSessionOptions = {},
  ): Promise<T> {
    // A stdio server starts while the SDK loads: both take tens of milliseconds.
    await this.prestart(spec);
    const prestarted = this.started.get(spec);
    this.started.delete(spec);
    let withSession: typeof import('../../src/mcp/session/session.js').withSession;
    let clientRequests: typeof import('../../src/mcp/session/client-requests.js');
    let answering: ClientRequestSettings;
    try {
      [{ withSession }, clientRequests, answering] = await Promise.all([
        import('../../src/mcp/session/session.js'),
        import('../../src/mcp/session/client-requests.js'),
        extra.answering ?? this.clientRequestSettings(spec),
      ]);
    } catch (err) {
      prestarted?.abandon();
      throw err;
    }
    this.warnPlainHttpHeaders(spec);
    const { answering: _given, configureClient, ...rest } = extra;
    const options: Partial<SessionOptions> = {
      ...rest,
      capabilities: clientRequests.clientCapabilities(answering.roots),
      configureClient: (client) => {
        clientRequests.answerServerRequests(client, answering);
        configureClient?.(client);
      },
    };
    if (prestarted) options.prestarted = prestarted;
    const provider =
      options.authProvider ??
      (spec.transport === 'stdio'
        ? undefined
        : await (await import('../../src/auth/index.js')).createAuthProvider(spec, this.ctx, {
            interactive: false,
            fetch: await this.proxyFetch(),
          }));
    try {
      return await withSession(spec, this.ctx, this.sessionOptions({ authProvider: provider, ...options }), fn);
    } finally {
      // Releases a store lock left by a refresh the SDK began and did not finish.
      await (provider as { close?: () => Promise<void> } | undefined)?.close?.();
    }
  }

  /** How the server's questions are answered in this run: the roots offered, who is asked. */
  async clientRequestSettings(
    spec: ServerSpec,
    asking: Asking = { noAskReason: 'only `mcpctl call` asks questions' },
  ): Promise<ClientRequestSettings> {
    return { server: spec.name, roots: await this.roots(spec), ...asking, notice: (line) => this.out.info(line) };
  }

  /** The roots offered to `spec`: --root (checked, absolute), else its `roots` key, else none. */
  private async roots(spec: ServerSpec): Promise<string[]> {
    if (this.global.root === undefined) return spec.roots ?? [];
    const { stat } = await import('node:fs/promises');
    const path = await import('node:path');
    const dirs = this.global.root.map((d) => path.resolve(this.ctx.cwd, d));
    for (const dir of dirs) {
      if (!(await stat(dir).catch(() => undefined))?.isDirectory())
        throw new McpctlError('usage', `--root ${dir}: not a directory`, {
          hint: '--root names an existing directory to offer the server',
        });
    }
    return dirs;
  }

  private warnedPlainHttp = new Set<ServerSpec>();

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

  /** Any error as ours, attributed to the server it concerns. */
  failure(err: unknown, spec: ServerSpec): McpctlError {
    const e = toMcpctlError(err);
    if (e.server !== undefined) return e;
    return new McpctlError(e.kind, e.message, { server: spec.name, phase: e.phase, hint: e.hint, cause: e });
  }

  /** Errors sorted by the position of their server in the config (unknown servers last). */
  inConfigOrder(errors: McpctlError[]): McpctlError[] {
    const order = new Map((this.loadedNames ?? []).map((name, i) => [name, i]));
    const rank = (e: McpctlError) => order.get(e.server ?? '') ?? Number.MAX_SAFE_INTEGER;
    return [...errors].sort((a, b) => rank(a) - rank(b));
  }

  /**
   * Several servers, some failed, results still printed: the exit code is that of the first
   * failure in config order; main() reports the failures after the results.
   */
  failAll(errors: McpctlError[]): void {
    this.failures.push(...errors);
    if (errors.length && this.exitCode === 0) this.exitCode = errors[0].exitCode;
  }

  /** Teardown handed over by the sessions; awaited before the process ends. */
  defer(work: Promise<void>): void {
    this.pending.push(work.catch(() => {}));
  }

  /** Called once the answer (or the error) is printed: the servers are ended now. */
  async settle(): Promise<void> {
    this.releaseTeardown();
    for (const [spec, spawned] of this.started) this.defer(this.endUnused(spec, spawned));
    this.started.clear();
    await Promise.all(this.pending);
  }

  private async endUnused(spec: ServerSpec, spawned: SpawnedServer): Promise<void> {
    try {
      await (await import('../../src/mcp/session/session.js')).endPrestarted(spec, spawned);
    } catch {
      spawned.abandon();
    }
  }
}
