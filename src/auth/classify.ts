// Turns the SDK's OAuth failures into McpctlError kind 'auth' (exit 4) with a hint. The session
// layer calls classifyAuthError on a failed connect or request; an McpctlError (thrown by the
// provider) comes back unchanged; anything it returns undefined for is not an auth problem.

import {
  AuthorizationServerMismatchError,
  InsecureTokenEndpointError,
  InsufficientScopeError,
  IssuerMismatchError,
  OAuthError,
  OAuthErrorCode,
  RegistrationRejectedError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { McpctlError } from '../errors.js';
import { loginHint, signInRequired, stepUpRequired } from './messages.js';
import { redactUrl } from '../redact.js';

export function classifyAuthError(err: unknown, server: string): McpctlError | undefined {
  // Ours already (a needed sign-in, a refused endpoint, a lock timeout): unchanged.
  if (err instanceof McpctlError) return err;
  const details = { server, phase: 'auth' as const, cause: err };
  if (err instanceof InsufficientScopeError) return stepUpRequired(server, err.requiredScope ?? '(unspecified)');
  if (err instanceof InsecureTokenEndpointError) {
    return new McpctlError(
      'auth',
      `refusing to send credentials to ${redactUrl(String(err.tokenEndpoint))}: OAuth endpoints must use https (plain http only on loopback)`,
      details,
    );
  }
  if (err instanceof IssuerMismatchError || err instanceof AuthorizationServerMismatchError) {
    return new McpctlError(
      'auth',
      `the authorization server of ${server} did not identify itself as expected (issuer mismatch); sign-in refused`,
      {
        ...details,
        hint: 'check oauth.issuer in the config, or ask the server operator',
      },
    );
  }
  if (err instanceof RegistrationRejectedError) {
    return new McpctlError(
      'auth',
      `the authorization server of ${server} rejected dynamic client registration (HTTP ${err.status})`,
      {
        ...details,
        hint: 'configure a pre-registered client with oauth.clientId and oauth.issuer',
      },
    );
  }
  if (err instanceof OAuthError) return fromOAuthError(err, server);
  if (err instanceof UnauthorizedError) return signInRequired(server, 'none');
  if (err instanceof SdkHttpError) {
    if (err.code === SdkErrorCode.ClientHttpAuthentication) {
      return new McpctlError('auth', `${server} rejected the credentials even after re-authorization (HTTP 401)`, {
        ...details,
        hint: loginHint(server),
      });
    }
    if (err.code === SdkErrorCode.ClientHttpForbidden) {
      return new McpctlError(
        'auth',
        `${server} still refuses the request after a step-up sign-in (HTTP 403 insufficient_scope)`,
        {
          ...details,
          hint: 'the account may lack the permission; ask the server operator',
        },
      );
    }
  }
  return undefined;
}

function fromOAuthError(err: OAuthError, server: string): McpctlError {
  const details = { server, phase: 'auth' as const, cause: err };
  // A server_error may be the SDK's fallback for an unparseable body, whose message quotes the
  // raw body: never repeat it.
  const description = err.code === OAuthErrorCode.ServerError ? '' : oneLine(err.message);
  const suffix = description !== '' && description !== err.code ? `: ${description}` : '';
  if (err.code === OAuthErrorCode.InvalidGrant) return signInRequired(server, 'refused');
  if (err.code === OAuthErrorCode.InvalidClient || err.code === OAuthErrorCode.UnauthorizedClient) {
    return new McpctlError('auth', `the authorization server of ${server} rejected the client (${err.code}${suffix})`, {
      ...details,
      hint: 'check oauth.clientId and its secret or key',
    });
  }
  return new McpctlError('auth', `the authorization server of ${server} answered ${err.code}${suffix}`, {
    ...details,
    hint: loginHint(server),
  });
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
