// OAuth discovery for a sign-in: resource metadata (RFC 9728), then the authorization server's
// metadata (RFC 8414 / OIDC), with the issuer checked against where the metadata came from.
// One allowance for 2025-03-26 servers, which publish no resource metadata: there the
// "authorization server URL" is only the MCP server's origin, a guess of ours rather than an
// issuer anybody named, so an issuer with a path on that same origin is accepted.
// A well-known address answered with something other than JSON (the HTML page of a web server
// that serves every path) publishes no metadata: it counts as absent, like a 404.

import { discoverOAuthServerInfo, IssuerMismatchError, type FetchLike } from '@modelcontextprotocol/client';

export type ServerInfo = Awaited<ReturnType<typeof discoverOAuthServerInfo>>;

export interface DiscoverOptions {
  resourceMetadataUrl?: URL;
  fetchFn: FetchLike;
}

export async function discoverServerInfo(serverUrl: string, given: DiscoverOptions): Promise<ServerInfo> {
  const options = { ...given, fetchFn: jsonMetadataOnly(given.fetchFn) };
  try {
    return await discoverOAuthServerInfo(serverUrl, options);
  } catch (err) {
    if (!(err instanceof IssuerMismatchError) || err.kind !== 'metadata') throw err;
    // The strict check failed. Look again without it, and keep the answer only in the legacy
    // layout, when the issuer lives on the MCP server's own origin.
    const lenient = await discoverOAuthServerInfo(serverUrl, { ...options, skipIssuerMetadataValidation: true });
    const issuer = lenient.authorizationServerMetadata?.issuer;
    if (lenient.resourceMetadata !== undefined || issuer === undefined || !sameOrigin(issuer, serverUrl)) throw err;
    return lenient;
  }
}

function jsonMetadataOnly(fetchFn: FetchLike): FetchLike {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.startsWith('/.well-known/') || !response.ok) return response;
    if (/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return response;
    await response.body?.cancel();
    return new Response(null, { status: 404, statusText: 'not OAuth metadata' });
  };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
