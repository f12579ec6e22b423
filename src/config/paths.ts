// Where config files may be, in precedence order (README "Configuration"), derived only from the Context:
// cwd, home and env. Nothing here touches the file system.

import path from 'node:path';
import type { Context } from '../io.js';
import type { JsonSegment } from './jsonc.js';
import { fromCodex, fromGemini, fromOpenCode, fromZed, type Translate } from './hosts.js';

export type ConfigScope = 'explicit' | 'env' | 'project' | 'user';

export interface ConfigSource {
  /** Absolute path. */
  file: string;
  scope: ConfigScope;
  /** Objects in the file that hold servers by name, in precedence order. */
  sections: JsonSegment[][];
  /** A file named by --config or MCPCTL_CONFIG must exist. */
  required: boolean;
  /** JSON (with comments) unless said otherwise. */
  format?: 'toml';
  /** Another host's file: its entries in our shape; their problems are warnings, not errors. */
  translate?: Translate;
  /** The host, for `servers` and messages: "Codex", "Zed". */
  host?: string;
  /** A project config's root (`projectRoot`): a link in the project may not lead out of it. */
  root?: string;
}

/** File names looked for in the working directory and the directories above it that are searched (`projectDirs`). */
export const PROJECT_FILES = ['.mcp.json', 'mcp.json', '.mcpctl.json', '.cursor/mcp.json', '.vscode/mcp.json'];

const GEMINI_PROJECT_FILE = '.gemini/settings.json';

/** `mcpServers` (Claude, Cursor…), `servers` (VS Code's mcp.json), `mcp.servers` (VS Code's settings.json). */
const STANDARD_SECTIONS: JsonSegment[][] = [['mcpServers'], ['servers'], ['mcp', 'servers']];

/** `~/x` → home/x; relative paths against cwd. */
export function absolutePath(p: string, ctx: Pick<Context, 'cwd' | 'home'>): string {
  if (p === '~') return ctx.home;
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(ctx.home, p.slice(2));
  return path.resolve(ctx.cwd, p);
}

/**
 * The working directory and its parents, nearest first, up to the root of the repository
 * checkout (`isRepoRoot`: the first directory with `.git`) or the home directory, whichever comes
 * first. Outside both, the working directory alone: a directory above it that is neither a
 * checkout nor in home (`/tmp`, a shared folder) is not the user's project, and anyone may have
 * put a config there. `ctx.home` is compared with `ctx.cwd`: give both with their links resolved
 * (the working directory of a process is), or neither.
 */
export function projectDirs(
  ctx: Pick<Context, 'cwd' | 'home'>,
  isRepoRoot: (dir: string) => boolean = () => false,
): string[] {
  const cwd = path.resolve(ctx.cwd);
  const home = path.resolve(ctx.home);
  const rel = path.relative(home, cwd);
  const insideHome = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  const dirs: string[] = [];
  let dir = cwd;
  for (;;) {
    dirs.push(dir);
    if ((insideHome && dir === home) || isRepoRoot(dir)) return dirs;
    const parent = path.dirname(dir);
    // The file system's root, so outside home and outside any checkout.
    if (parent === dir) return [cwd];
    dir = parent;
  }
}

/**
 * The root of the project a config found in `dir` belongs to: the repository checkout when the
 * search from `dir` (`searched`, nearest first) ended at one, else `dir` itself. The home
 * directory is never a project root, even when it is a checkout of dotfiles.
 */
export function projectRoot(
  dir: string,
  searched: string[],
  ctx: Pick<Context, 'home'>,
  isRepoRoot: (dir: string) => boolean = () => false,
): string {
  const top = searched.at(-1);
  return top !== undefined && top !== path.resolve(ctx.home) && isRepoRoot(top) ? top : dir;
}

/** The directory a project config was found in: `a/.vscode/mcp.json` → `a`, `a/.mcp.json` → `a`. */
export function projectDirOf(file: string): string {
  for (const name of [...PROJECT_FILES, GEMINI_PROJECT_FILE]) {
    const tail = `${path.sep}${path.normalize(name)}`;
    if (name.includes('/') && file.endsWith(tail)) return file.slice(0, -tail.length);
  }
  return path.dirname(file);
}

/** The config directory of XDG systems: $XDG_CONFIG_HOME when absolute, else ~/.config. */
export function xdgConfigHome(ctx: Pick<Context, 'env' | 'home'>): string {
  const xdg = ctx.env.XDG_CONFIG_HOME;
  return xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(ctx.home, '.config');
}

const OPENCODE = { host: 'OpenCode', sections: [['mcp']], translate: fromOpenCode };
const GEMINI = { host: 'Gemini CLI', sections: [['mcpServers']], translate: fromGemini };
const CODEX = { host: 'Codex', sections: [['mcp_servers']], format: 'toml' as const, translate: fromCodex };
const ZED = { host: 'Zed', sections: [['context_servers']], translate: fromZed };
const VSCODE_SETTINGS = { host: 'VS Code', sections: [['mcp', 'servers']] };

/** How a named file is read: another host's file by its well-known name, else ours. */
function namedShape(file: string): Partial<ConfigSource> {
  const base = path.basename(file);
  const dir = path.basename(path.dirname(file));
  if (base === 'opencode.json') return OPENCODE;
  if (base.endsWith('.toml')) return CODEX;
  if (base === 'settings.json' && dir === '.gemini') return GEMINI;
  if (base === 'settings.json' && dir === 'zed') return ZED;
  if (base === 'settings.json' && dir === 'User') return VSCODE_SETTINGS;
  return {};
}

/**
 * Every place a config may be, in precedence order, without duplicates. `realHome`: the home
 * directory with its links resolved, as the working directory is, for the search that compares
 * the two; the user's files are named under `ctx.home`, as the user knows it.
 */
export function configSources(
  ctx: Context,
  configFile?: string,
  isRepoRoot?: (dir: string) => boolean,
  realHome = ctx.home,
): ConfigSource[] {
  if (configFile !== undefined) {
    const file = absolutePath(configFile, ctx);
    return [{ file, scope: 'explicit', sections: STANDARD_SECTIONS, required: true, ...namedShape(file) }];
  }
  const sources: ConfigSource[] = [];
  const add = (
    file: string,
    scope: ConfigScope,
    sections = STANDARD_SECTIONS,
    required = false,
    extra: Partial<ConfigSource> = {},
  ) => {
    if (!sources.some((s) => s.file === file)) sources.push({ file, scope, sections, required, ...extra });
  };

  const fromEnv = ctx.env.MCPCTL_CONFIG;
  if (fromEnv !== undefined && fromEnv !== '') {
    const file = absolutePath(fromEnv, ctx);
    const shape = namedShape(file);
    add(file, 'env', shape.sections ?? STANDARD_SECTIONS, true, shape);
  }

  const home = path.resolve(ctx.home);
  const search = { cwd: ctx.cwd, home: path.resolve(realHome) };
  const searched = projectDirs(search, isRepoRoot);
  for (const dir of searched) {
    const root = projectRoot(dir, searched, search, isRepoRoot);
    // In the home directory, .cursor/mcp.json is Cursor's user file (and .vscode holds VS
    // Code's own data, .gemini Gemini's): they rank as user files below, not as project files.
    const atHome = dir === search.home;
    const names = atHome ? PROJECT_FILES.filter((n) => !n.includes('/')) : PROJECT_FILES;
    for (const name of names) add(path.join(dir, name), 'project', STANDARD_SECTIONS, false, { root });
    add(path.join(dir, 'opencode.json'), 'project', OPENCODE.sections, false, { ...OPENCODE, root });
    if (!atHome) add(path.join(dir, GEMINI_PROJECT_FILE), 'project', GEMINI.sections, false, { ...GEMINI, root });
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
  if (appData !== undefined && path.isAbsolute(appData))
    add(path.join(appData, 'Claude', 'claude_desktop_config.json'), 'user');
  add(path.join(home, '.cursor', 'mcp.json'), 'user');
  add(path.join(home, '.codeium', 'windsurf', 'mcp_config.json'), 'user');
  add(path.join(home, '.codex', 'config.toml'), 'user', CODEX.sections, false, CODEX);
  add(path.join(xdg, 'opencode', 'opencode.json'), 'user', OPENCODE.sections, false, OPENCODE);
  add(path.join(xdg, 'Code', 'User', 'mcp.json'), 'user', [['servers']], false, { host: 'VS Code' });
  add(path.join(xdg, 'Code', 'User', 'settings.json'), 'user', VSCODE_SETTINGS.sections, false, VSCODE_SETTINGS);
  add(path.join(xdg, 'zed', 'settings.json'), 'user', ZED.sections, false, ZED);
  add(path.join(home, '.gemini', 'settings.json'), 'user', GEMINI.sections, false, GEMINI);
  return sources;
}
