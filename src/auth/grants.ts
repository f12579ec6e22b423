// The machine grants (no person, no browser): client_credentials with a client secret or a
// private_key_jwt assertion, workload identity (a workload's signed JWT, say a CI system's OIDC
// token, in the JWT-bearer grant: RFC 7523), and cross-app access (token exchange at the
// identity provider for an ID-JAG, then the JWT-bearer grant at the server's authorization server).

import {
  createPrivateKeyJwtAuth,
  discoverAuthorizationServerMetadata,
  requestJwtAuthorizationGrant,
  type AddClientAuthentication,
  type FetchLike,
} from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/types.js';
import { McpctlError } from '../errors.js';
import type { Grant } from './grant-kind.js';
import { sameIssuer } from './issuer.js';
import { assertSecureOAuthUrl } from './url.js';
import { redactUrl } from '../redact.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** private_key_jwt client authentication (RFC 7523 §2.2), when the config asks for it. */
export function machineClientAuthentication(oauth: OAuthSettings): AddClientAuthentication | undefined {
  const method = oauth.tokenEndpointAuthMethod ?? (oauth.privateKey !== undefined ? 'private_key_jwt' : undefined);
  if (method !== 'private_key_jwt' || oauth.privateKey === undefined || oauth.clientId === undefined) return undefined;
  return createPrivateKeyJwtAuth({
    issuer: oauth.clientId,
    subject: oauth.clientId,
    privateKey: oauth.privateKey,
    alg: oauth.signingAlgorithm ?? 'ES256',
  });
}

export interface MachineTokenRequest {
  grant: Exclude<Grant, 'authorization_code'>;
  oauth: OAuthSettings;
  server: string;
  scope?: string;
  /** The MCP server's authorization server issuer (the ID-JAG audience). */
  audience?: string;
  /** That authorization server's token endpoint. */
  tokenEndpoint?: string;
  /** The MCP server's resource identifier (RFC 8707). */
  resource: string;
  fetchFn: FetchLike;
}

export async function machineTokenRequest(req: MachineTokenRequest): Promise<URLSearchParams> {
  if (req.grant === 'client_credentials') {
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    if (req.scope !== undefined && req.scope !== '') params.set('scope', req.scope);
    return params;
  }
  if (req.oauth.idp === undefined) return workloadTokenRequest(req);
  const idp = req.oauth.idp;
  if (idp.idToken === undefined || idp.clientId === undefined) {
    throw new McpctlError(
      'config',
      `${req.server}: oauth.idp needs clientId and idTokenFrom (the identity provider's ID token)`,
      {
        server: req.server,
        phase: 'config',
      },
    );
  }
  if (req.audience === undefined) {
    throw new McpctlError(
      'auth',
      `${req.server}: the authorization server is unknown, so no ID-JAG can be requested for it`,
      { server: req.server, phase: 'auth' },
    );
  }
  const tokenEndpoint = idp.tokenEndpoint ?? (await discoverIdpTokenEndpoint(idp.issuer, req));
  assertSecureOAuthUrl(tokenEndpoint, 'the identity provider token endpoint', req.server);
  const grant = await requestJwtAuthorizationGrant({
    tokenEndpoint,
    audience: req.audience,
    resource: req.resource,
    idToken: idp.idToken,
    clientId: idp.clientId,
    ...(idp.clientSecret !== undefined ? { clientSecret: idp.clientSecret } : {}),
    ...(req.scope !== undefined ? { scope: req.scope } : {}),
    fetchFn: req.fetchFn,
  });
  const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion: grant.jwtAuthGrant });
  if (req.scope !== undefined && req.scope !== '') params.set('scope', req.scope);
  return params;
}

/** `grant: "jwt-bearer"` without `idp`: the workload's own JWT is the grant. */
export function isWorkloadIdentity(oauth: OAuthSettings): boolean {
  return oauth.grant === 'jwt-bearer' && oauth.idp === undefined;
}

/** The error for a workload grant whose variable is unset: exit 4, before anything is sent. */
export function missingAssertion(server: string, variable: string): McpctlError {
  return new McpctlError(
    'auth',
    `${server}: oauth.assertionFrom names environment variable "${variable}", which is not set (it should hold the workload's signed JWT)`,
    {
      server,
      phase: 'auth',
      hint: `put the workload's identity token (a CI system's OIDC token) in ${variable} before running mcpctl`,
    },
  );
}

/**
 * RFC 7523 §2.1. The JWT is a credential for one audience: it goes to the configured issuer
 * only, or, with none configured, to an authorization server the JWT itself names in `aud`.
 */
function workloadTokenRequest(req: MachineTokenRequest): URLSearchParams {
  const variable = req.oauth.assertionFrom ?? 'assertionFrom';
  const assertion = req.oauth.assertion;
  if (assertion === undefined || assertion === '') throw missingAssertion(req.server, variable);
  const configured = req.oauth.issuer;
  const refuse = (why: string) =>
    new McpctlError('auth', `${req.server}: the workload token in ${variable} was not sent: ${why}`, {
      server: req.server,
      phase: 'auth',
      hint: 'set oauth.issuer to the authorization server that accepts the token, or request the token for that audience',
    });
  if (req.audience === undefined) throw refuse('the authorization server is unknown');
  if (configured !== undefined) {
    if (!sameIssuer(req.audience, configured))
      throw refuse(`the authorization server is ${redactUrl(req.audience)}, not the configured issuer`);
  } else {
    const audiences = audiencesOf(assertion);
    if (audiences === undefined) throw refuse('it is not a JWT');
    const accepted = [req.audience, req.tokenEndpoint].filter((a): a is string => a !== undefined);
    if (!audiences.some((aud) => accepted.some((a) => sameIssuer(aud, a)))) {
      throw refuse(`its audience (aud) is not the authorization server ${redactUrl(req.audience)}`);
    }
  }
  const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion });
  if (req.scope !== undefined && req.scope !== '') params.set('scope', req.scope);
  return params;
}

/** The `aud` claim of a JWT (read, not verified: the authorization server verifies it). */
function audiencesOf(jwt: string): string[] | undefined {
  const payload = jwt.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown };
    if (typeof claims.aud === 'string') return [claims.aud];
    return Array.isArray(claims.aud) ? claims.aud.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return undefined;
  }
}

async function discoverIdpTokenEndpoint(issuer: string | undefined, req: MachineTokenRequest): Promise<string> {
  if (issuer === undefined) {
    throw new McpctlError('config', `${req.server}: oauth.idp needs issuer or tokenEndpoint`, {
      server: req.server,
      phase: 'config',
    });
  }
  assertSecureOAuthUrl(issuer, 'the identity provider', req.server);
  const metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn: req.fetchFn });
  if (metadata === undefined) {
    throw new McpctlError(
      'auth',
      `${req.server}: the identity provider ${issuer} publishes no metadata; set oauth.idp.tokenEndpoint`,
      { server: req.server, phase: 'auth' },
    );
  }
  return metadata.token_endpoint;
}
