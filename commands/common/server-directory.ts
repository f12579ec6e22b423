// The servers of this run: the configuration, read once on first use (its warnings to stderr),
// and targets (a configured name, an http(s) URL, the --stdio command line) resolved into specs.

import type { Context } from '../../src/io.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { LoadedConfig } from '../../src/config/load.js';
import { McpctlError, toMcpctlError } from '../../src/errors.js';
import type { Output } from '../../src/output/output.js';
import type { GlobalOptions } from './global-options.js';
import type { RunDeadline } from '../../src/deadline.js';
import type { ResolveOptions } from '../../src/config/settings.js';
import type { WorkDir } from '../../src/config/trust-dir.js';

export interface Selection {
  specs: ServerSpec[];
  /** Servers that could not be resolved (a missing variable, say), in config order. */
  errors: McpctlError[];
}

export class ServerDirectory {
  private readonly ctx: Context;
  private readonly global: GlobalOptions;
  private readonly out: Output;
  private config?: Promise<LoadedConfig>;
  private loadedNames?: string[];

  constructor(
    ctx: Context,
    global: GlobalOptions,
    out: Output,
    private readonly deadline: RunDeadline,
  ) {
    this.ctx = ctx;
    this.global = global;
    this.out = out;
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
  load(): Promise<LoadedConfig> {
    this.config ??= import('../../src/config/load.js').then(async ({ loadConfig }) => {
      const config = await loadConfig(this.ctx, this.loadOptions);
      config.warnings.forEach((w) => this.out.warn(w));
      this.loadedNames = config.entries.map((e) => e.name);
      return config;
    });
    return this.config;
  }

  /** User servers sent to the home directory since the last notice, by name. */
  private readonly moved = new Map<string, WorkDir>();

  private get resolveOptions(): ResolveOptions {
    return {
      timeoutMs: this.deadline.ms,
      protocol: this.global.protocol,
      warn: (line: string) => this.out.warn(line),
      moved: (server, workDir) => this.moved.set(server, workDir),
    };
  }

  /** One line for all the servers just resolved that run in the home directory instead of here. */
  private tellMoved(): void {
    const noticed = [...this.moved].filter(([, w]) => w.notice);
    this.moved.clear();
    const first = noticed[0]?.[1];
    if (first === undefined) return;
    const names = noticed.map(([name]) => JSON.stringify(name)).join(', ');
    const [noun, verb] = noticed.length === 1 ? ['server', 'runs'] : ['servers', 'run'];
    this.out.info(
      `${noun} ${names} ${verb} in ${first.dir}, not in ${first.movedFrom}, which is not trusted; to run your own servers here: mcpctl servers trust .`,
    );
  }

  /** One server: a configured name, an http(s) URL, or (with no name) the --stdio command line. */
  async resolve(target: string | undefined): Promise<ServerSpec> {
    const spec = await this.resolveOne(target);
    this.tellMoved();
    return spec;
  }

  private async resolveOne(target: string | undefined): Promise<ServerSpec> {
    if (this.global.stdio && target === undefined)
      return (await import('../../src/config/adhoc.js')).adHocStdio(this.global.stdio, this.ctx, this.resolveOptions);
    if (target === undefined)
      throw new McpctlError('usage', 'name a server', {
        hint: 'mcpctl servers lists the configured servers; an http(s):// URL or --stdio "<command>" works too',
      });
    const [{ resolveTarget }, config] = await Promise.all([import('../../src/config/resolve.js'), this.load()]);
    return resolveTarget(config, target, this.ctx, this.resolveOptions);
  }

  /** Every enabled configured server, in config order. */
  async all(): Promise<Selection> {
    const [{ resolveServer }, config] = await Promise.all([import('../../src/config/resolve.js'), this.load()]);
    const selection: Selection = { specs: [], errors: [] };
    for (const entry of config.entries) {
      if (entry.disabled) continue;
      try {
        selection.specs.push(resolveServer(entry, this.ctx, this.resolveOptions));
      } catch (err) {
        selection.errors.push(toMcpctlError(err));
      }
    }
    this.tellMoved();
    return selection;
  }

  /** The named servers (or the --stdio one); an unknown name fails the whole command. */
  async select(targets: string[]): Promise<Selection> {
    const specs: ServerSpec[] = [];
    if (this.global.stdio) specs.push(await this.resolveOne(undefined));
    for (const t of targets) specs.push(await this.resolveOne(t));
    this.tellMoved();
    return { specs, errors: [] };
  }

  /** The named servers, or every enabled one when none is named (and there is no --stdio). */
  selectOrAll(targets: string[]): Promise<Selection> {
    return targets.length || this.global.stdio ? this.select(targets) : this.all();
  }

  /** Errors sorted by the position of their server in the config (unknown servers last). */
  inConfigOrder(errors: McpctlError[]): McpctlError[] {
    const order = new Map((this.loadedNames ?? []).map((name, i) => [name, i]));
    const rank = (e: McpctlError) => order.get(e.server ?? '') ?? Number.MAX_SAFE_INTEGER;
    return [...errors].sort((a, b) => rank(a) - rank(b));
  }
}
