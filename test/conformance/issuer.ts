// The issuer a pre-registered client's config must name (`oauth.issuer`). A person copies it from
// the server's documentation; the adapter reads it where that documentation would come from:
// the server's protected resource metadata (RFC 9728), found through its 401 challenge.

const TIMEOUT_MS = 5_000;

export async function issuerOf(serverUrl: string): Promise<string> {
  const challenge = await fetch(serverUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await challenge.arrayBuffer();
  const header = challenge.headers.get('www-authenticate') ?? '';
  const named = /resource_metadata="([^"]+)"/.exec(header)?.[1];
  const url = new URL(serverUrl);
  const metadataUrl =
    named ?? `${url.origin}/.well-known/oauth-protected-resource${url.pathname === '/' ? '' : url.pathname}`;
  const response = await fetch(metadataUrl, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`no protected resource metadata at ${metadataUrl} (HTTP ${response.status})`);
  const metadata = (await response.json()) as { authorization_servers?: unknown };
  const first = Array.isArray(metadata.authorization_servers) ? metadata.authorization_servers[0] : undefined;
  if (typeof first !== 'string') throw new Error(`the metadata at ${metadataUrl} names no authorization server`);
  return first;
}
