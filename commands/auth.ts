// `mcpctl auth login|logout|status [SERVER]`: OAuth sign-in and token state for HTTP servers.

import { Command } from 'commander';
import type { RunState } from './run-state.js';
import { examples } from './options.js';
import { notImplemented } from './not-implemented.js';

export function authCommand(state: RunState): Command {
  const auth = new Command('auth').description('OAuth sign-in, sign-out and token state for HTTP servers');
  auth.addCommand(
    new Command('login')
      .description('sign in to a server with OAuth (opens a browser; $BROWSER chooses it)')
      .argument('<server>', 'a configured server name, or an http(s):// URL')
      .option('--no-browser', 'print the sign-in URL instead of opening a browser')
      .option('--scope <scopes>', 'space-separated scopes to ask for')
      .addHelpText('after', examples('mcpctl auth login linear', 'mcpctl auth login https://example.com/mcp --no-browser'))
      .action(async (_server: string, _flags: unknown, cmd: Command) => {
        state.begin(cmd);
        notImplemented('auth login');
      }),
  );
  auth.addCommand(
    new Command('logout')
      .description('remove stored tokens')
      .argument('[server]', 'a configured server name, or an http(s):// URL')
      .option('--all', 'remove the tokens of every server')
      .option('--forget-client', 'also forget the registered OAuth client')
      .addHelpText('after', examples('mcpctl auth logout linear', 'mcpctl auth logout --all'))
      .action(async (_server: string | undefined, _flags: unknown, cmd: Command) => {
        state.begin(cmd);
        notImplemented('auth logout');
      }),
  );
  auth.addCommand(
    new Command('status')
      .description('token state per server: none, signed in, expired, needs sign-in')
      .argument('[server]', 'a configured server name, or an http(s):// URL')
      .addHelpText('after', examples('mcpctl auth status', 'mcpctl auth status linear --json'))
      .action(async (_server: string | undefined, _flags: unknown, cmd: Command) => {
        state.begin(cmd);
        notImplemented('auth status');
      }),
  );
  return auth;
}
