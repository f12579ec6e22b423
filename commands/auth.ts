// `mcpctl auth login|logout|status [SERVER]`: OAuth sign-in, sign-out and token state for HTTP
// servers. Only `auth login` ever opens a browser.

import { Command } from 'commander';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { examples } from './common/options.js';
import { usageError } from '../src/errors.js';
import type { ServerSpec } from '../src/config/types.js';
import type { AuthStatus } from '../src/auth/index.js';

export interface AuthLoginOptions {
  server: string;
  browser: boolean;
  scope?: string;
}

export interface AuthLogoutOptions {
  server?: string;
  all: boolean;
  forgetClient: boolean;
}

export function authCommand(state: RunState): Command {
  const auth = new Command('auth')
    .description('OAuth sign-in, sign-out and token state for HTTP servers')
    .addHelpText(
      'after',
      examples(
        'mcpctl auth login linear',
        'mcpctl auth status',
        'mcpctl auth status linear --json',
        'mcpctl auth logout linear',
        'mcpctl auth logout --all --forget-client',
      ),
    );
  auth.addCommand(
    new Command('login')
      .description(
        'sign in to a server with OAuth (opens a browser: $BROWSER names the program; the wait is bounded by --timeout, default 300 s)',
      )
      .argument('<server>', 'a configured server name, or an http(s):// URL')
      .option('--no-browser', 'print the sign-in URL instead of opening a browser')
      .option('--scope <scopes>', 'space-separated scopes to ask for')
      .addHelpText(
        'after',
        examples(
          'mcpctl auth login linear',
          'mcpctl auth login https://example.com/mcp --no-browser',
          'BROWSER=firefox mcpctl auth login linear --scope "read write"',
        ),
      )
      .action(async (server: string, flags: { browser: boolean; scope?: string }, cmd: Command) => {
        await runAuthLogin(state.begin(cmd), { server, browser: flags.browser, scope: flags.scope });
      }),
  );
  auth.addCommand(
    new Command('logout')
      .description('remove stored tokens (locally; nothing is revoked at the server)')
      .argument('[server]', 'a configured server name, or an http(s):// URL')
      .option('--all', 'remove the tokens of every server')
      .option('--forget-client', 'also forget the registered OAuth client')
      .addHelpText('after', examples('mcpctl auth logout linear', 'mcpctl auth logout --all --forget-client'))
      .action(async (server: string | undefined, flags: { all?: boolean; forgetClient?: boolean }, cmd: Command) => {
        await runAuthLogout(state.begin(cmd), {
          server,
          all: flags.all === true,
          forgetClient: flags.forgetClient === true,
        });
      }),
  );
  auth.addCommand(
    new Command('status')
      .description('token state per HTTP server: none, signed-in, expired (renews by itself), needs-sign-in')
      .argument('[server]', 'a configured server name, or an http(s):// URL')
      .addHelpText('after', examples('mcpctl auth status', 'mcpctl auth status linear --json'))
      .action(async (server: string | undefined, _flags: unknown, cmd: Command) => {
        await runAuthStatus(state.begin(cmd), server);
      }),
  );
  return auth;
}

async function httpServer(inv: Invocation, target: string): Promise<ServerSpec & { transport: 'http' | 'sse' }> {
  const spec = await inv.resolve(target);
  if (spec.transport === 'stdio')
    throw usageError(`server "${spec.name}" is a stdio server: OAuth is for HTTP servers`, { server: spec.name });
  return spec as ServerSpec & { transport: 'http' | 'sse' };
}

export async function runAuthLogin(inv: Invocation, opts: AuthLoginOptions): Promise<void> {
  const spec = await httpServer(inv, opts.server);
  const { login } = await import('../src/auth/index.js');
  const status = await login(spec, inv.ctx, {
    noBrowser: !opts.browser,
    scope: opts.scope,
    timeoutMs: inv.global.timeout === undefined ? undefined : Math.round(inv.global.timeout * 1000),
    fetch: await inv.proxyFetch(),
  });
  if (inv.out.json) return inv.out.printJson(status);
  inv.out.info(`signed in to ${spec.name}${describeStatus(status)}`);
}

export async function runAuthLogout(inv: Invocation, opts: AuthLogoutOptions): Promise<void> {
  if (opts.all === (opts.server !== undefined))
    throw usageError('name one server or use --all', { hint: 'mcpctl auth logout NAME, or mcpctl auth logout --all' });
  const { logout } = await import('../src/auth/index.js');
  const target = opts.all ? ('all' as const) : await httpServer(inv, opts.server!);
  const result = await logout(target, inv.ctx, { forgetClient: opts.forgetClient });
  if (inv.out.json) return inv.out.printJson(result);
  if (result.servers.length === 0 && result.clients.length === 0)
    inv.out.info(opts.all ? 'no stored sign-ins' : `no stored sign-in for ${opts.server}`);
  for (const url of result.servers) inv.out.info(`signed out of ${url}`);
  for (const issuer of result.clients) inv.out.info(`forgot the client registered at ${issuer}`);
}

export async function runAuthStatus(inv: Invocation, server: string | undefined): Promise<void> {
  const { authStatus } = await import('../src/auth/index.js');
  const specs =
    server !== undefined
      ? [await httpServer(inv, server)]
      : (await inv.allServers()).specs.filter((s) => s.transport !== 'stdio');
  const statuses = await Promise.all(specs.map((s) => authStatus(s, inv.ctx)));
  const { out } = inv;
  if (out.json) return out.printJson({ servers: statuses });
  if (statuses.length === 0) {
    out.info('no HTTP servers configured');
    return;
  }
  await out.print(
    await out.table(
      [
        { header: 'SERVER', value: (s: AuthStatus) => s.server, priority: 3 },
        { header: 'STATE', value: (s) => s.state, priority: 2 },
        { header: 'SCOPES', value: (s) => (s.scopes ?? []).join(' '), wrap: true, optional: true, priority: 1 },
        { header: 'EXPIRES', value: (s) => s.expiresAt ?? '', optional: true, priority: 1 },
        {
          header: 'REFRESHABLE',
          value: (s) => (s.refreshable === undefined ? '' : s.refreshable ? 'yes' : 'no'),
          optional: true,
        },
      ],
      statuses,
    ),
  );
}

function describeStatus(s: AuthStatus): string {
  const parts = [
    s.scopes?.length ? `scopes ${s.scopes.join(' ')}` : undefined,
    s.expiresAt ? `expires ${s.expiresAt}` : undefined,
    s.refreshable ? 'refreshable' : undefined,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}
