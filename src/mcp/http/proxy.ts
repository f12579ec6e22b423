// HTTPS_PROXY / HTTP_PROXY / NO_PROXY for HTTP servers. Node 20's fetch ignores them, so when
// one is set we route requests through undici's ProxyAgent (loaded only then: it is not free).
// undici's EnvHttpProxyAgent would do the matching too, but it reads process.env behind our
// back and prints an "experimental" warning on stderr, so the few lines of NO_PROXY live here.

import type { FetchLike } from '@modelcontextprotocol/client';
import type { Env } from '../../io.js';

function pick(env: Env, name: string): string | undefined {
  const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** True when a proxy variable is set, i.e. when a proxy-aware fetch is needed at all. */
export function proxyConfigured(env: Env): boolean {
  return pick(env, 'https_proxy') !== undefined || pick(env, 'http_proxy') !== undefined;
}

/** The proxy URL to use for a request to `target`, or undefined to go direct. */
export function proxyForUrl(target: string | URL, env: Env): string | undefined {
  const url = typeof target === 'string' ? new URL(target) : target;
  const proxy =
    url.protocol === 'https:' ? (pick(env, 'https_proxy') ?? pick(env, 'http_proxy')) : pick(env, 'http_proxy');
  if (proxy === undefined) return undefined;
  return bypassed(url, pick(env, 'no_proxy')) ? undefined : proxy;
}

/** NO_PROXY as curl reads it: `*`, or host names / domains (leading dot optional), optional `:port`. */
function bypassed(url: URL, noProxy: string | undefined): boolean {
  if (noProxy === undefined) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const match = /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^\[|\](?=:|$)/g, ''));
    const name = (match?.[1] ?? entry).replace(/^\*?\./, '');
    const entryPort = match?.[2];
    if (entryPort !== undefined && entryPort !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

interface UndiciParts {
  ProxyAgent: new (proxy: string) => object;
  fetch: (input: string | URL, init?: object) => Promise<Response>;
}

/**
 * A fetch that honours the proxy variables of `env`, or undefined when none is set (then the
 * transports use the built-in fetch). undici is imported on first use only.
 */
export function createProxyFetch(env: Env): FetchLike | undefined {
  if (!proxyConfigured(env)) return undefined;
  let undici: Promise<UndiciParts> | undefined;
  const agents = new Map<string, object>();
  return async (url, init) => {
    // undici's fetch and the DOM fetch type describe the same API with different declarations.
    undici ??= import('undici').then((mod) => mod as unknown as UndiciParts);
    const { ProxyAgent, fetch } = await undici;
    const proxy = proxyForUrl(url, env);
    let dispatcher = proxy === undefined ? undefined : agents.get(proxy);
    if (proxy !== undefined && dispatcher === undefined) {
      dispatcher = new ProxyAgent(proxy);
      agents.set(proxy, dispatcher);
    }
    return fetch(url, dispatcher === undefined ? init : { ...init, dispatcher });
  };
}
