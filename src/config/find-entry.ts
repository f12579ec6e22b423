// A configured server by name, and the error for a name no config defines: the names there are
// (and the nearest one), and where they were read from, or where mcpctl looked when it found no
// config at all.

import type { Context } from '../io.js';
import { usageError } from '../errors.js';
import type { ConfigEntry, LoadedConfig } from './load.js';
import { PROJECT_FILES } from './paths.js';
import { displayPath } from './display-path.js';
import { didYouMean } from '../suggest.js';

/** The usage error for a name no config defines. */
export function unknownServer(config: LoadedConfig, target: string, ctx: Context) {
  const names = config.entries.map((e) => e.name);
  const read =
    config.files.length > 0
      ? `servers are read from ${config.files.map((f) => displayPath(f, ctx)).join(', ')}${names.length > 0 ? ` (${names.join(', ')})` : ' (none defines a server)'}`
      : `no config file was found (looked for ${PROJECT_FILES.join(', ')} in ${ctx.cwd} and above it up to the repository root or your home directory, and at the user files of mcpctl, Claude Code, Claude Desktop, Cursor, Windsurf, Codex, OpenCode, VS Code, Zed and Gemini CLI)`;
  return usageError(`unknown server "${target}"${didYouMean(target, names)}`, {
    server: target,
    phase: 'config',
    hint: `${read}; an ad-hoc server is an http(s):// URL or --stdio '<command line>'`,
  });
}

/** The entry of a configured server, or the error naming the servers there are. */
export function findEntry(config: LoadedConfig, name: string, ctx: Context): ConfigEntry {
  const entry = config.entries.find((e) => e.name === name);
  if (!entry) throw unknownServer(config, name, ctx);
  return entry;
}
