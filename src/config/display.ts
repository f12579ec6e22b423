// What `mcpctl servers` shows of an entry: the settings as written, with every value that could be
// a secret (env and header values, URL userinfo and query values, secret-looking arguments)
// shown as its ${VAR} reference or <redacted>.

import type { ConfigEntry, ShadowedEntry } from './load.js';
import { timeoutMsFromFile } from './settings.js';
import { isTrusted, type RawOAuthEntry, type TransportKind, type TrustState } from './types.js';
import { redactArgs, redactUrl, redactValue } from '../redact.js';
import { configRelativeDir } from './trust-dir.js';

export { REDACTED, redactUrl, redactValue } from '../redact.js';

export interface ServerDescription {
  name: string;
  type: TransportKind;
  command?: string;
  args?: string[];
  url?: string;
  /** `cwd` as written. */
  cwd?: string;
  /** stdio: the directory it will start in (absolute; `cwd` as written when it holds a variable). */
  workingDirectory?: string;
  /** Absolute path of the file the server came from. */
  source: string;
  /** Another host's file (Codex, Zed, …), when it is one. */
  host?: string;
  disabled: boolean;
  /** Whether mcpctl may start it. */
  trusted: boolean;
  /** Why: user, named, trusted, claude-code, trust-project; or untrusted, changed. */
  trust: TrustState;
  /** Another file defines a server of the same name, and that one is used: its path. */
  shadowedBy?: string;
  env?: Record<string, string>;
  envFrom?: string[];
  inheritEnv?: boolean;
  headers?: Record<string, string>;
  /** Header name → name of the variable holding its value. */
  headersFrom?: Record<string, string>;
  /** Seconds, after the unit rule (1000 and more in the file is milliseconds). */
  timeout?: number;
  protocolVersion?: string;
  /** Only names of variables and public settings: the config holds no secret values here. */
  oauth?: RawOAuthEntry;
  enabledTools?: string[];
  disabledTools?: string[];
  roots?: string[];
}

function redactMap(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, redactValue(v)]));
}

/**
 * Where a stdio entry will start: its `cwd` (unexpanded when it names a variable: listing reads
 * none), else the directory the loader chose (trust-dir.ts).
 */
function workingDirectory(entry: ConfigEntry, home: string): string | undefined {
  if (entry.type !== 'stdio') return undefined;
  const cwd = entry.raw.cwd;
  if (cwd === undefined) return entry.workDir?.dir;
  return cwd.includes('${') ? cwd : configRelativeDir(cwd, entry.source, home);
}

/** The plain, secret-free object describing one server (for `servers` and its --json). */
export function describeServer(entry: ConfigEntry | ShadowedEntry, home: string): ServerDescription {
  const raw = entry.raw;
  const out: ServerDescription = {
    name: entry.name,
    type: entry.type,
    source: entry.source,
    disabled: entry.disabled,
    trusted: isTrusted(entry.trust),
    trust: entry.trust,
  };
  if (entry.host !== undefined) out.host = entry.host;
  if ('shadowedBy' in entry) out.shadowedBy = entry.shadowedBy;
  if (raw.command !== undefined) out.command = raw.command;
  if (raw.args !== undefined) out.args = redactArgs(raw.args);
  if (raw.url !== undefined) out.url = redactUrl(raw.url);
  if (raw.cwd !== undefined) out.cwd = raw.cwd;
  const dir = workingDirectory(entry, home);
  if (dir !== undefined) out.workingDirectory = dir;
  if (raw.env !== undefined) out.env = redactMap(raw.env);
  if (raw.envFrom !== undefined) out.envFrom = [...raw.envFrom];
  if (raw.inheritEnv !== undefined) out.inheritEnv = raw.inheritEnv;
  if (raw.headers !== undefined) out.headers = redactMap(raw.headers);
  if (raw.headersFrom !== undefined) out.headersFrom = { ...raw.headersFrom };
  if (raw.timeout !== undefined) out.timeout = timeoutMsFromFile(raw.timeout) / 1000;
  if (raw.protocolVersion !== undefined) out.protocolVersion = raw.protocolVersion;
  if (raw.oauth !== undefined) out.oauth = structuredClone(raw.oauth);
  if (raw.enabledTools !== undefined) out.enabledTools = [...raw.enabledTools];
  if (raw.disabledTools !== undefined) out.disabledTools = [...raw.disabledTools];
  if (raw.roots !== undefined) out.roots = [...raw.roots];
  return out;
}
