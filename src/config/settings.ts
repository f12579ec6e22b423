// Settings every server shares, from the file or from flags: the timeout (and its unit rule),
// the protocol setting, and the environment a child process starts from.

import type { Env } from '../io.js';
import { usageError } from '../errors.js';
import type { WorkDir } from './trust-dir.js';
import { DEFAULT_TIMEOUT_SECONDS, PROTOCOL_SETTINGS, type ProtocolSetting, type TransportKind } from './types.js';

/** Overrides from the command line, applied over the file. */
export interface ResolveOptions {
  /** `--timeout`, in seconds. */
  timeoutSeconds?: number;
  /** `--protocol`. */
  protocol?: ProtocolSetting;
  /** Where a doubtful but usable value is reported (stderr). */
  warn?: (line: string) => void;
  /** Told of each user server that starts in the home directory because the invoking one is not trusted. */
  moved?: (server: string, workDir: WorkDir) => void;
  /** Variables of this use that win over the environment (`${port}` of a server a test file starts). */
  variables?: Readonly<Record<string, string>>;
}

/**
 * A file's `timeout` in milliseconds. Our unit is seconds, but Claude Code writes milliseconds
 * into the same key; no sane timeout is 1000 seconds or more, and none is under a second in
 * milliseconds, so a value of 1000 or more is read as milliseconds and below it as seconds
 * (30 = 30 s, 60000 = 60 s).
 */
export function timeoutMsFromFile(value: number): number {
  return Math.max(1, value >= 1000 ? Math.round(value) : Math.round(value * 1000));
}

export function timeoutMs(fileValue: number | undefined, opts: ResolveOptions): number {
  if (opts.timeoutSeconds !== undefined) {
    const t = opts.timeoutSeconds;
    if (!Number.isFinite(t) || t <= 0) {
      throw usageError(`--timeout must be a positive number of seconds, not ${String(t)}`, {
        hint: 'for example --timeout 60',
      });
    }
    return Math.max(1, Math.round(t * 1000));
  }
  return fileValue === undefined ? DEFAULT_TIMEOUT_SECONDS * 1000 : timeoutMsFromFile(fileValue);
}

export function protocolSetting(
  fileValue: ProtocolSetting | undefined,
  transport: TransportKind,
  opts: ResolveOptions,
): ProtocolSetting {
  if (opts.protocol !== undefined) {
    if (!PROTOCOL_SETTINGS.includes(opts.protocol)) {
      throw usageError(`--protocol must be one of ${PROTOCOL_SETTINGS.join(', ')}, not ${String(opts.protocol)}`);
    }
    return opts.protocol;
  }
  // A stdio server is a local program, often old: the plain initialize is the safe start.
  return fileValue ?? (transport === 'stdio' ? 'legacy' : 'auto');
}

/** Our environment as a plain record (unset variables dropped). */
export function inheritedEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/** What a stdio server gets of our environment unless `inheritEnv: true`: enough to run programs, reach the network, find certificates. */
export const ENV_ALLOWLIST = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'LC_ALL',
  'TMPDIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  // Windows cannot start most programs without these.
  'SystemRoot',
  'SYSTEMROOT',
  'ComSpec',
  'COMSPEC',
  'PATHEXT',
  'WINDIR',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
] as const;

export function allowlistedEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ENV_ALLOWLIST) {
    const v = env[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}
