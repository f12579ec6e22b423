// Writing result data to files: atomically, so a file either holds the whole answer or is not
// there; never over an existing file unless asked, never through a symlink, never under a name
// mcpctl reads as config; and safe file names for content blocks: a name a server chose is kept
// only when it says what the bytes are and no tool would run or obey a file of that name.

import path from 'node:path';
import { McpctlError } from '../errors.js';
import { clearWriteError, makeDirs, writeFileAtomicRaw, writeFailureReason } from '../atomic-file.js';
import { PROJECT_FILES } from '../config/paths.js';

/** How a file from server data may be written: over an existing file only with `--force`. */
export interface SaveOptions {
  force: boolean;
}

/** A file that was written, and the name first asked for when that one was taken. */
export interface SavedFile {
  file: string;
  /** Set when `file` is a free name chosen because this one existed. */
  taken?: string;
}

/**
 * Config file names mcpctl (or a tool it reads configs of) reads, without their leading dot:
 * server data never takes one of these names, so a server cannot plant a config.
 */
const CONFIG_NAMES = new Set(
  [
    ...PROJECT_FILES.map((f) => path.basename(f)),
    'mcp.json',
    'mcpctl.json',
    'config.json',
    'claude.json',
    'claude_desktop_config.json',
    'mcp_config.json',
    'opencode.json',
    'opencode.jsonc',
    'settings.json',
    'config.toml',
    'trust.json',
  ].map((n) => n.replace(/^\.+/, '').toLowerCase()),
);

/** True for a name mcpctl reads as a config, with or without its leading dot. */
export function isConfigFileName(name: string): boolean {
  return CONFIG_NAMES.has(name.replace(/^\.+/, '').toLowerCase());
}

/**
 * Names that other programs run, import or obey when they find them in a directory (test
 * runners, build tools, package managers, shells with direnv, container builds, coding agents),
 * lower case: server data never takes one, or the next `make`, `pytest` or agent session in that
 * directory would run the server's code or follow its instructions.
 */
const EXECUTED_NAMES = new Set([
  'conftest.py',
  'setup.py',
  'noxfile.py',
  'sitecustomize.py',
  'usercustomize.py',
  'pyproject.toml',
  'setup.cfg',
  'tox.ini',
  'pytest.ini',
  'makefile',
  'gnumakefile',
  'justfile',
  'rakefile',
  'gemfile',
  'package.json',
  'composer.json',
  'deno.json',
  'deno.jsonc',
  'bunfig.toml',
  'tsconfig.json',
  'jsconfig.json',
  'cargo.toml',
  'build.rs',
  'build.gradle',
  'build.gradle.kts',
  'settings.gradle',
  'pom.xml',
  'build.xml',
  'cmakelists.txt',
  'tasks.py',
  'dockerfile',
  'containerfile',
  'docker-compose.yml',
  'docker-compose.yaml',
  'compose.yml',
  'compose.yaml',
  'vagrantfile',
  'procfile',
  'jenkinsfile',
  'flake.nix',
  'shell.nix',
  'default.nix',
  'crush.json',
  'agents.md',
  'claude.md',
  'gemini.md',
  'copilot-instructions.md',
  'desktop.ini',
  'autorun.inf',
]);

/** Families of such names: `vite.config.ts`, `karma.conf.js`, `config.yaml` (Continue), `x.pth` (run by Python's site), `gulpfile.js`, `Gruntfile.js`. */
const EXECUTED_PATTERNS = [
  /\.config\.[cm]?[jt]s$/,
  /\.conf\.[cm]?js$/,
  /^config\.[a-z]+$/,
  /\.pth$/,
  /^(gulp|grunt)file(\.babel)?\.([cm]?[jt]s|coffee)$/,
];

/** True for a name another tool runs or reads as configuration (see EXECUTED_NAMES). */
export function isExecutedFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return EXECUTED_NAMES.has(lower) || EXECUTED_PATTERNS.some((p) => p.test(lower));
}

/**
 * Whether a file name taken from server data may be used as it is for content of `mimeType`:
 * its extension is one that type is written with (a `.py` is never a PNG), and it is neither a
 * name mcpctl reads as config nor one another tool runs or obeys. Otherwise the caller makes one.
 */
export function keepsServerName(name: string, mimeType: string | undefined): boolean {
  const ext = path.extname(name).slice(1).toLowerCase();
  return ext !== '' && extensionsFor(mimeType).includes(ext) && !isConfigFileName(name) && !isExecutedFileName(name);
}

/** Free names to try after `name`: `a.png`, `a-1.png`, `a-2.png`, … */
const MAX_FREE_NAME_TRIES = 1000;

/**
 * Writes server data into `dir` under `name` (already a safe base name): whole or not at all,
 * never through a symlink, and never over an existing file unless `force` (then the next free
 * name `name-1.ext` is used). A name mcpctl reads as config, or a dotfile, is never written.
 */
export async function saveInDirectory(
  dir: string,
  name: string,
  data: Uint8Array,
  opts: SaveOptions,
): Promise<SavedFile> {
  if (name !== path.basename(name) || name.startsWith('.') || isConfigFileName(name) || isExecutedFileName(name)) {
    throw new McpctlError('internal', `refusing to save server data as ${JSON.stringify(name)}`, { phase: 'output' });
  }
  return writeKeeping(path.join(dir, name), data, opts);
}

/**
 * Writes server data to the file the user named (-o): whole or not at all; over that file only
 * with `force` (else the next free name), and never through a symlink at its place.
 */
export async function saveToFile(file: string, data: Uint8Array, opts: SaveOptions): Promise<SavedFile> {
  if (isConfigFileName(path.basename(file))) {
    throw new McpctlError('usage', `not writing server data to ${file}: mcpctl reads files of that name as config`, {
      phase: 'output',
      hint: 'choose another file name',
    });
  }
  return writeKeeping(file, data, opts);
}

/** `file` replaced (force: a regular file only), or created at it or at the first free name after it. */
async function writeKeeping(file: string, data: Uint8Array, opts: SaveOptions): Promise<SavedFile> {
  if (opts.force) {
    await write(file, data, 'replace-file');
    return { file };
  }
  const { dir, name: stem, ext } = path.parse(file);
  for (let n = 0; n < MAX_FREE_NAME_TRIES; n++) {
    const candidate = n === 0 ? file : path.join(dir, `${stem}-${n}${ext}`);
    if (await write(candidate, data, 'create')) return n === 0 ? { file } : { file: candidate, taken: file };
  }
  throw new McpctlError('usage', `cannot write ${file}: ${MAX_FREE_NAME_TRIES} files of that name exist`, {
    phase: 'output',
    hint: '--force replaces it, or choose another name or directory',
  });
}

/** False when `how` is `create` and the name is taken; any other failure names the file. */
async function write(file: string, data: Uint8Array, how: 'create' | 'replace-file'): Promise<boolean> {
  try {
    await writeFileAtomicRaw(file, data, { how });
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (how === 'create' && code === 'EEXIST') return false;
    if (code === 'ELOOP')
      throw new McpctlError('usage', `not writing ${file}: it is a symbolic link`, {
        phase: 'output',
        hint: 'mcpctl never writes through a link: remove it or choose another file',
        cause: err,
      });
    throw writeFailure(file, err);
  }
}

/** A full disk or quota in the words `clearWriteError` has for it; any other failure in the file system's. */
function writeFailure(file: string, err: unknown): McpctlError {
  const full = clearWriteError(err, file);
  if (full instanceof McpctlError)
    return new McpctlError('usage', full.message, { phase: 'output', hint: full.hint, cause: err });
  return new McpctlError('usage', `cannot write ${file}: ${writeFailureReason(err)}`, {
    phase: 'output',
    hint: 'check that the directory exists and is writable',
    cause: err,
  });
}

/** Makes `dir` (and its parents) exist; a failure is a usage error naming it. */
export async function ensureDirectory(dir: string): Promise<void> {
  try {
    await makeDirs(dir);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new McpctlError('usage', `cannot create directory ${dir}: ${reason}`, { phase: 'output', cause: err });
  }
}

/** The extensions each known MIME type is written with, the one mcpctl gives first. */
const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  'image/tiff': ['tif', 'tiff'],
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'audio/mpeg': ['mp3'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/webm': ['webm'],
  'audio/flac': ['flac'],
  'application/pdf': ['pdf'],
  'application/json': ['json'],
  'application/gzip': ['gz'],
  'application/zip': ['zip'],
  'application/xml': ['xml'],
  'text/xml': ['xml'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
  'text/markdown': ['md', 'markdown'],
  'text/html': ['html', 'htm'],
};

/**
 * The extensions of a MIME type: known ones by table, else `bin`. Never the subtype of one the
 * table does not know: the server chooses it, and `application/py` would keep its `evil.py`.
 */
function extensionsFor(mimeType: string | undefined): string[] {
  if (!mimeType) return ['bin'];
  return EXTENSIONS[mimeType.split(';')[0].trim().toLowerCase()] ?? ['bin'];
}

/** The file extension mcpctl gives content of a MIME type. */
export function extensionFor(mimeType: string | undefined): string {
  return extensionsFor(mimeType)[0]!;
}

/** A name safe in any directory: no separators, no leading dots, nothing a shell would trip on. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return cleaned.slice(0, 120) || 'content';
}

/** The last segment of a URI, when it looks like a file name (`file:///a/b.png` → `b.png`). */
export function fileNameFromUri(uri: string): string | undefined {
  const withoutScheme = uri.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, '').replace(/[?#].*$/, '');
  const last = decodeURIComponentSafe(withoutScheme.split('/').filter(Boolean).pop() ?? '');
  return /\.[A-Za-z0-9]{1,8}$/.test(last) ? safeFileName(last) : undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
