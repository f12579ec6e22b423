// Checks one server entry of a parsed file: maps snake_case and alias keys to camelCase, validates
// against the JSON Schema (ajv), and words every problem with file:line:col, server, key and
// what is allowed. Unknown keys are warnings; everything else wrong is an error.

import type { ErrorObject, ValidateFunction } from 'ajv';
import { getNodeValue, type Node } from 'jsonc-parser';
import { formatJsonPath, members, type JsonSegment, type ParsedDocument } from './jsonc.js';
import { IDP_PROPERTIES, OAUTH_PROPERTIES, SERVER_PROPERTIES } from './schema.js';
import { validate as generatedValidator } from '../../generated/server-validator.js';
import { didYouMean } from '../suggest.js';
import { PROTOCOL_SETTINGS, TRANSPORT_TYPES, type RawServerEntry, type TransportKind } from './types.js';
import { pointerPath } from '../schema/pointer.js';

/** Where a value of an entry is written. */
export interface SourceLocation {
  /** From the file's root, as written: `mcpServers.github.headers.Authorization`. */
  jsonPath: string;
  /** Relative to the entry, as written: `headers.Authorization`, `oauth.client_id`. */
  key: string;
  line: number;
  column: number;
}

export interface CheckedEntry {
  raw: RawServerEntry;
  type: TransportKind;
  /** Every value of the entry by its camelCase path relative to the entry (`headers.Authorization`, `args[0]`). */
  locations: Record<string, SourceLocation>;
}

export interface EntryCheck {
  /** Absent when there are errors. */
  entry?: CheckedEntry;
  errors: string[];
  warnings: string[];
}

export interface EntryInput {
  name: string;
  /** The entry's value node. */
  node: Node;
  /** Path from the file's root to the entry. */
  path: readonly JsonSegment[];
  doc: ParsedDocument;
  /** How the file is named in messages. */
  shownAs: string;
  /** false when the text was synthesised (an entry being added): messages then carry no file:line:col. */
  positions?: boolean;
  /** Top-level keys another layer checks (a test file's `start`): their values' positions are recorded, the values left out of `raw`. */
  ownKeys?: ReadonlySet<string>;
}

interface Level {
  known: ReadonlySet<string>;
  aliases: Readonly<Record<string, string>>;
  nested: Readonly<Record<string, Level>>;
}

const IDP_LEVEL: Level = { known: new Set(Object.keys(IDP_PROPERTIES)), aliases: {}, nested: {} };
const OAUTH_LEVEL: Level = { known: new Set(Object.keys(OAUTH_PROPERTIES)), aliases: {}, nested: { idp: IDP_LEVEL } };
const SERVER_LEVEL: Level = {
  known: new Set(Object.keys(SERVER_PROPERTIES).filter((k) => k !== 'transport' && k !== 'serverUrl')),
  aliases: { transport: 'type', serverUrl: 'url', server_url: 'url' },
  nested: { oauth: OAUTH_LEVEL },
};

/** Keys other clients write that mean nothing to us and are not worth a warning. */
const FOREIGN_KEYS = new Set(['autoApprove', 'alwaysAllow', 'description', 'dev']);

const quoteAll = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** What each key allows, worded for humans. */
const ALLOWED: Record<string, string> = {
  type: `must be one of ${quoteAll(TRANSPORT_TYPES)}`,
  command: 'must be a non-empty string (the program to run)',
  args: 'must be an array of strings',
  cwd: 'must be a non-empty string (a directory, relative to the config file)',
  env: 'must be an object whose values are strings',
  envFrom: 'must be an array of environment variable names',
  inheritEnv: 'must be true or false',
  url: 'must be a non-empty string (an http:// or https:// URL)',
  headers: 'must be an object whose values are strings',
  headersFrom: 'must be an object mapping header names to environment variable names',
  timeout: 'must be a positive number of seconds (1000 and more is read as milliseconds)',
  protocolVersion: `must be one of ${quoteAll(PROTOCOL_SETTINGS)}`,
  oauth: 'must be an object ({} discovers everything)',
  enabledTools: 'must be an array of tool names or glob patterns',
  disabledTools: 'must be an array of tool names or glob patterns',
  roots: 'must be an array of directories (relative to the config file)',
  disabled: 'must be true or false',
  'oauth.redirectPort': 'must be a port number from 1 to 65535',
  'oauth.tokenEndpointAuthMethod':
    'must be one of "client_secret_basic", "client_secret_post", "none", "private_key_jwt"',
  'oauth.grant': 'must be one of "authorization_code", "client_credentials", "jwt-bearer"',
  'oauth.scope': 'must be a string of space-separated scopes',
  'oauth.idp': 'must be an object',
};

/**
 * The schema's server definition, compiled ahead of time in the build (validator-codegen.ts):
 * compiling it here cost every command that reads a config ~40 ms and loaded all of ajv.
 */
const serverValidator = generatedValidator as unknown as ValidateFunction;

/** JSON values as ordinary objects (the parser makes prototype-less ones); fromEntries keeps a "__proto__" key as data. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function typeWord(type: unknown): string {
  const t = String(type);
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

function humanize(error: ErrorObject): string {
  switch (error.keyword) {
    case 'type':
      return `must be ${typeWord(error.params.type)}`;
    case 'enum':
      return `must be one of ${quoteAll((error.params.allowedValues as unknown[]).map(String))}`;
    case 'minLength':
      return 'must not be empty';
    default:
      return error.message ?? 'is invalid';
  }
}

/** Checks one entry. Never throws for problems in the entry: they come back as messages. */
export function checkEntry(input: EntryInput): EntryCheck {
  const reader = new EntryReader(input);
  const { node } = input;
  const { errors, warnings } = reader;
  if (node.type !== 'object') {
    reader.error(node, 'must be an object with "command" or "url"', ' ');
    return { errors, warnings };
  }
  const raw = reader.normalize(node, SERVER_LEVEL, [], []);
  schemaErrors(reader, raw);
  transportErrors(reader, raw);
  oauthErrors(reader, raw);
  if (errors.length > 0) return { errors, warnings };

  const entry = raw as RawServerEntry;
  const type = transportOf(entry);
  foreignKeyWarnings(reader, entry, type);
  return { entry: { raw: entry, type, locations: reader.locations }, errors, warnings };
}

/**
 * One entry as written, read into canonical keys: where each value stands in the file, and the
 * errors and warnings found so far, each starting with its `file:line:col`.
 */
class EntryReader {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  readonly locations: Record<string, SourceLocation> = {};
  /** The node of each value, by its canonical key (`oauth.clientId`). */
  readonly nodes = new Map<string, Node>();

  constructor(private readonly input: EntryInput) {}

  /** An error at `n` (by default the entry itself), after `server "NAME"` and `separator`. */
  error(n: Node | undefined, text: string, separator = ': '): void {
    this.errors.push(`${this.where(n ?? this.input.node)}server "${this.input.name}"${separator}${text}`);
  }

  warn(n: Node | undefined, text: string): void {
    this.warnings.push(`${this.where(n ?? this.input.node)}server "${this.input.name}": ${text}`);
  }

  /** The key as the file writes it, for a canonical key. */
  written(key: string): string {
    return this.locations[key]?.key ?? key;
  }

  private where(n: Node): string {
    if (this.input.positions === false) return '';
    // A member's position is its key: that is where people look for it.
    const anchor = n.parent?.type === 'property' ? n.parent : n;
    const pos = this.input.doc.positionAt(anchor.offset);
    return `${this.input.shownAs}:${pos.line}:${pos.column}: `;
  }

  private locate(n: Node, written: readonly JsonSegment[]): SourceLocation {
    const anchor = n.parent?.type === 'property' ? n.parent : n;
    const pos = this.input.doc.positionAt(anchor.offset);
    return {
      jsonPath: formatJsonPath([...this.input.path, ...written]),
      key: formatJsonPath(written),
      line: pos.line,
      column: pos.column,
    };
  }

  private collect(n: Node, canon: JsonSegment[], written: JsonSegment[]): void {
    const key = formatJsonPath(canon);
    this.locations[key] = this.locate(n, written);
    this.nodes.set(key, n);
    if (n.type === 'array')
      (n.children ?? []).forEach((child, i) => this.collect(child, [...canon, i], [...written, i]));
    if (n.type === 'object') for (const [k, , v] of members(n)) this.collect(v, [...canon, k], [...written, k]);
  }

  /** The object's members under their canonical names: unknown keys warned, duplicates refused. */
  normalize(obj: Node, level: Level, canon: JsonSegment[], written: JsonSegment[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const seen = new Map<string, string>();
    for (const [key, keyNode, valueNode] of members(obj)) {
      const c =
        level.aliases[key] ??
        (level.known.has(key) ? key : level.known.has(camelCase(key)) ? camelCase(key) : undefined);
      const label = formatJsonPath([...written, key]);
      if (canon.length === 0 && this.input.ownKeys?.has(key)) {
        this.collect(valueNode, [key], [key]);
        continue;
      }
      if (c === undefined) {
        if (FOREIGN_KEYS.has(key) && canon.length === 0) continue;
        const hint =
          key === 'envFile'
            ? ' (env files are not read: list the variables in "env" or "envFrom")'
            : didYouMean(key, [...level.known, ...Object.keys(level.aliases)]);
        this.warn(keyNode, `unknown key "${label}" ignored${hint}`);
        continue;
      }
      const previous = seen.get(c);
      if (previous !== undefined) {
        const what =
          previous === key
            ? `"${label}" is written twice`
            : `"${label}" and "${formatJsonPath([...written, previous])}" mean the same`;
        this.error(keyNode, `${what}; keep one`);
        continue;
      }
      seen.set(c, key);
      const nested = level.nested[c];
      if (nested !== undefined && valueNode.type === 'object') {
        this.locations[formatJsonPath([...canon, c])] = this.locate(valueNode, [...written, key]);
        this.nodes.set(formatJsonPath([...canon, c]), valueNode);
        out[c] = this.normalize(valueNode, nested, [...canon, c], [...written, key]);
      } else {
        this.collect(valueNode, [...canon, c], [...written, key]);
        out[c] = plain(getNodeValue(valueNode));
      }
    }
    return out;
  }
}

/** The schema's verdict, one error per value, in the words of ALLOWED. */
function schemaErrors(reader: EntryReader, raw: Record<string, unknown>): void {
  const validate = serverValidator;
  if (validate(raw)) return;
  const reported = new Set<string>();
  for (const error of validate.errors ?? []) {
    if (error.schemaPath.startsWith('#/oneOf')) continue; // worded in transportErrors
    const key = formatJsonPath(pointerPath(error.instancePath));
    if (reported.has(key)) continue;
    reported.add(key);
    reader.error(reader.nodes.get(key), `"${reader.written(key)}" ${ALLOWED[key] ?? humanize(error)}`);
  }
}

/** Exactly one of command / url, and a type that agrees with it. */
function transportErrors(reader: EntryReader, raw: Record<string, unknown>): void {
  const hasCommand = raw.command !== undefined;
  const hasUrl = raw.url !== undefined;
  if (hasCommand === hasUrl) {
    const what = hasCommand ? 'has both' : 'has neither';
    reader.error(undefined, `needs exactly one of "command" (stdio) or "url" (http/sse); it ${what}`);
  }
  const declared = typeof raw.type === 'string' ? raw.type : undefined;
  if (declared === undefined || !(TRANSPORT_TYPES as readonly string[]).includes(declared) || hasCommand === hasUrl)
    return;
  const typeNode = reader.nodes.get('type');
  const typeKey = reader.written('type');
  if (declared === 'stdio' && hasUrl)
    reader.error(typeNode, `"${typeKey}" is "stdio", which needs "command", not "url"`);
  if (declared !== 'stdio' && hasCommand)
    reader.error(typeNode, `"${typeKey}" is "${declared}", which needs "url", not "command"`);
}

/** The oauth keys that need one another. */
function oauthErrors(reader: EntryReader, raw: Record<string, unknown>): void {
  const oauth = raw.oauth;
  if (oauth === null || typeof oauth !== 'object' || Array.isArray(oauth)) return;
  const o = oauth as Record<string, unknown>;
  // Workload identity: the JWT names its audience, so a client ID needs no issuer there.
  const workload = o.grant === 'jwt-bearer' && o.idp === undefined;
  if (workload && (o.assertionFrom === undefined || o.clientId === undefined)) {
    reader.error(
      reader.nodes.get('oauth.grant'),
      'grant "jwt-bearer" needs "oauth.clientId" and "oauth.assertionFrom" (the variable holding the workload\'s JWT), or "oauth.idp"',
    );
  }
  if (o.clientId !== undefined && o.issuer === undefined && !workload) {
    reader.error(
      reader.nodes.get('oauth.clientId'),
      `"${reader.written('oauth.clientId')}" needs "oauth.issuer" (the authorization server that issued the client ID)`,
    );
  }
  if (o.tokenEndpointAuthMethod === 'private_key_jwt' && o.privateKeyFrom === undefined) {
    reader.error(
      reader.nodes.get('oauth.tokenEndpointAuthMethod'),
      '"private_key_jwt" needs "oauth.privateKeyFrom" (the variable holding the PEM key)',
    );
  }
}

function transportOf(entry: RawServerEntry): TransportKind {
  if (entry.type === undefined) return entry.command !== undefined ? 'stdio' : 'http';
  return entry.type === 'stdio' ? 'stdio' : entry.type === 'sse' ? 'sse' : 'http';
}

/** Keys of the other transport are ignored; say so rather than silently doing nothing. */
function foreignKeyWarnings(reader: EntryReader, entry: RawServerEntry, type: TransportKind): void {
  const foreign =
    type === 'stdio' ? ['headers', 'headersFrom', 'oauth'] : ['args', 'cwd', 'env', 'envFrom', 'inheritEnv'];
  for (const key of foreign) {
    const value = (entry as Record<string, unknown>)[key];
    const empty = value !== null && typeof value === 'object' && Object.keys(value).length === 0 && key !== 'oauth';
    if (value === undefined || empty) continue;
    const kind = type === 'stdio' ? 'http/sse' : 'stdio';
    reader.warn(reader.nodes.get(key), `"${reader.written(key)}" applies to ${kind} servers only; ignored`);
  }
}
