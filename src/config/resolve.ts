// Turns a config entry (or a command-line target) into the ready-to-connect ServerSpec: variables
// expanded, cwd checked, child environment and headers built, secrets read from the environment.

import fs from 'node:fs';
import type { Context } from '../io.js';
import { configError } from '../errors.js';
import { adHocHttp, isUrlTarget } from './adhoc.js';
import { builtinVariables, expandDeep, type InterpolationScope } from './interpolate.js';
import { formatJsonPath, type JsonSegment } from './jsonc.js';
import type { ConfigEntry, LoadedConfig } from './load.js';
import { displayPath } from './display-path.js';
import { allowlistedEnv, inheritedEnv, protocolSetting, timeoutMs, type ResolveOptions } from './settings.js';
import { unknownServer } from './find-entry.js';
import { configRelativeDir, defaultWorkDir } from './trust-dir.js';
import {
  isTrusted,
  type HttpServerSpec,
  type OAuthSettings,
  type RawServerEntry,
  type ServerSpec,
  type StdioServerSpec,
} from './types.js';

export type { ResolveOptions } from './settings.js';

interface Resolving {
  entry: ConfigEntry;
  ctx: Context;
  shown: string;
}

/** `file:line:col: server "x": ` for a value of the entry. */
function at(r: Resolving, key: readonly JsonSegment[]): string {
  const loc = r.entry.locations[formatJsonPath(key)];
  const pos = loc === undefined ? `${r.entry.line}:${r.entry.column}` : `${loc.line}:${loc.column}`;
  return `${r.shown}:${pos}: server "${r.entry.name}": `;
}

function keyName(r: Resolving, key: readonly JsonSegment[]): string {
  return r.entry.locations[formatJsonPath(key)]?.key ?? formatJsonPath(key);
}

/** The value of our environment variable `name`, named by the config at `key`; missing is an error. */
function fromEnv(r: Resolving, name: string, key: readonly JsonSegment[], what: string): string {
  const value = r.ctx.env[name];
  r.ctx.secrets?.add(value);
  if (value === undefined) {
    throw configError(
      `${at(r, key)}"${keyName(r, key)}" names environment variable "${name}" (${what}), which is not set`,
      {
        server: r.entry.name,
        phase: 'config',
        hint: `set ${name} in the environment before running mcpctl`,
      },
    );
  }
  return value;
}

/** A directory named at `key`, relative to the config file (`~` is home); it must exist. */
function configDirectory(r: Resolving, dir: string, key: readonly JsonSegment[], hint: string): string {
  const abs = configRelativeDir(dir, r.entry.source, r.ctx.home);
  let isDir = false;
  try {
    isDir = fs.statSync(abs).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) {
    throw configError(`${at(r, key)}"${keyName(r, key)}" is ${abs}, which is not an existing directory`, {
      server: r.entry.name,
      phase: 'config',
      hint,
    });
  }
  return abs;
}

function resolveCwd(r: Resolving, cwd: string | undefined, opts: ResolveOptions): string {
  if (cwd !== undefined)
    return configDirectory(r, cwd, ['cwd'], 'a relative cwd is relative to the directory of the config file');
  // The loader decided it (trust-dir.ts); an entry it did not see counts as not trusted.
  const workDir = r.entry.workDir ?? defaultWorkDir(r.entry, undefined, r.ctx);
  if (workDir.movedFrom !== undefined) opts.moved?.(r.entry.name, workDir);
  return workDir.dir;
}

/** The common keys of every transport that need no variables of ours. */
function commonKeys(r: Resolving, raw: RawServerEntry): Pick<ServerSpec, 'enabledTools' | 'disabledTools' | 'roots'> {
  return {
    ...(raw.enabledTools !== undefined ? { enabledTools: raw.enabledTools } : {}),
    ...(raw.disabledTools !== undefined ? { disabledTools: raw.disabledTools } : {}),
    ...(raw.roots !== undefined
      ? {
          roots: raw.roots.map((dir, i) =>
            configDirectory(r, dir, ['roots', i], 'a relative root is relative to the directory of the config file'),
          ),
        }
      : {}),
  };
}

function resolveStdio(r: Resolving, raw: RawServerEntry, opts: ResolveOptions): StdioServerSpec {
  // Only the base allowlist unless the entry asks for everything: a CI job's tokens are not for every server.
  const base = raw.inheritEnv === true ? inheritedEnv(r.ctx.env) : allowlistedEnv(r.ctx.env);
  const passed: Record<string, string> = {};
  (raw.envFrom ?? []).forEach((name, i) => {
    passed[name] = fromEnv(r, name, ['envFrom', i], 'to pass to the server');
  });
  return {
    name: r.entry.name,
    source: r.entry.source,
    transport: 'stdio',
    command: raw.command!,
    args: raw.args ?? [],
    cwd: resolveCwd(r, raw.cwd, opts),
    env: { ...base, ...passed, ...(raw.env ?? {}) },
    secretEnv: [...Object.keys(passed), ...Object.keys(raw.env ?? {})],
    timeoutMs: timeoutMs(raw.timeout, opts),
    protocol: protocolSetting(raw.protocolVersion, 'stdio', opts),
    ...commonKeys(r, raw),
  };
}

function resolveOAuth(r: Resolving, raw: NonNullable<RawServerEntry['oauth']>): OAuthSettings {
  const { clientSecretFrom, privateKeyFrom, idp, ...plain } = raw;
  const out: OAuthSettings = { ...plain };
  if (clientSecretFrom !== undefined)
    out.clientSecret = fromEnv(r, clientSecretFrom, ['oauth', 'clientSecretFrom'], 'the OAuth client secret');
  if (privateKeyFrom !== undefined)
    out.privateKey = fromEnv(r, privateKeyFrom, ['oauth', 'privateKeyFrom'], 'the OAuth private key');
  // Unset is not a config error: a CI job sets it at run time, and its absence is an auth failure.
  const assertion = raw.assertionFrom === undefined ? undefined : r.ctx.env[raw.assertionFrom];
  r.ctx.secrets?.add(assertion);
  if (assertion !== undefined) out.assertion = assertion;
  if (idp !== undefined) {
    const { clientSecretFrom: idpSecret, idTokenFrom, ...idpPlain } = idp;
    out.idp = { ...idpPlain };
    if (idpSecret !== undefined)
      out.idp.clientSecret = fromEnv(
        r,
        idpSecret,
        ['oauth', 'idp', 'clientSecretFrom'],
        'the identity provider client secret',
      );
    if (idTokenFrom !== undefined)
      out.idp.idToken = fromEnv(r, idTokenFrom, ['oauth', 'idp', 'idTokenFrom'], 'the ID token');
  }
  return out;
}

function resolveHttp(r: Resolving, raw: RawServerEntry, opts: ResolveOptions): HttpServerSpec {
  const url = raw.url!;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw configError(
      `${at(r, ['url'])}"${keyName(r, ['url'])}" is not an http:// or https:// URL${parsed ? ` (it uses ${parsed.protocol})` : ''}`,
      {
        server: r.entry.name,
        phase: 'config',
        hint: 'write the full address, for example https://example.com/mcp',
      },
    );
  }
  const headers: Record<string, string> = { ...(raw.headers ?? {}) };
  for (const [header, variable] of Object.entries(raw.headersFrom ?? {})) {
    headers[header] = fromEnv(r, variable, ['headersFrom', header], `the value of header ${header}`);
  }
  for (const [header, value] of Object.entries(headers)) {
    // "Bearer " with an unset variable behind a default: sent, but surely not what was meant.
    if (/^\s*(?:(?:Bearer|Basic|Token|Bot)\s*)?$/i.test(value)) {
      opts.warn?.(
        `${at(r, ['headers', header])}header "${header}" is empty once its variables are filled in; check the variables it names`,
      );
    }
  }
  const transport = r.entry.type === 'sse' ? 'sse' : 'http';
  return {
    name: r.entry.name,
    source: r.entry.source,
    transport,
    url,
    headers,
    sseFallback: raw.type === undefined,
    timeoutMs: timeoutMs(raw.timeout, opts),
    protocol: protocolSetting(raw.protocolVersion, transport, opts),
    ...(raw.oauth !== undefined ? { oauth: resolveOAuth(r, raw.oauth) } : {}),
    ...commonKeys(r, raw),
  };
}

/** The ServerSpec of one entry. Variables are expanded here, so only servers in use need theirs. */
export function resolveServer(entry: ConfigEntry, ctx: Context, opts: ResolveOptions = {}): ServerSpec {
  const r: Resolving = { entry, ctx, shown: displayPath(entry.source, ctx) };
  if (!isTrusted(entry.trust)) throw untrustedServer(entry, r.shown);
  const scope: InterpolationScope = {
    env: ctx.env,
    builtins: builtinVariables(entry.source, ctx.home),
    server: entry.name,
    shownAs: r.shown,
    locations: entry.locations,
    entryPath: entry.jsonPath,
    secrets: ctx.secrets,
    ...(opts.variables ? { variables: opts.variables } : {}),
  };
  const raw = expandDeep(entry.raw, [], scope);
  return entry.type === 'stdio' ? resolveStdio(r, raw, opts) : resolveHttp(r, raw, opts);
}

/** The refusal to start a server of a project config nobody trusted (or trusted before it changed). */
export function untrustedServer(entry: Pick<ConfigEntry, 'name' | 'trust' | 'source'>, shown: string) {
  const why =
    entry.trust === 'changed' ? 'has changed since it was trusted' : 'is a project config that is not trusted';
  return configError(`server "${entry.name}" not started: ${shown} ${why}`, {
    server: entry.name,
    phase: 'config',
    hint: `read it, then trust it with \`mcpctl servers trust ${shown}\`, or name it for one run with \`mcpctl -c ${shown} …\` (or --trust-project)`,
  });
}

/**
 * A SERVER argument: a configured name, else an http(s):// URL. Unknown names are a usage error
 * with close names and the files that were read.
 */
export function resolveTarget(
  config: LoadedConfig,
  target: string,
  ctx: Context,
  opts: ResolveOptions = {},
): ServerSpec {
  const entry = config.entries.find((e) => e.name === target);
  if (entry !== undefined) {
    if (entry.disabled) {
      const shown = displayPath(entry.source, ctx);
      throw configError(`${shown}:${entry.line}:${entry.column}: server "${entry.name}" is disabled`, {
        server: entry.name,
        phase: 'config',
        hint: `remove "disabled": true from it in ${shown} to use it`,
      });
    }
    return resolveServer(entry, ctx, opts);
  }
  if (isUrlTarget(target)) return adHocHttp(target, ctx, opts);
  throw unknownServer(config, target, ctx);
}
