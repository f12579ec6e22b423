// Transitional: the Deps of a command that does not yet return its outcome, with the methods
// such commands still call. Each delegates to the piece of Deps that now does the job.

import type { Context } from '../../src/io.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { LoadedConfig } from '../../src/config/load.js';
import type { Session } from '../../src/mcp/session/session.js';
import type { ClientRequestSettings } from '../../src/mcp/session/client-requests.js';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { McpctlError } from '../../src/errors.js';
import { createDeps, type Deps } from './deps.js';
import type { GlobalOptions } from './global-options.js';
import type { Selection, ServerDirectory } from './server-directory.js';
import type { Asking, OpenOptions, Sessions } from './sessions.js';
import { failureOf } from './outcome.js';
import type { Output } from '../../src/output/output.js';

export type { GlobalOptions } from './global-options.js';
export type { Asking } from './sessions.js';
export type { Selection } from './server-directory.js';
export type InvocationSessionOptions = OpenOptions;

export class Invocation implements Deps {
  readonly ctx: Context;
  readonly global: GlobalOptions;
  readonly out: Output;
  readonly servers: ServerDirectory;
  readonly sessions: Sessions;
  exitCode = 0;
  readonly failures: McpctlError[] = [];

  constructor(ctx: Context, global: GlobalOptions) {
    const deps = createDeps(ctx, global);
    this.ctx = deps.ctx;
    this.global = deps.global;
    this.out = deps.out;
    this.servers = deps.servers;
    this.sessions = deps.sessions;
  }

  get loadOptions() {
    return this.servers.loadOptions;
  }
  loadConfig(): Promise<LoadedConfig> {
    return this.servers.load();
  }
  resolve(target: string | undefined): Promise<ServerSpec> {
    return this.servers.resolve(target);
  }
  allServers(): Promise<Selection> {
    return this.servers.all();
  }
  selectServers(targets: string[]): Promise<Selection> {
    return this.servers.select(targets);
  }
  inConfigOrder(errors: McpctlError[]): McpctlError[] {
    return this.servers.inConfigOrder(errors);
  }
  taskWaitDeadline(): number | undefined {
    return this.sessions.taskWaitDeadline();
  }
  async prestart(_spec: ServerSpec): Promise<void> {}
  session<T>(spec: ServerSpec, fn: (session: Session) => Promise<T>, extra: OpenOptions = {}): Promise<T> {
    return this.sessions.open(spec, (session) => fn(session), extra);
  }
  clientRequestSettings(spec: ServerSpec, asking?: Asking): Promise<ClientRequestSettings> {
    return this.sessions.clientRequestSettings(spec, asking);
  }
  proxyFetch(): Promise<FetchLike | undefined> {
    return this.sessions.proxyFetch();
  }
  authState(spec: ServerSpec): Promise<string> {
    return this.sessions.authState(spec);
  }
  failure(err: unknown, spec: ServerSpec): McpctlError {
    return failureOf(err, spec.name);
  }
  failAll(errors: McpctlError[]): void {
    this.failures.push(...errors);
    if (errors.length && this.exitCode === 0) this.exitCode = errors[0].exitCode;
  }
  settle(): Promise<void> {
    return this.sessions.endAll();
  }
}
