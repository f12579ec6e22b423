// The plan of each session this run opens (src/mcp/session/plan.ts), made once per session from
// the global flags (--connect-timeout, --max-size, --root, -v), the run's deadline and what the
// command asks for: the roots offered (--root checked once per run), who answers the server's
// questions, an OAuth provider for HTTP servers, and a warning when static headers would cross
// the network in clear text.

import path from 'node:path';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { Context } from '../../src/io.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { RunDeadline } from '../../src/deadline.js';
import type { Output } from '../../src/output/output.js';
import type { ClientRequestSettings } from '../../src/mcp/session/client-requests.js';
import { planSession, type SessionPlan } from '../../src/mcp/session/plan.js';
import { McpctlError } from '../../src/errors.js';
import * as fs from '../../src/fs-async.js';
import { isLoopbackHost } from '../../src/auth/url.js';
import { authFilePath } from '../../src/auth/paths.js';
import type { GlobalOptions } from './global-options.js';
import type { RecordReplay } from './record-replay.js';

/** How a command answers a server's questions (elicitation): only `call` and `tasks` ask a person. */
export interface Asking {
  ask?: ClientRequestSettings['ask'];
  noAskReason: string;
}

/** What a command asks of its sessions beyond the run's flags. */
export interface PlanRequest {
  /** Who answers the server's questions; default: nobody is asked. */
  asking?: Asking;
  /** Show the server's log messages (on stderr). */
  serverLogs?: boolean;
  /** The work keeps its own end (a watch, a test run): --timeout does not bound the session's requests. */
  ownDeadline?: boolean;
  /** The work only reads the lists it asks for: SessionPlan.listsOnly. */
  listsOnly?: boolean;
}

const NOBODY_ASKS: Asking = { noAskReason: 'only `mcpctl call` asks questions' };

export class SessionPlanner {
  private readonly warnedPlainHttp = new Set<ServerSpec>();
  private rootDirs?: Promise<string[]>;

  constructor(
    private readonly ctx: Context,
    private readonly global: GlobalOptions,
    private readonly out: Output,
    private readonly deadline: RunDeadline,
    private readonly recordReplay?: RecordReplay,
  ) {}

  /** The plan for a session to `spec`; every session declares the same client capabilities. */
  async plan(spec: ServerSpec, request: PlanRequest = {}): Promise<SessionPlan> {
    const { global, out } = this;
    const answers: ClientRequestSettings = {
      server: spec.name,
      roots: await this.roots(spec),
      ...(request.asking ?? NOBODY_ASKS),
      notice: (line) => out.info(line),
    };
    this.warnPlainHttpHeaders(spec);
    return planSession(spec, this.ctx, {
      connectTimeoutMs: global.connectTimeout === undefined ? undefined : Math.round(global.connectTimeout * 1000),
      total: request.ownDeadline ? undefined : this.deadline.work(),
      maxMessageBytes: global.maxSize === undefined ? undefined : Math.ceil(global.maxSize * 1024 * 1024),
      verbose: out.verbose,
      answers,
      auth: await this.authProvider(spec),
      serverLogs: request.serverLogs ? (line) => out.info(line) : undefined,
      listsOnly: request.listsOnly,
      // A recording holds the whole negotiation: no era remembered from an earlier run skips part of it.
      ...(this.recordReplay ? { exchange: this.recordReplay.exchange, cacheDir: false } : {}),
    });
  }

  /** HTTP servers get an OAuth provider (not interactive: only `auth login` signs in). */
  private async authProvider(spec: ServerSpec): Promise<OAuthClientProvider | undefined> {
    if (spec.transport === 'stdio') return undefined;
    // No oauth key and no token store: the provider would be none (src/auth/factory.ts), and
    // the auth layer (its store, file lock and their modules) need not load to say so.
    if (spec.oauth === undefined && (await missing(authFilePath(this.ctx)))) return undefined;
    const [{ createAuthProvider }, { createProxyFetch }] = await Promise.all([
      import('../../src/auth/index.js'),
      import('../../src/mcp/http/proxy.js'),
    ]);
    // OAuth requests go through HTTPS_PROXY when one is set, like the MCP requests.
    return createAuthProvider(spec, this.ctx, { interactive: false, fetch: createProxyFetch(this.ctx.env) });
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
      if (!(await fs.stat(dir).catch(() => undefined))?.isDirectory())
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
}

/** True only when nothing is at `file` (ENOENT); anything else is left to the reader to judge. */
async function missing(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => false,
    (err: NodeJS.ErrnoException) => err.code === 'ENOENT',
  );
}
