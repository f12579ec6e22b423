// `mcpctl auth login|logout|status [SERVER]`: the definitions. The work is in run.ts, loaded only
// when one of them runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples } from '../common/options.js';

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

export interface AuthStatusOptions {
  server?: string;
}

export function authCommand(choice: Choice): Command {
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
      .action((server: string, flags: { browser: boolean; scope?: string }, cmd: Command) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runAuthLogin(deps, { server, browser: flags.browser, scope: flags.scope }),
        ),
      ),
  );
  auth.addCommand(
    new Command('logout')
      .description('remove stored tokens (locally; nothing is revoked at the server)')
      .argument('[server]', 'a configured server name, or an http(s):// URL')
      .option('--all', 'remove the tokens of every server')
      .option('--forget-client', 'also forget the registered OAuth client')
      .addHelpText('after', examples('mcpctl auth logout linear', 'mcpctl auth logout --all --forget-client'))
      .action((server: string | undefined, flags: { all?: boolean; forgetClient?: boolean }, cmd: Command) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runAuthLogout(deps, {
            server,
            all: flags.all === true,
            forgetClient: flags.forgetClient === true,
          }),
        ),
      ),
  );
  auth.addCommand(
    new Command('status')
      .description('token state per HTTP server: none, signed-in, expired (renews by itself), needs-sign-in')
      .argument('[server]', 'a configured server name, or an http(s):// URL')
      .addHelpText('after', examples('mcpctl auth status', 'mcpctl auth status linear --json'))
      .action((server: string | undefined, _flags: unknown, cmd: Command) =>
        choice.set(cmd, async (deps) => (await import('./run.js')).runAuthStatus(deps, { server })),
      ),
  );
  return auth;
}
