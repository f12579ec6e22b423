// The auth errors users see, built in one place so every one names the server, says what to
// run next, and never carries a token value. Loads nothing from the SDK.

import { shellWord } from '../output/shell-word.js';
import { McpctlError } from '../errors.js';
import { REDACTED } from '../redact.js';

export function loginHint(server: string): string {
  // An ad-hoc URL is named in its redacted form, which is no address to sign in to.
  if (server.includes(REDACTED)) return 'run `mcpctl auth login URL` with the full URL of the server';
  return `run \`mcpctl auth login ${shellWord(server)}\``;
}

/**
 * No usable tokens, and this command may not start a browser sign-in. `rejected`: the server
 * turned away a token that is unexpired by our clock and already carries the scope it asks for
 * (revoked, or a permission the account lacks), so signing in again may not help.
 */
export function signInRequired(server: string, why: 'none' | 'expired' | 'refused' | 'rejected'): McpctlError {
  const message =
    why === 'none'
      ? `${server} requires OAuth sign-in and no sign-in is stored`
      : why === 'expired'
        ? `the OAuth sign-in for ${server} has expired and cannot be refreshed`
        : why === 'refused'
          ? `the authorization server refused the stored sign-in for ${server}`
          : `${server} did not accept the stored sign-in, though it grants the scope asked for`;
  const hint =
    why === 'rejected'
      ? `${loginHint(server)}; if that does not help, the account may lack the permission: ask the server operator`
      : loginHint(server);
  return new McpctlError('auth', message, { server, phase: 'auth', hint });
}

/** The server wants a scope the stored sign-in does not grant (403 insufficient_scope). */
export function stepUpRequired(server: string, scope: string): McpctlError {
  return new McpctlError('auth', `${server} requires more access than the current sign-in grants (scope "${scope}")`, {
    server,
    phase: 'auth',
    hint: `${loginHint(server)}; it requests the additional scope`,
  });
}
