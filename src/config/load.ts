// Discovery and loading: reads every config file of paths.ts that exists, as JSONC data (never
// as code to run), checks every entry, and keeps the first entry of each name.

import { readFile } from 'node:fs/promises';
import type { Context } from '../io.js';
import { configError, McpctlError } from '../errors.js';
import { formatJsonPath, members, nodeAt, parseDocument, type ParsedDocument } from './jsonc.js';
import { configSources, displayPath, type ConfigScope, type ConfigSource } from './paths.js';
import { checkEntry, type SourceLocation } from './validate.js';
import type { RawServerEntry, TransportKind } from './types.js';

export interface ConfigEntry {
  name: string;
  /** Absolute path of the file the entry came from. */
  source: string;
  scope: ConfigScope;
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
}

export interface LoadedConfig {
  /** One entry per name (the first found wins), in precedence order then file order. */
  entries: ConfigEntry[];
  /** The files read (they exist), in precedence order. */
  files: string[];
  /** Every place looked at, in precedence order. */
  searched: string[];
  /** Unknown keys and other ignored things, one line each, for stderr. */
  warnings: string[];
}

export interface LoadOptions {
  /** `--config FILE`: read only this file. */
  configFile?: string;
}

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

async function readSource(
  source: ConfigSource,
  ctx: Context,
  warnings: string[],
): Promise<ParsedDocument | 'missing' | 'empty'> {
  const shown = displayPath(source.file, ctx);
  try {
    const text = await readFile(source.file, 'utf8');
    if (text.trim() === '') return 'empty';
    return parseDocument(source.file, text, shown);
  } catch (err) {
    if (err instanceof McpctlError) throw err;
    const code = errnoCode(err);
    const origin = source.scope === 'explicit' ? '--config' : 'MCPCTL_CONFIG';
    if (code !== undefined && MISSING.has(code)) {
      if (!source.required) return 'missing';
      throw configError(`${shown}: no such config file (named by ${origin})`, {
        phase: 'config',
        hint: `check the path given to ${origin}`,
      });
    }
    const reason = err instanceof Error ? err.message : String(err);
    if (!source.required && code === 'EACCES') {
      warnings.push(`${shown}: cannot be read (permission denied); skipped`);
      return 'missing';
    }
    throw configError(`${shown}: cannot read the config file: ${reason}`, { phase: 'config', cause: err });
  }
}

/** False only when the plain value shows that no section holds a server: no need for positions then. */
function mayHoldServers(doc: ParsedDocument, source: ConfigSource): boolean {
  const value = doc.value;
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return true;
  return source.sections.some((section) => {
    let v: unknown = value;
    for (const seg of section) v = v !== null && typeof v === 'object' && Object.hasOwn(v, seg) ? (v as Record<string | number, unknown>)[seg] : undefined;
    if (v === undefined) return false;
    return !(v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
  });
}

/** Finds, reads and checks every config file; throws one config error listing every problem. */
export async function loadConfig(ctx: Context, opts: LoadOptions = {}): Promise<LoadedConfig> {
  const sources = configSources(ctx, opts.configFile);
  const warnings: string[] = [];
  const errors: string[] = [];
  const files: string[] = [];
  const entries: ConfigEntry[] = [];
  const taken = new Set<string>();

  // Every place is read at once (most of them do not exist, and each read waits on the disk);
  // the results are then taken in precedence order, so errors and warnings come in that order.
  const reads = sources.map((source) => {
    const found: string[] = [];
    const doc = readSource(source, ctx, found);
    doc.catch(() => {}); // reported below, in order
    return { doc, warnings: found };
  });
  for (const [index, source] of sources.entries()) {
    const read = reads[index]!;
    const doc = await read.doc;
    warnings.push(...read.warnings);
    if (doc === 'missing') continue;
    files.push(source.file);
    if (doc === 'empty' || !mayHoldServers(doc, source) || doc.root === undefined) continue;
    const shown = displayPath(source.file, ctx);
    const root = doc.root;
    if (root.type !== 'object') {
      const problem = `${shown}:1:1: a config file must hold a JSON object with "mcpServers"`;
      if (source.required) errors.push(problem);
      else warnings.push(`${problem}; ignored`);
      continue;
    }
    for (const section of source.sections) {
      const holder = nodeAt(root, section);
      if (holder === undefined) continue;
      if (holder.type !== 'object') {
        const pos = doc.positionAt((holder.parent ?? holder).offset);
        errors.push(`${shown}:${pos.line}:${pos.column}: "${formatJsonPath(section)}" must be an object of servers by name`);
        continue;
      }
      const list = members(holder);
      for (const [index, [name, keyNode, valueNode]] of list.entries()) {
        const pos = doc.positionAt(keyNode.offset);
        // JSON's rule: of repeated names the last counts.
        if (list.slice(index + 1).some(([later]) => later === name)) {
          warnings.push(`${shown}:${pos.line}:${pos.column}: server "${name}" is defined again below; this one is ignored`);
          continue;
        }
        const path = [...section, name];
        const check = checkEntry({ name, node: valueNode, path, doc, shownAs: shown });
        errors.push(...check.errors);
        warnings.push(...check.warnings);
        if (check.entry === undefined || taken.has(name)) continue;
        taken.add(name);
        entries.push({
          name,
          source: source.file,
          scope: source.scope,
          jsonPath: formatJsonPath(path),
          line: pos.line,
          column: pos.column,
          raw: check.entry.raw,
          disabled: check.entry.raw.disabled === true,
          type: check.entry.type,
          locations: check.entry.locations,
        });
      }
    }
  }

  if (errors.length > 0) {
    const message = errors.length === 1 ? errors[0]! : `${errors.length} problems in the configuration:\n${errors.map((e) => `  ${e}`).join('\n')}`;
    throw configError(message, {
      phase: 'config',
      hint: 'fix the entries named above (the keys are described in mcpctl.schema.json), or read only another file with --config FILE',
    });
  }
  return { entries, files, searched: sources.map((s) => s.file), warnings };
}
