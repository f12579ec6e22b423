// Secrets out of reports: beside the values taken from the environment (registered where they
// are read), the values of the variables a server's entry sets (whether the entry is in the test
// file or the config), every header value, OAuth secret, URL userinfo and query value of a
// server in use.

import type { ServerSpec } from '../config/types.js';

/**
 * The secrets a resolved server carries: the values of the variables its entry sets, header
 * values, OAuth secrets, URL credentials and query values.
 */
export function specSecrets(spec: ServerSpec): string[] {
  if (spec.transport === 'stdio')
    return (spec.secretEnv ?? []).map((k) => spec.env[k]).filter((v): v is string => v !== undefined);
  const out = [...Object.values(spec.headers)];
  for (const header of Object.values(spec.headers)) {
    const token = /^\S+\s+(\S+)$/.exec(header)?.[1];
    if (token) out.push(token);
  }
  const o = spec.oauth;
  for (const v of [o?.clientSecret, o?.privateKey, o?.idp?.clientSecret, o?.idp?.idToken]) if (v) out.push(v);
  try {
    const url = new URL(spec.url);
    if (url.username) out.push(decodeURIComponent(url.username));
    if (url.password) out.push(decodeURIComponent(url.password));
    for (const value of url.searchParams.values()) out.push(value);
  } catch {
    // not a URL: nothing to take from it
  }
  return out;
}
