// Expands ${VAR}, ${VAR:-default} and ${env:VAR} in the string values of one entry, at the moment
// that server is used; a missing variable is a config error naming file, JSON path and variable.

import path from 'node:path';
import type { Env } from '../io.js';
import type { Secrets } from '../redact.js';
import { configError } from '../errors.js';
import { formatJsonPath, type JsonSegment } from './jsonc.js';
import type { SourceLocation } from './validate.js';

export interface InterpolationScope {
  env: Env;
  /** VS Code's predefined variables we can answer: workspaceFolder, userHome, pathSeparator. */
  builtins: Readonly<Record<string, string>>;
  server: string;
  /** The file as messages name it. */
  shownAs: string;
  /** Entry-relative camelCase path → where it is written. */
  locations: Readonly<Record<string, SourceLocation>>;
  /** JSON path of the entry itself, for values with no recorded location. */
  entryPath: string;
  /** Where each value taken from the environment is registered, to be masked in reports. */
  secrets?: Secrets;
  /** Values the caller gives for this use (the free port of a server a test file starts): they win over the environment. */
  variables?: Readonly<Record<string, string>>;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variables VS Code defines that make sense outside an editor. */
export function builtinVariables(configFile: string | undefined, home: string): Record<string, string> {
  const out: Record<string, string> = { userHome: home, pathSeparator: path.sep, '/': path.sep };
  if (configFile !== undefined) {
    const dir = path.dirname(configFile);
    const base = path.basename(dir);
    // .vscode/mcp.json and .cursor/mcp.json belong to the folder above them.
    out.workspaceFolder = base === '.vscode' || base === '.cursor' ? path.dirname(dir) : dir;
  }
  return out;
}

function where(scope: InterpolationScope, at: readonly JsonSegment[]): { prefix: string; jsonPath: string } {
  const loc = scope.locations[formatJsonPath(at)];
  if (loc === undefined) return { prefix: scope.shownAs, jsonPath: `${scope.entryPath}.${formatJsonPath(at)}` };
  return { prefix: `${scope.shownAs}:${loc.line}:${loc.column}`, jsonPath: loc.jsonPath };
}

/** `value` with every ${…} replaced; `at` is its camelCase path in the entry, for messages. */
export function expandString(value: string, at: readonly JsonSegment[], scope: InterpolationScope): string {
  if (!value.includes('${')) return value;
  return value.replace(/\$\{([^}]*)\}/g, (whole, body: string) => {
    const fail = (what: string, hint: string): never => {
      const { prefix, jsonPath } = where(scope, at);
      throw configError(`${prefix}: server "${scope.server}": ${jsonPath}: ${what}`, {
        server: scope.server,
        phase: 'config',
        hint,
      });
    };
    if (body.startsWith('input:')) {
      return fail(
        `${whole} asks for a VS Code input, which mcpctl does not support`,
        `put the value in an environment variable and write \${env:NAME} instead of ${whole}`,
      );
    }
    let name = body;
    let fallback: string | undefined;
    if (body.startsWith('env:')) name = body.slice(4);
    else {
      const sep = body.indexOf(':-');
      if (sep >= 0) {
        name = body.slice(0, sep);
        fallback = body.slice(sep + 2);
      }
    }
    const given = body.startsWith('env:') ? undefined : scope.variables?.[name];
    if (given !== undefined) return given;
    const builtin = body.startsWith('env:') ? undefined : scope.builtins[name];
    if (!NAME.test(name) && builtin === undefined) {
      return fail(`${whole} is not a variable mcpctl understands`, 'write ${VAR}, ${VAR:-default} or ${env:VAR}');
    }
    const found = scope.env[name];
    if (found !== undefined && found !== '') scope.secrets?.add(found);
    if (fallback !== undefined) return found === undefined || found === '' ? fallback : found;
    if (found !== undefined) return found;
    if (builtin !== undefined) return builtin;
    return fail(
      `environment variable "${name}" is not set`,
      `set ${name} in the environment, or write \${${name}:-default} to give a default`,
    );
  });
}

/** A deep copy of `value` with every string expanded. */
export function expandDeep<T>(value: T, at: readonly JsonSegment[], scope: InterpolationScope): T {
  if (typeof value === 'string') return expandString(value, at, scope) as T;
  if (Array.isArray(value)) return value.map((v, i) => expandDeep(v, [...at, i], scope)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandDeep(v, [...at, k], scope)])) as T;
  }
  return value;
}
