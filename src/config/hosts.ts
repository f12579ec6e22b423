// Server entries of other hosts (Codex, OpenCode, Zed, Gemini CLI) in our entry shape, so they
// are checked and resolved like any other. Each translation keeps only what means the same
// thing here; what a host alone understands is dropped.

import { isRecord } from '../is-record.js';

type HostEntry = Record<string, unknown>;
/**
 * One entry of a host's file in our shape (a value that is not an object is passed on, for the
 * check to report); undefined: nothing for us to start, skipped quietly.
 */
export type Translate = (entry: unknown) => unknown;

function record(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

/** Copies the keys that are present, under our names. */
function pick(from: Record<string, unknown>, names: Record<string, string>): HostEntry {
  const out: HostEntry = {};
  for (const [theirs, ours] of Object.entries(names)) if (from[theirs] !== undefined) out[ours] = from[theirs];
  return out;
}

/** Codex, ~/.codex/config.toml `[mcp_servers.NAME]`. */
export const fromCodex: Translate = (entry) => {
  const e = record(entry);
  if (e === undefined) return entry;
  const out = pick(e, {
    command: 'command',
    args: 'args',
    env: 'env',
    cwd: 'cwd',
    url: 'url',
    http_headers: 'headers',
    env_http_headers: 'headersFrom',
    env_vars: 'envFrom',
    tool_timeout_sec: 'timeout',
    enabled_tools: 'enabledTools',
    disabled_tools: 'disabledTools',
  });
  if (typeof e.bearer_token_env_var === 'string')
    out.headers = { ...(record(out.headers) ?? {}), Authorization: `Bearer \${${e.bearer_token_env_var}}` };
  if (e.url !== undefined) out.type = 'http';
  if (e.enabled === false) out.disabled = true;
  return out;
};

/** OpenCode, `opencode.json` key `mcp`: `type` local (command as an array) or remote. */
export const fromOpenCode: Translate = (entry) => {
  const e = record(entry);
  if (e === undefined) return entry;
  const out: HostEntry = pick(e, { url: 'url', headers: 'headers', environment: 'env', timeout: 'timeout' });
  if (Array.isArray(e.command)) {
    out.command = e.command[0];
    out.args = e.command.slice(1);
  } else if (e.command !== undefined) out.command = e.command;
  if (e.type === 'remote' && e.url !== undefined) out.type = 'http';
  if (e.enabled === false) out.disabled = true;
  return out;
};

/** Zed, settings.json `context_servers`: `command` as a string or as `{ path, args, env }`. */
export const fromZed: Translate = (entry) => {
  const e = record(entry);
  if (e === undefined) return entry;
  // A server an extension provides is started by that extension's code, not by a command here.
  if (e.command === undefined && e.url === undefined) return undefined;
  const nested = record(e.command);
  if (nested !== undefined) return pick(nested, { path: 'command', args: 'args', env: 'env' });
  return pick(e, { command: 'command', args: 'args', env: 'env', url: 'url', headers: 'headers' });
};

/** Gemini CLI, settings.json `mcpServers`: `httpUrl` is Streamable HTTP, `url` is SSE. */
export const fromGemini: Translate = (entry) => {
  const e = record(entry);
  if (e === undefined) return entry;
  const out = pick(e, {
    command: 'command',
    args: 'args',
    env: 'env',
    cwd: 'cwd',
    headers: 'headers',
    timeout: 'timeout',
    includeTools: 'enabledTools',
    excludeTools: 'disabledTools',
  });
  if (e.httpUrl !== undefined) Object.assign(out, { url: e.httpUrl, type: 'http' });
  else if (e.url !== undefined) Object.assign(out, { url: e.url, type: 'sse' });
  return out;
};

/** True when some string of the entry holds an editor prompt (`${input:…}`), which only an editor can answer. */
export function usesEditorInput(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('${input:');
  if (Array.isArray(value)) return value.some(usesEditorInput);
  const r = record(value);
  return r !== undefined && Object.values(r).some(usesEditorInput);
}
