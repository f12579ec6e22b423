// `mcpctl auth login|logout|status [SERVER]`: OAuth sign-in, sign-out and token state for HTTP
// servers. Only `auth login` ever opens a browser.

import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { AuthLoginOptions, AuthLogoutOptions, AuthStatusOptions } from './command.js';
import { usageError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import { type AuthStatus, authStatus, login, logout } from '../../src/auth/index.js';
import { createProxyFetch } from '../../src/mcp/http/proxy.js';

async function httpServer(deps: Deps, target: string): Promise<ServerSpec & { transport: 'http' | 'sse' }> {
  const spec = await deps.servers.resolve(target);
  if (spec.transport === 'stdio')
    throw usageError(`server "${spec.name}" is a stdio server: OAuth is for HTTP servers`, { server: spec.name });
  return spec as ServerSpec & { transport: 'http' | 'sse' };
}

export async function runAuthLogin(deps: Deps, opts: AuthLoginOptions): Promise<Outcome> {
  const spec = await httpServer(deps, opts.server);
  const status = await login(spec, deps.ctx, {
    noBrowser: !opts.browser,
    scope: opts.scope,
    limit: deps.deadline.work(),
    // Through HTTPS_PROXY when one is set, like the MCP requests.
    fetch: createProxyFetch(deps.ctx.env),
  });
  if (deps.out.json) await deps.out.printJson(status);
  else deps.out.info(`signed in to ${spec.name}${describeStatus(status)}`);
  return SUCCESS;
}

export async function runAuthLogout(deps: Deps, opts: AuthLogoutOptions): Promise<Outcome> {
  if (opts.all === (opts.server !== undefined))
    throw usageError('name one server or use --all', { hint: 'mcpctl auth logout NAME, or mcpctl auth logout --all' });
  const { out } = deps;
  const target = opts.all ? ('all' as const) : await httpServer(deps, opts.server!);
  const result = await logout(target, deps.ctx, { forgetClient: opts.forgetClient });
  if (out.json) {
    await out.printJson(result);
    return SUCCESS;
  }
  if (result.servers.length === 0 && result.clients.length === 0)
    out.info(opts.all ? 'no stored sign-ins' : `no stored sign-in for ${opts.server}`);
  for (const url of result.servers) out.info(`signed out of ${url}`);
  for (const issuer of result.clients) out.info(`forgot the client registered at ${issuer}`);
  return SUCCESS;
}

export async function runAuthStatus(deps: Deps, opts: AuthStatusOptions): Promise<Outcome> {
  const specs =
    opts.server !== undefined
      ? [await httpServer(deps, opts.server)]
      : (await deps.servers.all()).specs.filter((s) => s.transport !== 'stdio');
  const statuses = await Promise.all(specs.map((s) => authStatus(s, deps.ctx)));
  const { out } = deps;
  if (out.json) await out.printJson({ servers: statuses });
  else if (statuses.length === 0) out.info('no HTTP servers configured');
  else
    await out.print(
      await out.table(
        [
          { header: 'SERVER', value: (s: AuthStatus) => s.server, id: true },
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
  return SUCCESS;
}

function describeStatus(s: AuthStatus): string {
  const parts = [
    s.scopes?.length ? `scopes ${s.scopes.join(' ')}` : undefined,
    s.expiresAt ? `expires ${s.expiresAt}` : undefined,
    s.refreshable ? 'refreshable' : undefined,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}
