// The machine grants (no person, no browser): client_credentials with a client secret or a
// private_key_jwt assertion, and cross-app access (token exchange at the identity provider for
// an ID-JAG, then the JWT-bearer grant at the server's authorization server).

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
import { assertSecureOAuthUrl } from './url.js';

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
  const idp = req.oauth.idp ?? {};
  if (idp.idToken === undefined || idp.clientId === undefined) {
    throw new McpctlError('config', `${req.server}: oauth.idp needs clientId and idTokenFrom (the identity provider's ID token)`, {
      server: req.server,
      phase: 'config',
    });
  }
  if (req.audience === undefined) {
    throw new McpctlError('auth', `${req.server}: the authorization server is unknown, so no ID-JAG can be requested for it`, { server: req.server, phase: 'auth' });
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

async function discoverIdpTokenEndpoint(issuer: string | undefined, req: MachineTokenRequest): Promise<string> {
  if (issuer === undefined) {
    throw new McpctlError('config', `${req.server}: oauth.idp needs issuer or tokenEndpoint`, { server: req.server, phase: 'config' });
  }
  assertSecureOAuthUrl(issuer, 'the identity provider', req.server);
  const metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn: req.fetchFn });
  if (metadata === undefined) {
    throw new McpctlError('auth', `${req.server}: the identity provider ${issuer} publishes no metadata; set oauth.idp.tokenEndpoint`, { server: req.server, phase: 'auth' });
  }
  return metadata.token_endpoint;
}
