// Where config files may be, in precedence order (README "Configuration"), derived only from the Context:
// cwd, home and env. Nothing here touches the file system.

import path from 'node:path';
import type { Context } from '../io.js';
import type { JsonSegment } from './jsonc.js';

export type ConfigScope = 'explicit' | 'env' | 'project' | 'user';

export interface ConfigSource {
  /** Absolute path. */
  file: string;
  scope: ConfigScope;
  /** Objects in the file that hold servers by name, in precedence order. */
  sections: JsonSegment[][];
  /** A file named by --config or MCPCTL_CONFIG must exist. */
  required: boolean;
}

/** File names looked for in the working directory and each directory above it. */
export const PROJECT_FILES = ['.mcp.json', 'mcp.json', '.mcpctl.json', '.cursor/mcp.json', '.vscode/mcp.json'];

const STANDARD_SECTIONS: JsonSegment[][] = [['mcpServers'], ['servers']];

/** `~/x` → home/x; relative paths against cwd. */
export function absolutePath(p: string, ctx: Pick<Context, 'cwd' | 'home'>): string {
  if (p === '~') return ctx.home;
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(ctx.home, p.slice(2));
  return path.resolve(ctx.cwd, p);
}

/** The working directory and its parents, nearest first, up to the home directory (when inside it) or the root. */
export function projectDirs(ctx: Pick<Context, 'cwd' | 'home'>): string[] {
  const cwd = path.resolve(ctx.cwd);
  const home = path.resolve(ctx.home);
  const rel = path.relative(home, cwd);
  const insideHome = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  const dirs: string[] = [];
  let dir = cwd;
  for (;;) {
    dirs.push(dir);
    if (insideHome && dir === home) break;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dirs;
}

/** The config directory of XDG systems: $XDG_CONFIG_HOME when absolute, else ~/.config. */
export function xdgConfigHome(ctx: Pick<Context, 'env' | 'home'>): string {
  const xdg = ctx.env.XDG_CONFIG_HOME;
  return xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(ctx.home, '.config');
}

/** Every place a config may be, in precedence order, without duplicates. */
export function configSources(ctx: Context, configFile?: string): ConfigSource[] {
  if (configFile !== undefined) {
    return [{ file: absolutePath(configFile, ctx), scope: 'explicit', sections: STANDARD_SECTIONS, required: true }];
  }
  const sources: ConfigSource[] = [];
  const add = (file: string, scope: ConfigScope, sections = STANDARD_SECTIONS, required = false) => {
    if (!sources.some((s) => s.file === file)) sources.push({ file, scope, sections, required });
  };

  const fromEnv = ctx.env.MCPCTL_CONFIG;
  if (fromEnv !== undefined && fromEnv !== '') add(absolutePath(fromEnv, ctx), 'env', STANDARD_SECTIONS, true);

  const home = path.resolve(ctx.home);
  for (const dir of projectDirs(ctx)) {
    // In the home directory, .cursor/mcp.json is Cursor's user file (and .vscode holds VS
    // Code's own data): they rank as user files below, not as project files.
    const names = dir === home ? PROJECT_FILES.filter((n) => !n.includes('/')) : PROJECT_FILES;
    for (const name of names) add(path.join(dir, name), 'project');
  }

  const xdg = xdgConfigHome(ctx);
  add(path.join(xdg, 'mcpctl', 'config.json'), 'user');
  // Claude Code keeps per-project servers (local scope) beside its user-scope ones; local wins.
  add(path.join(home, '.claude.json'), 'user', [['projects', path.resolve(ctx.cwd), 'mcpServers'], ['mcpServers']]);
  // Claude Desktop: macOS, then Linux (Electron honours XDG_CONFIG_HOME), then Windows. Only an
  // existing file matters, so all are listed whatever the platform.
  add(path.join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'), 'user');
  add(path.join(xdg, 'Claude', 'claude_desktop_config.json'), 'user');
  const appData = ctx.env.APPDATA;
  if (appData !== undefined && path.isAbsolute(appData)) add(path.join(appData, 'Claude', 'claude_desktop_config.json'), 'user');
  add(path.join(home, '.cursor', 'mcp.json'), 'user');
  add(path.join(home, '.codeium', 'windsurf', 'mcp_config.json'), 'user');
  return sources;
}

/** A file as messages name it: relative to the working directory when inside it, else absolute. */
export function displayPath(file: string, ctx: Pick<Context, 'cwd'>): string {
  const rel = path.relative(ctx.cwd, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}
