// `servers add` / `servers remove`: edit one server of a config file in place, keeping every other
// byte (comments, order, indentation), and replace the file atomically with its mode kept, under
// a lock on the file, so concurrent edits never lose one another. A project config is read under
// the loader's rules for one (read-file.ts), so an edit never goes where the loader would not read.

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../io.js';
import { ensureDir, writeFileAtomic } from '../atomic-file.js';
import { withFileLock } from '../file-lock.js';
import { configError, McpctlError, usageError } from '../errors.js';
import { projectEditTarget, projectRootOf, readConfigFile, type ReadRules } from './read-file.js';
import { insertMember, removeMember, replaceValue, styleOf } from './jsonc-edit.js';
import { members, nodeAt, parseDocument } from './jsonc.js';
import { absolutePath, projectDirOf } from './paths.js';
import { displayPath } from './display-path.js';
import { didYouMean } from '../suggest.js';
import { checkEntry } from './validate.js';

export type RootKey = 'mcpServers' | 'servers';

export interface EditResult {
  /** Absolute path of the file written. */
  file: string;
  /** The file did not exist before. */
  created: boolean;
  /** add: a server of that name was replaced (with `force`). */
  replaced: boolean;
  rootKey: RootKey;
  /** Unknown keys of the added entry, for stderr. */
  warnings: string[];
}

export interface EditOptions {
  signal?: AbortSignal;
  /**
   * The file is a project config (`servers add`'s ./.mcp.json, or the one `servers remove` found
   * the server in), not one the user named: a link out of its project, or a file of another user,
   * is refused before anything is opened or written, as the loader refuses it.
   */
  project?: boolean;
}

export interface AddOptions extends EditOptions {
  /** Replace a server of the same name instead of refusing. */
  force?: boolean;
}

/** Runs `edit` holding the lock of the file it edits (the file a symlink points to, if it is one). */
async function locked<T>(
  ctx: EditContext,
  file: string,
  opts: EditOptions,
  edit: () => Promise<T>,
  create = false,
): Promise<T> {
  const abs = absolutePath(file, ctx);
  const rules = await readRules(ctx, abs, opts.project === true);
  // The lock is made beside the file a link leads to: a link the loader refuses is refused first.
  const target =
    rules.projectRoot !== undefined
      ? await projectEditTarget(abs, rules.projectRoot, rules)
      : await fs.realpath(abs).catch(() => abs);
  if (create) await ensureDir(path.dirname(target), { file: target });
  return withFileLock(
    target,
    { what: `the config file ${displayPath(abs, ctx)}`, phase: 'config', signal: opts.signal },
    edit,
  );
}

type EditContext = Pick<Context, 'cwd' | 'home'>;

/** A project config is read under the rules of the search that finds it (paths.ts); a named file as it is. */
async function readRules(ctx: EditContext, abs: string, project: boolean): Promise<ReadRules> {
  const shown = displayPath(abs, ctx);
  if (!project) return { shown, checkOwner: false };
  return { shown, checkOwner: true, projectRoot: await projectRootOf(projectDirOf(abs), ctx.home) };
}

interface Current {
  file: string;
  shown: string;
  text: string;
  exists: boolean;
}

async function readCurrent(ctx: EditContext, file: string, project: boolean): Promise<Current> {
  const abs = absolutePath(file, ctx);
  const rules = await readRules(ctx, abs, project);
  const { shown } = rules;
  try {
    // Only a regular file, like every config read (a FIFO named .mcp.json must not hang an edit).
    const read = await readConfigFile(abs, rules);
    return read === 'missing'
      ? { file: abs, shown, text: '', exists: false }
      : { file: abs, shown, text: read.text, exists: true };
  } catch (err) {
    if (err instanceof McpctlError) throw err;
    throw configError(`${shown}: cannot read the config file: ${err instanceof Error ? err.message : String(err)}`, {
      phase: 'config',
      cause: err,
    });
  }
}

function rootKeyOf(cur: Current, rootKeys: Set<string>): RootKey {
  if (rootKeys.has('mcpServers')) return 'mcpServers';
  if (rootKeys.has('servers')) return 'servers';
  // A new VS Code file uses VS Code's spelling.
  return path.basename(path.dirname(cur.file)) === '.vscode' ? 'servers' : 'mcpServers';
}

function parseCurrent(cur: Current) {
  const doc = parseDocument(cur.file, cur.text, cur.shown);
  if (doc.root !== undefined && doc.root.type !== 'object') {
    throw configError(`${cur.shown}:1:1: a config file must hold a JSON object with "mcpServers"`, { phase: 'config' });
  }
  const rootKeys = new Set(doc.root === undefined ? [] : members(doc.root).map(([k]) => k));
  return { doc, rootKeys };
}

/** Writes a config file atomically (mode kept, a symlink followed), creating its directory. */
async function writeConfigFile(file: string, text: string): Promise<void> {
  const target = await fs.realpath(file).catch(() => file);
  await ensureDir(path.dirname(target), { file: target });
  await writeFileAtomic(file, text);
}

/**
 * Adds server `name` to `file` (created as `{ "mcpServers": {} }` when absent), under the root
 * key the file already uses. `entry` is validated like a file's entry first.
 */
export async function addServer(
  ctx: EditContext,
  file: string,
  name: string,
  entry: Record<string, unknown>,
  opts: AddOptions = {},
): Promise<EditResult> {
  if (name.trim() === '') throw usageError('a server name must not be empty');
  // The loader leaves such a name out: completed on a command line, it reads as an option.
  if (name.startsWith('-'))
    throw usageError(`server name "${name}" starts with "-", which would read as an option`, {
      hint: 'choose a name that starts with a letter or digit',
    });
  const check = checkNewEntry(name, entry);
  return locked(ctx, file, opts, () => addChecked(ctx, file, name, entry, check.warnings, opts), true);
}

function checkNewEntry(name: string, entry: Record<string, unknown>) {
  const synthetic = parseDocument('(new entry)', JSON.stringify(entry), '(new entry)');
  if (synthetic.root === undefined) throw usageError(`server "${name}": the new entry is empty`);
  const check = checkEntry({ name, node: synthetic.root, path: [], doc: synthetic, shownAs: '', positions: false });
  if (check.errors.length > 0) {
    throw usageError(check.errors.join('\n'), {
      server: name,
      hint: 'give either a command (stdio) or a url (http/sse), with valid options',
    });
  }
  return check;
}

async function addChecked(
  ctx: EditContext,
  file: string,
  name: string,
  entry: Record<string, unknown>,
  warnings: string[],
  opts: AddOptions,
): Promise<EditResult> {
  const cur = await readCurrent(ctx, file, opts.project === true);
  const original = cur.exists && cur.text.trim() !== '' ? cur.text : '';
  const { doc, rootKeys } = parseCurrent({ ...cur, text: original });
  const rootKey = rootKeyOf(cur, rootKeys);
  const replaced = doc.root !== undefined && nodeAt(doc.root, [rootKey, name]) !== undefined;
  if (replaced && opts.force !== true) {
    throw usageError(`server "${name}" already exists in ${cur.shown}`, {
      server: name,
      hint: 'use --force to replace it, or choose another name',
    });
  }
  const base = original === '' ? `{\n  "${rootKey}": {}\n}\n` : original;
  const style = styleOf(base);
  const root = parseDocument(cur.file, base, cur.shown).root!;
  const holder = nodeAt(root, [rootKey]);
  const existing = holder === undefined ? undefined : nodeAt(holder, [name]);
  let text: string;
  if (existing !== undefined) text = replaceValue(base, existing, entry, style);
  else if (holder === undefined) text = insertMember(base, root, rootKey, { [name]: entry }, style);
  else if (holder.type === 'object') text = insertMember(base, holder, name, entry, style);
  else throw configError(`${cur.shown}: "${rootKey}" must be an object of servers by name`, { phase: 'config' });
  await writeConfigFile(cur.file, text);
  return { file: cur.file, created: !cur.exists, replaced, rootKey, warnings };
}

/** Removes server `name` from `file`; an unknown name is a usage error naming the file. */
export async function removeServer(
  ctx: EditContext,
  file: string,
  name: string,
  opts: EditOptions = {},
): Promise<EditResult> {
  return locked(ctx, file, opts, () => removeLocked(ctx, file, name, opts.project === true));
}

async function removeLocked(ctx: EditContext, file: string, name: string, project: boolean): Promise<EditResult> {
  const cur = await readCurrent(ctx, file, project);
  if (!cur.exists) {
    throw usageError(`cannot remove server "${name}": ${cur.shown} does not exist`, {
      server: name,
      hint: 'name the file that defines it with --config FILE',
    });
  }
  const { doc, rootKeys } = parseCurrent(cur);
  const holders = (['mcpServers', 'servers'] as const).filter((k) => rootKeys.has(k));
  const rootKey = holders.find((k) => doc.root !== undefined && nodeAt(doc.root, [k, name]) !== undefined);
  if (rootKey === undefined) {
    const names = holders.flatMap((k) => {
      const holder = doc.root === undefined ? undefined : nodeAt(doc.root, [k]);
      return holder?.type === 'object' ? members(holder).map(([n]) => n) : [];
    });
    throw usageError(`no server "${name}" in ${cur.shown}${didYouMean(name, names)}`, {
      server: name,
      hint:
        names.length > 0
          ? `it defines: ${names.join(', ')}`
          : `${cur.shown} defines no servers; name another file with --config FILE`,
    });
  }
  const holder = nodeAt(doc.root!, [rootKey])!;
  const index = members(holder)
    .map(([n]) => n)
    .lastIndexOf(name);
  await writeConfigFile(cur.file, removeMember(cur.text, holder, index));
  return { file: cur.file, created: false, replaced: false, rootKey, warnings: [] };
}
