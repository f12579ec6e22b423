// Assembles a tool call's `arguments` object from every source the command line offers.
// Merge order, later wins: --args-file, then --args, then `-` (a JSON object on stdin), then the
// key=value words in the order given. The three JSON sources merge shallowly (a top-level key
// replaces the whole earlier value); a word sets one key, and a path (`user.name=x`,
// `rows[0].id=1`, `rows[].id=1`: key-path.ts) sets one leaf inside, keeping what else is there.
// Repeating an array-typed key appends (`tag=a tag=b`); repeating any other key replaces.
// Standard input is read at most once.

import { resolve } from 'node:path';
import { coerceText, type Coerced } from './coerce.js';
import { argumentsError, type ToolWhere } from './report.js';
import { typesOf, type JsonSchema } from '../schema/navigate.js';
import { keyPath, showPath, type Segment } from './key-path.js';
import { parseWord, type ParsedWord, type ValueSource } from './words.js';
import { isRecord } from '../is-record.js';
import { McpctlError } from '../errors.js';

export interface ArgSources {
  /** The words after `call SERVER TOOL`: key=value, key:=json, key=@file, `-`. */
  words: readonly string[];
  /** The text of `--args`. */
  argsJson?: string;
  /** The path of `--args-file` (`-` reads stdin). */
  argsFile?: string;
  /** Relative file names resolve against it. */
  cwd: string;
  readStdin: () => Promise<string>;
  readFile: (path: string) => Promise<string | Buffer>;
}

type Assign = Extract<ParsedWord, { kind: 'assign' }>;

function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function jsonObject(text: string, label: string, problems: string[]): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    problems.push(`${label}: invalid JSON (${describeError(err)})`);
    return undefined;
  }
  if (!isRecord(value)) {
    problems.push(
      `${label}: must be a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`,
    );
    return undefined;
  }
  return value;
}

// Argument names are user text: `__proto__` must become a plain own property, never reach the
// prototype chain.
function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

type Container = Record<string, unknown> | unknown[];

function getChild(container: Container, at: string | number): unknown {
  return Array.isArray(container) ? container[at as number] : ownValue(container, at as string);
}

function putChild(container: Container, at: string | number, value: unknown): void {
  if (Array.isArray(container)) container[at as number] = value;
  else setOwn(container, at as string, value);
}

/** Whether `segments` lead to a value set inside `node`; a `[]` always has room for one more. */
function hasPath(node: unknown, segments: readonly Segment[]): boolean {
  if (segments.length === 0) return node !== undefined;
  const [first, ...rest] = segments;
  if ('key' in first!) return isRecord(node) && Object.hasOwn(node, first.key) && hasPath(node[first.key], rest);
  if ('append' in first! || !Array.isArray(node)) return false;
  return hasPath(node[first!.index], rest);
}

/** Where `segment` points inside `container`, as a key or an index, or what is wrong. */
function childAt(
  container: Container,
  segment: Segment,
  rest: readonly Segment[],
): string | number | { problem: string } {
  if ('key' in segment)
    return Array.isArray(container) ? { problem: 'is a list: give an index, [N] or []' } : segment.key;
  if (!Array.isArray(container)) return { problem: 'is not a list' };
  if ('append' in segment) {
    const last = container.length - 1;
    return last >= 0 && !hasPath(container[last], rest) ? last : container.length;
  }
  if (segment.index > container.length)
    return { problem: `has ${container.length} elements: [${segment.index}] would leave a gap (use [] to add one)` };
  return segment.index;
}

class ArgumentAssembler {
  readonly value: Record<string, unknown> = {};
  /** Paths set by words so far: only these are appended to when repeated. */
  private readonly setByWord = new Set<string>();

  merge(object: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(object)) setOwn(this.value, key, value);
  }

  /** Sets `value` at the path; returns a problem when an earlier value is in the way. */
  set(key: string, segments: readonly Segment[], value: unknown, append: 'item' | 'array' | false): string | undefined {
    let node: Container = this.value;
    const walked: Segment[] = [];
    for (const [i, segment] of segments.entries()) {
      const rest = segments.slice(i + 1);
      const at = childAt(node, segment, rest);
      if (typeof at === 'object')
        return `argument "${key}": ${walked.length ? `"${showPath(walked)}"` : 'the arguments'} ${at.problem}`;
      walked.push(typeof at === 'number' ? { index: at } : { key: at });
      if (rest.length === 0) {
        this.setLeaf(node, at, showPath(walked), value, append);
        return undefined;
      }
      let next = getChild(node, at);
      if (next === undefined) {
        next = 'key' in rest[0]! ? {} : [];
        putChild(node, at, next);
      } else if (!isRecord(next) && !Array.isArray(next)) {
        return `argument "${key}": "${showPath(walked)}" is already set to a value that is neither an object nor a list`;
      }
      node = next as Container;
    }
    return undefined;
  }

  private setLeaf(node: Container, at: string | number, id: string, value: unknown, append: 'item' | 'array' | false) {
    const previous = getChild(node, at);
    if (append !== false && this.setByWord.has(id) && Array.isArray(previous)) {
      putChild(node, at, append === 'item' ? [...previous, value] : [...previous, ...(value as unknown[])]);
    } else {
      putChild(node, at, append === 'item' ? [value] : value);
    }
    this.setByWord.add(id);
  }
}

/**
 * Reads every source and returns the arguments object, typed by `schema` (the tool's
 * inputSchema; undefined when unknown: values then stay strings). Throws one usage error
 * listing every problem found (bad words, invalid JSON, unreadable files, stdin used twice).
 */
export async function buildArguments(
  sources: ArgSources,
  schema: JsonSchema | undefined,
  where?: ToolWhere,
): Promise<Record<string, unknown>> {
  const problems: string[] = [];
  const words = sources.words.map(parseWord);
  for (const word of words) if (word.kind === 'invalid') problems.push(word.problem);
  const reader = sourceReader(sources, words, problems);
  const assembler = new ArgumentAssembler();
  for (const object of await jsonObjects(sources, words, reader, problems)) assembler.merge(object);
  for (const word of words) if (word.kind === 'assign') await assign(word, schema, reader, assembler, problems);
  if (problems.length > 0) throw argumentsError(problems, where);
  return assembler.value;
}

/** Reads standard input and files for the sources; what cannot be read is a problem (and undefined). */
interface SourceReader {
  readStdin(label: string): Promise<string | undefined>;
  readFile(path: string, label: string): Promise<string | undefined>;
}

/** The reader of this call's sources; standard input is read by one of them at most (else a problem). */
function sourceReader(sources: ArgSources, words: ParsedWord[], problems: string[]): SourceReader {
  const stdinUsers = [
    ...(sources.argsFile === '-' ? ['--args-file -'] : []),
    ...words.filter((w) => w.kind === 'stdin-object').map(() => '-'),
    ...words.filter((w): w is Assign => w.kind === 'assign' && w.source.kind === 'stdin').map((w) => w.word),
  ];
  if (stdinUsers.length > 1) {
    problems.push(
      `standard input can be read only once, but ${stdinUsers.map((u) => `"${u}"`).join(' and ')} all read it`,
    );
  }
  const stdinAllowed = stdinUsers.length <= 1;
  return {
    readStdin: async (label) => {
      if (!stdinAllowed) return undefined;
      try {
        return await sources.readStdin();
      } catch (err) {
        // The run stopped (--timeout, Ctrl-C) while it read: that ends the run, it is no bad argument.
        if (err instanceof McpctlError && (err.kind === 'timeout' || err.kind === 'interrupted')) throw err;
        problems.push(`${label}: cannot read standard input (${describeError(err)})`);
        return undefined;
      }
    },
    readFile: async (path, label) => {
      try {
        const content = await sources.readFile(resolve(sources.cwd, path));
        return typeof content === 'string' ? content : content.toString('utf8');
      } catch (err) {
        problems.push(`${label}: cannot read file "${path}" (${describeError(err)})`);
        return undefined;
      }
    },
  };
}

/** The whole objects given, in the order they merge: --args-file, --args, then `-` (stdin). */
async function jsonObjects(
  sources: ArgSources,
  words: ParsedWord[],
  reader: SourceReader,
  problems: string[],
): Promise<Record<string, unknown>[]> {
  const objects: (Record<string, unknown> | undefined)[] = [];
  if (sources.argsFile !== undefined) {
    const label = `--args-file ${sources.argsFile}`;
    const text =
      sources.argsFile === '-' ? await reader.readStdin(label) : await reader.readFile(sources.argsFile, label);
    objects.push(text === undefined ? undefined : jsonObject(text, label, problems));
  }
  if (sources.argsJson !== undefined) objects.push(jsonObject(sources.argsJson, '--args', problems));
  if (words.some((w) => w.kind === 'stdin-object')) {
    const text = await reader.readStdin('-');
    objects.push(text === undefined ? undefined : jsonObject(text, 'JSON on standard input (-)', problems));
  }
  return objects.filter((o) => o !== undefined);
}

/** One `key=value` (or `key:=json`) word set into the arguments, or its problem. */
async function assign(
  word: Assign,
  schema: JsonSchema | undefined,
  reader: SourceReader,
  assembler: ArgumentAssembler,
  problems: string[],
): Promise<void> {
  const located = keyPath(word.key, schema);
  if ('problem' in located) {
    problems.push(located.problem);
    return;
  }
  const label = `argument "${word.key}"`;
  const text = await sourceText(word.source, label, reader.readStdin, reader.readFile);
  if (text === undefined) return;
  const typed = word.raw
    ? rawValue(text)
    : coerceText(text, located.schema, schema ?? true, { fromFile: word.source.kind !== 'text' });
  if (!typed.ok) {
    problems.push(`${label}: ${typed.problem}`);
    return;
  }
  const { value } = typed;
  let append: 'item' | 'array' | false = typed.item ? 'item' : Array.isArray(value) ? 'array' : false;
  // Only array-typed properties collect repeats (bare items come only from those); for any
  // other key, including every key when there is no schema, a repeat replaces.
  if (append === 'array' && !(schema !== undefined && typesOf(schema, located.schema)?.has('array'))) append = false;
  const problem = assembler.set(word.key, located.segments, value, append);
  if (problem !== undefined) problems.push(problem);
}

/** The value after `:=`: JSON as written (an array is a whole value there, never a bare item). */
function rawValue(text: string): Coerced {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, problem: `invalid JSON after ":=" (${describeError(err)})` };
  }
}

async function sourceText(
  source: ValueSource,
  label: string,
  readStdin: (label: string) => Promise<string | undefined>,
  readFile: (path: string, label: string) => Promise<string | undefined>,
): Promise<string | undefined> {
  switch (source.kind) {
    case 'text':
      return source.text;
    case 'stdin':
      return readStdin(label);
    case 'file':
      return readFile(source.path, label);
  }
}
