// `mcpctl auth login|logout|status [SERVER]`: the definitions. The work is in run.ts, loaded only
// when one of them runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';

const SERVER = 'a configured server name, or an http(s):// URL';

const login = declare({
  args: { server: arg('<server>', SERVER) },
  flags: {
    browser: flag('--no-browser', 'print the sign-in URL instead of opening a browser'),
    scope: flag('--scope <scopes>', 'space-separated scopes to ask for'),
  },
});

const logout = declare({
  args: { server: arg('[server]', SERVER) },
  flags: {
    all: flag('--all', 'remove the tokens of every server'),
    forgetClient: flag('--forget-client', 'also forget the registered OAuth client'),
  },
});

const status = declare({ args: { server: arg('[server]', SERVER) }, flags: {} });

export type AuthLoginOptions = OptionsOf<typeof login>;
export type AuthLogoutOptions = OptionsOf<typeof logout>;
export type AuthStatusOptions = OptionsOf<typeof status>;

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
    login
      .command('login')
      .description(
        'sign in to a server with OAuth (opens a browser: $BROWSER names the program; the wait is bounded by --timeout, default 300 s)',
      )
      .addHelpText(
        'after',
        examples(
          'mcpctl auth login linear',
          'mcpctl auth login https://example.com/mcp --no-browser',
          'BROWSER=firefox mcpctl auth login linear --scope "read write"',
        ),
      )
      .action(choice.action(login, async (deps, options) => (await import('./run.js')).runAuthLogin(deps, options))),
  );
  auth.addCommand(
    logout
      .command('logout')
      .description('remove stored tokens (locally; nothing is revoked at the server)')
      .addHelpText('after', examples('mcpctl auth logout linear', 'mcpctl auth logout --all --forget-client'))
      .action(choice.action(logout, async (deps, options) => (await import('./run.js')).runAuthLogout(deps, options))),
  );
  auth.addCommand(
    status
      .command('status')
      .description('token state per HTTP server: none, signed-in, expired (renews by itself), needs-sign-in')
      .addHelpText('after', examples('mcpctl auth status', 'mcpctl auth status linear --json'))
      .action(choice.action(status, async (deps, options) => (await import('./run.js')).runAuthStatus(deps, options))),
  );
  return auth;
}
