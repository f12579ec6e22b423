// Discovery and loading: reads every config file of paths.ts that exists (regular files
// only, see read-file.ts), checks every entry, decides each entry's trust, and keeps one entry of
// each name: the first that may be started, the others listed as shadowed.

import { existsSync } from 'node:fs';
import { getNodeValue, type Node } from 'jsonc-parser';
import path from 'node:path';
import type { Context } from '../io.js';
import { configError, McpctlError } from '../errors.js';
import * as fs from '../fs-async.js';
import { formatJsonPath, type JsonSegment, members, nodeAt, parseDocument, type ParsedDocument } from './jsonc.js';
import { configSources, projectDirOf, projectDirs, type ConfigScope, type ConfigSource } from './paths.js';
import { displayPath } from './display-path.js';
import { contentHash, readConfigFile, type ReadConfigFile } from './read-file.js';
import type { TrustFileData } from './trust.js';
import { usesEditorInput } from './hosts.js';
import { isRecord } from '../is-record.js';
import { checkEntry, type SourceLocation } from './validate.js';
import { isTrusted, type RawServerEntry, type TransportKind, type TrustState } from './types.js';
import { defaultWorkDir, directoryTrust, projectFolder, type DirectoryTrust, type WorkDir } from './trust-dir.js';

export interface ConfigEntry {
  name: string;
  /** Absolute path of the file the entry came from. */
  source: string;
  scope: ConfigScope;
  /** Another host's file (Codex, Zed, …), when it is one. */
  host?: string;
  /** Whether the entry may be started, and why (trust.ts). */
  trust: TrustState;
  /** Where the entry is in its file: `mcpServers.github`, `projects["/home/me/app"].mcpServers.x`. */
  jsonPath: string;
  /** Position of the entry's name in its file (1-based). */
  line: number;
  column: number;
  /** Validated, keys in camelCase, string values not interpolated. */
  raw: RawServerEntry;
  disabled: boolean;
  type: TransportKind;
  /** Where each value is written, by camelCase path relative to the entry (`headers.Authorization`). */
  locations: Record<string, SourceLocation>;
  /** stdio: where it starts when the entry names no `cwd` (trust-dir.ts). */
  workDir?: WorkDir;
}

export interface ShadowedEntry extends ConfigEntry {
  /** The file of the entry of the same name that is used instead. */
  shadowedBy: string;
}

/** A project config that was read, with what trust is given to. */
export interface ProjectFile {
  file: string;
  /** Where its trust is recorded (trust.ts `trustKey`): where it was found, not where a link leads. */
  key: string;
  trust: TrustState;
}

export interface LoadedConfig {
  /** One entry per name, in precedence order then file order. */
  entries: ConfigEntry[];
  /** Entries of a name another file also defines, not used. */
  shadowed: ShadowedEntry[];
  /** The files read (they exist), in precedence order. */
  files: string[];
  /** The project configs read. */
  projectFiles: ProjectFile[];
  /** Every place looked at, in precedence order. */
  searched: string[];
  /** Unknown keys and other ignored things, one line each, for stderr. */
  warnings: string[];
}

export interface LoadOptions {
  /** `--config FILE`: read only this file. */
  configFile?: string;
  /** `--trust-project` / MCPCTL_TRUST_PROJECT=1: the project configs found are trusted for this run. */
  trustProject?: boolean;
  /** Diagnostics for -v. */
  debug?: (line: string) => void;
}

/** A signal is looked at every so many entries: checking is synchronous work. */
const ENTRIES_PER_YIELD = 256;

/** A turn of the event loop, so a signal can be taken (the global, not node:timers/promises, a module to load). */
function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface Read {
  source: ConfigSource;
  doc: ParsedDocument;
  content: ReadConfigFile;
  /** A file of another host we could not read at all: skipped, and said so. */
  warning?: string;
}

async function readSource(source: ConfigSource, ctx: Context, opts: LoadOptions): Promise<Read | 'missing'> {
  const shown = displayPath(source.file, ctx);
  // A named file is consent to its content; a found one must also belong to us (read-file.ts).
  const named = source.scope === 'explicit' || source.scope === 'env';
  let read: ReadConfigFile | 'missing';
  try {
    read = await readConfigFile(source.file, { shown, checkOwner: !named, projectRoot: source.root });
  } catch (err) {
    if (err instanceof McpctlError) throw err;
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (!source.required && code === 'EACCES') return 'missing';
    throw configError(`${shown}: cannot read the config file: ${err instanceof Error ? err.message : String(err)}`, {
      phase: 'config',
      cause: err,
    });
  }
  if (read === 'missing') {
    if (!source.required) return 'missing';
    const origin = source.scope === 'explicit' ? '--config' : 'MCPCTL_CONFIG';
    throw configError(`${shown}: no such config file (named by ${origin})`, {
      phase: 'config',
      hint: `check the path given to ${origin}`,
    });
  }
  opts.debug?.(`reading ${shown}`);
  let text = read.text;
  let warning: string | undefined;
  if (source.format === 'toml') {
    try {
      text = await tomlAsJson(read.text, shown);
    } catch (err) {
      if (source.required || !(err instanceof McpctlError)) throw err;
      [text, warning] = ['', `${err.message}; skipped`];
    }
  }
  return {
    source,
    doc: parseDocument(source.file, text, shown),
    content: read,
    warning,
  };
}

/** A TOML file as JSON text, so it is checked like every other file (without positions). */
async function tomlAsJson(text: string, shown: string): Promise<string> {
  const { parse } = await import('smol-toml');
  try {
    return JSON.stringify(parse(text));
  } catch (err) {
    throw configError(`${shown}: invalid TOML: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, {
      phase: 'config',
      hint: `fix the syntax of ${shown}`,
    });
  }
}

/** False only when the plain value shows that no section holds a server: no need for positions then. */
function mayHoldServers(doc: ParsedDocument, source: ConfigSource): boolean {
  const value = doc.value;
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return true;
  return source.sections.some((section) => {
    let v: unknown = value;
    for (const seg of section)
      v =
        v !== null && typeof v === 'object' && Object.hasOwn(v, seg)
          ? (v as Record<string | number, unknown>)[seg]
          : undefined;
    if (v === undefined) return false;
    return !(v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
  });
}

/**
 * A named file whose top-level object has keys, none of them one mcpctl reads servers from:
 * the message naming the keys looked for and the keys found; otherwise undefined.
 */
function unknownRoot(doc: ParsedDocument, source: ConfigSource, shown: string): string | undefined {
  const value = plainValue(doc);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const found = Object.keys(value);
  if (found.length === 0) return undefined;
  const holds = source.sections.some((section) => {
    let v: unknown = value;
    for (const seg of section) v = isRecord(v) && Object.hasOwn(v, seg) ? v[seg] : undefined;
    return v !== undefined;
  });
  if (holds) return undefined;
  const looked = source.sections.map((s) => `"${formatJsonPath(s)}"`);
  const list = `${looked.slice(0, -1).join(', ')}${looked.length > 1 ? ' or ' : ''}${looked.at(-1)}`;
  const keys = found.slice(0, 8).map((k) => JSON.stringify(k.length > 40 ? `${k.slice(0, 40)}…` : k));
  return `${shown}: no servers found: mcpctl reads them from ${list}, and this file has ${keys.join(', ')}${found.length > 8 ? ', …' : ''}`;
}

function checkAborted(signal: AbortSignal): void {
  if (signal.aborted)
    throw new McpctlError('interrupted', 'interrupted while reading the configuration', { phase: 'config' });
}

/** Finds, reads and checks every config file; throws one config error listing every problem. */
export async function loadConfig(ctx: Context, opts: LoadOptions = {}): Promise<LoadedConfig> {
  const isRepoRoot = (dir: string) => existsSync(path.join(dir, '.git'));
  // The working directory comes with its links resolved; home is compared with it resolved too.
  const realHome = await fs.realpath(ctx.home).catch(() => path.resolve(ctx.home));
  const sources = configSources(ctx, opts.configFile, isRepoRoot, realHome);
  const gathered: Gathered = { ctx, warnings: [], errors: [], candidates: [], checked: 0 };
  const reads = readEverySource(sources, ctx, opts);
  const claudeJson = await claudeApprovals(sources, reads);
  const trust = new ProjectTrust(ctx, opts.trustProject === true, gathered.warnings, claudeJson);
  const files: string[] = [];
  for (const [index, source] of sources.entries()) {
    const read = await reads[index]!;
    checkAborted(ctx.signal);
    if (read === 'missing') continue;
    files.push(source.file);
    if (read.warning !== undefined) gathered.warnings.push(read.warning);
    await checkFile(gathered, read, await trust.ofFile(source, read.content));
  }
  throwProblems(gathered.errors);
  await setWorkDirs(gathered.candidates, ctx, {
    trustProject: opts.trustProject === true,
    projectFiles: trust.projectFiles,
    store: () => trust.store(),
    isRepoRoot,
    realHome,
  });
  const { entries, shadowed } = pickEntries(gathered.candidates, ctx, gathered.warnings);
  const searched = sources.map((s) => s.file);
  return { entries, shadowed, files, projectFiles: trust.projectFiles, searched, warnings: gathered.warnings };
}

/** What one load gathers from the files, in precedence order. */
interface Gathered {
  readonly ctx: Context;
  readonly warnings: string[];
  readonly errors: string[];
  readonly candidates: ConfigEntry[];
  /** Entries checked so far: the signal is looked at every ENTRIES_PER_YIELD of them. */
  checked: number;
}

/** The trust a file's entries get: the file's own, or for some names Claude Code's approval. */
interface FileTrust {
  trust: TrustState;
  approvedInClaude: (name: string) => boolean;
}

/** One file being checked: what was read, how it is shown, and the trust of its entries. */
interface CheckedFile extends FileTrust {
  read: Read;
  shown: string;
  /** Another host's file: its problems are that host's to report, so each skips its entry. */
  foreign: boolean;
}

/**
 * Every place is read at once (most of them do not exist, and each read waits on the disk); the
 * results are then taken in precedence order, so errors and warnings come in that order.
 */
function readEverySource(sources: ConfigSource[], ctx: Context, opts: LoadOptions): Promise<Read | 'missing'>[] {
  return sources.map((source) => {
    const read = readSource(source, ctx, opts);
    read.catch(() => {}); // reported by loadConfig, in order
    return read;
  });
}

/** Claude Code's approvals of project servers live in ~/.claude.json, a user file read anyway. */
async function claudeApprovals(sources: ConfigSource[], reads: Promise<Read | 'missing'>[]): Promise<unknown> {
  const index = sources.findIndex((s) => s.scope === 'user' && path.basename(s.file) === '.claude.json');
  if (index < 0 || !sources.some((s) => s.scope === 'project')) return undefined;
  const read = await reads[index]!.catch(() => 'missing' as const);
  return read === 'missing' ? undefined : plainValue(read.doc);
}

/** The trust of project configs: the trust store and its code are loaded only when one is found. */
class ProjectTrust {
  readonly projectFiles: ProjectFile[] = [];
  private consentCode?: Promise<typeof import('./trust.js')>;
  private trustStore?: Promise<{ data: TrustFileData; warning?: string }>;

  constructor(
    private readonly ctx: Context,
    private readonly trustProject: boolean,
    private readonly warnings: string[],
    /** ~/.claude.json, for Claude Code's approvals. */
    private readonly claudeJson: unknown,
  ) {}

  async ofFile(source: ConfigSource, content: ReadConfigFile): Promise<FileTrust> {
    if (source.scope !== 'project') return { trust: trustOfScope(source.scope), approvedInClaude: () => false };
    const consent = await this.consent();
    const dir = projectDirOf(source.file);
    const key = await consent.trustKey(dir, source.file);
    const trust = this.trustProject
      ? 'trust-project'
      : await consent.trustOfContent(await this.store(), key, () => contentHash(content));
    this.projectFiles.push({ file: source.file, key, trust });
    if (path.basename(source.file) !== '.mcp.json' || isTrusted(trust)) return { trust, approvedInClaude: () => false };
    // Claude Code's approvals name the directory the .mcp.json was found in, as given or
    // resolved (it may be reached through a linked folder), never where a linked file leads.
    const approvedInClaude = anyOf(
      consent.claudeCodeApproval(this.claudeJson, dir),
      consent.claudeCodeApproval(this.claudeJson, path.dirname(key)),
    );
    return { trust, approvedInClaude };
  }

  /** The trust store, read once; a warning about it is said once. */
  async store(): Promise<TrustFileData> {
    if (this.trustStore === undefined) {
      this.trustStore = this.consent().then((t) => t.believedTrustStore(t.trustFilePath(this.ctx)));
      const { warning } = await this.trustStore;
      if (warning !== undefined) this.warnings.push(warning);
    }
    return (await this.trustStore).data;
  }

  private consent(): Promise<typeof import('./trust.js')> {
    this.consentCode ??= import('./trust.js');
    return this.consentCode;
  }
}

/** The entries of one file that was read, checked into `gathered`. */
async function checkFile(gathered: Gathered, read: Read, trust: FileTrust): Promise<void> {
  const { source, doc } = read;
  const shown = displayPath(source.file, gathered.ctx);
  if (doc.text.trim() === '') return;
  const unknown = source.scope === 'explicit' || source.scope === 'env' ? unknownRoot(doc, source, shown) : undefined;
  if (unknown !== undefined) {
    // Nothing else is read beside a --config file: an error. Beside MCPCTL_CONFIG others may be usable.
    if (source.scope === 'explicit') gathered.errors.push(unknown);
    else gathered.warnings.push(`${unknown}; ignored`);
    return;
  }
  if (!mayHoldServers(doc, source) || doc.root === undefined) return;
  if (doc.root.type !== 'object') {
    const problem = `${shown}:1:1: a config file must hold a JSON object with "mcpServers"`;
    if (source.required) gathered.errors.push(problem);
    else gathered.warnings.push(`${problem}; ignored`);
    return;
  }
  const file: CheckedFile = { ...trust, read, shown, foreign: source.translate !== undefined };
  for (const section of source.sections) await checkSection(gathered, file, doc.root, section);
}

/** Where a file's problems go: errors, or for another host's file warnings. */
function problemsOf(gathered: Gathered, file: CheckedFile): string[] {
  return file.foreign ? gathered.warnings : gathered.errors;
}

/** The servers of one section (`mcpServers`, `projects[…].mcpServers`) of a file. */
async function checkSection(gathered: Gathered, file: CheckedFile, root: Node, section: JsonSegment[]): Promise<void> {
  const holder = nodeAt(root, section);
  if (holder === undefined) return;
  if (holder.type !== 'object') {
    const pos = file.read.doc.positionAt((holder.parent ?? holder).offset);
    problemsOf(gathered, file).push(
      `${file.shown}:${pos.line}:${pos.column}: "${formatJsonPath(section)}" must be an object of servers by name`,
    );
    return;
  }
  const list = members(holder);
  // JSON's rule: of repeated names the last counts.
  const last = new Map(list.map(([name], i) => [name, i]));
  for (const [index, [name, keyNode, valueNode]] of list.entries()) {
    if (++gathered.checked % ENTRIES_PER_YIELD === 0) {
      await yieldToEvents();
      checkAborted(gathered.ctx.signal);
    }
    checkMember(gathered, file, {
      name,
      path: [...section, name],
      keyNode,
      valueNode,
      repeated: last.get(name) !== index,
    });
  }
}

/** One server entry: left out with a warning, or checked into a candidate (and its problems). */
function checkMember(
  gathered: Gathered,
  file: CheckedFile,
  member: { name: string; path: JsonSegment[]; keyNode: Node; valueNode: Node; repeated: boolean },
): void {
  const { source, doc } = file.read;
  const { name } = member;
  const pos = doc.positionAt(member.keyNode.offset);
  const where = source.format === 'toml' ? file.shown : `${file.shown}:${pos.line}:${pos.column}`;
  if (member.repeated) {
    gathered.warnings.push(`${where}: server "${name}" is defined again below; this one is ignored`);
    return;
  }
  if (name.startsWith('-')) {
    // `mcpctl status --trust-project` is what completing such a name would type.
    gathered.warnings.push(
      `${where}: server "${name}" is left out: a name starting with "-" reads as an option; rename it`,
    );
    return;
  }
  const check = file.foreign
    ? checkForeign(name, member.valueNode, source, file.shown)
    : checkEntry({
        name,
        node: member.valueNode,
        path: member.path,
        doc,
        shownAs: file.shown,
        positions: source.format !== 'toml',
      });
  if (check === undefined) return;
  if (check.entry !== undefined && usesEditorInput(check.entry.raw)) {
    gathered.warnings.push(`${where}: server "${name}" uses \${input:…}, a value only an editor asks for; skipped`);
    return;
  }
  problemsOf(gathered, file).push(...check.errors.map((e) => (file.foreign ? `${e}; skipped` : e)));
  gathered.warnings.push(...check.warnings);
  if (check.entry === undefined) return;
  gathered.candidates.push({
    name,
    source: source.file,
    scope: source.scope,
    ...(source.host !== undefined ? { host: source.host } : {}),
    trust: !isTrusted(file.trust) && file.approvedInClaude(name) ? 'claude-code' : file.trust,
    jsonPath: formatJsonPath(member.path),
    line: pos.line,
    column: pos.column,
    raw: check.entry.raw,
    disabled: check.entry.raw.disabled === true,
    type: check.entry.type,
    locations: check.entry.locations,
  });
}

/** Every error of the configuration as one config error. */
function throwProblems(errors: string[]): void {
  if (errors.length === 0) return;
  const message =
    errors.length === 1
      ? errors[0]!
      : `${errors.length} problems in the configuration:\n${errors.map((e) => `  ${e}`).join('\n')}`;
  throw configError(message, {
    phase: 'config',
    hint: 'fix the entries named above (the keys are described in mcpctl.schema.json), or read only another file with --config FILE',
  });
}

/**
 * Sets where each stdio entry without `cwd` starts. The trust store is read for this only when a
 * user's server needs it and nothing else has decided.
 */
async function setWorkDirs(
  candidates: ConfigEntry[],
  ctx: Context,
  input: {
    trustProject: boolean;
    projectFiles: ProjectFile[];
    store: () => Promise<TrustFileData>;
    isRepoRoot: (dir: string) => boolean;
    realHome: string;
  },
): Promise<void> {
  const stdio = candidates.filter((c) => c.type === 'stdio');
  const search = { cwd: ctx.cwd, home: input.realHome };
  let trust: DirectoryTrust | undefined;
  if (stdio.some((c) => c.scope === 'user' || c.scope === 'env')) {
    const trustedFiles = new Set([
      ...input.projectFiles.filter((p) => isTrusted(p.trust)).map((p) => p.file),
      // Servers of a project .mcp.json approved in Claude Code: the user trusts that project there.
      ...candidates.filter((c) => c.trust === 'claude-code' || c.scope === 'env').map((c) => c.source),
    ]);
    trust = await directoryTrust(search, {
      trustProject: input.trustProject,
      trustedProjects: [...trustedFiles].map(projectFolder),
      // A store that cannot be read trusts no folder: the servers run in home, which is safe.
      store: () => input.store().catch((): TrustFileData => ({ version: 1, files: {} })),
      inProject: () => input.projectFiles.length > 0 || projectDirs(search, input.isRepoRoot).some(input.isRepoRoot),
    });
  }
  for (const c of stdio) c.workDir = defaultWorkDir(c, trust, ctx, input.realHome);
}

function anyOf(a: (name: string) => boolean, b: (name: string) => boolean): (name: string) => boolean {
  return (name) => a(name) || b(name);
}

function trustOfScope(scope: ConfigScope): TrustState {
  if (scope === 'user') return 'user';
  if (scope === 'project') return 'untrusted';
  return 'named';
}

/** An entry of another host's file, translated to ours and checked without positions. */
function checkForeign(name: string, node: Node, source: ConfigSource, shown: string) {
  const translated = source.translate!(getNodeValue(node));
  if (translated === undefined) return undefined;
  const synthetic = parseDocument(source.file, JSON.stringify(translated), shown);
  if (synthetic.root === undefined) return undefined;
  const check = checkEntry({ name, node: synthetic.root, path: [], doc: synthetic, shownAs: shown, positions: false });
  return { ...check, errors: check.errors.map((e) => `${shown} (${source.host}): ${e}`) };
}

/**
 * One entry per name: the first that may be started (a project server nobody trusted never
 * replaces a user's server of the same name), else the first. A project server and a user server
 * of one name are reported, naming both files.
 */
function pickEntries(
  candidates: ConfigEntry[],
  ctx: Context,
  warnings: string[],
): { entries: ConfigEntry[]; shadowed: ShadowedEntry[] } {
  const byName = new Map<string, ConfigEntry[]>();
  for (const c of candidates) {
    const list = byName.get(c.name);
    if (list === undefined) byName.set(c.name, [c]);
    else list.push(c);
  }
  const winners = new Set<ConfigEntry>();
  const shadowed: ShadowedEntry[] = [];
  for (const [name, list] of byName) {
    const winner = list.find((c) => isTrusted(c.trust)) ?? list[0]!;
    winners.add(winner);
    for (const loser of list) {
      if (loser === winner) continue;
      shadowed.push({ ...loser, shadowedBy: winner.source });
      const pair = [winner, loser];
      const project = pair.find((c) => c.scope === 'project');
      const user = pair.find((c) => c.scope === 'user');
      if (project === undefined || user === undefined) continue;
      const p = displayPath(project.source, ctx);
      const u = displayPath(user.source, ctx);
      warnings.push(
        project === winner
          ? `server "${name}" of ${p} shadows the server of the same name in ${u}`
          : `server "${name}" of ${p} (not trusted) would shadow the server of the same name in ${u}; the one in ${u} is used`,
      );
    }
  }
  return { entries: candidates.filter((c) => winners.has(c)), shadowed };
}

function plainValue(doc: ParsedDocument): unknown {
  if (doc.value !== undefined) return doc.value;
  return doc.root === undefined ? undefined : getNodeValue(doc.root);
}
