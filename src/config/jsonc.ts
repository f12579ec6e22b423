// JSON-with-comments parsing that keeps positions, so every config message can point at
// file:line:col; syntax errors quote the offending line with a caret under the column.

import { parseTree, printParseErrorCode, findNodeAtLocation, type Node, type ParseError } from 'jsonc-parser';
import { configError } from '../errors.js';

export type JsonSegment = string | number;

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units like editors count them. */
  column: number;
}

export interface ParsedDocument {
  file: string;
  text: string;
  /** The tree with positions; undefined for an empty (or whitespace-only) file. Built on first use. */
  readonly root?: Node;
  /** The plain value, when the text is strict JSON (known without building the tree). */
  readonly value?: unknown;
  positionAt(offset: number): Position;
}

// Plain words for the parser's error codes; the code name stays in parentheses for searching.
const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'expected the end of the file',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string (control characters must be escaped)',
};

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) starts.push(i + 1);
    else if (ch === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

function positionFinder(text: string): (offset: number) => Position {
  const starts = lineStarts(text);
  return (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/** The source line `line` (1-based) of `text` with a caret under `column`, for messages. */
export function excerpt(text: string, pos: Position): string {
  let line = text.split(/\r\n|\r|\n/)[pos.line - 1] ?? '';
  let column = pos.column;
  // A minified file is one long line: show a window around the column.
  const half = 60;
  if (line.length > 2 * half) {
    const from = Math.max(0, column - 1 - half);
    const to = Math.min(line.length, column - 1 + half);
    line = `${from > 0 ? '…' : ''}${line.slice(from, to)}${to < line.length ? '…' : ''}`;
    column = column - from + (from > 0 ? 1 : 0);
  }
  const gutter = String(pos.line);
  // Tabs are kept in the caret line so the caret lines up under the same character.
  const pad = line.slice(0, column - 1).replace(/[^\t]/g, ' ');
  return `  ${gutter} | ${line}\n  ${' '.repeat(gutter.length)} | ${pad}^`;
}

/**
 * Parses `text` (comments and trailing commas allowed, as VS Code's files have them).
 * `shownAs` is how the file is named in messages.
 */
export function parseDocument(file: string, text: string, shownAs: string): ParsedDocument {
  const positionAt = positionFinder(text);
  if (text.trim() === '') return { file, text, positionAt };
  checkNesting(text, shownAs, positionAt);
  // Most files are strict JSON, and JSON.parse is ten times faster than building a tree with
  // positions; a big ~/.claude.json without servers for us then never needs the tree.
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { file, text, root: parseTreeOrThrow(text, shownAs, positionAt), positionAt };
  }
  let tree: Node | undefined;
  return {
    file,
    text,
    value,
    positionAt,
    get root() {
      tree ??= parseTreeOrThrow(text, shownAs, positionAt);
      return tree;
    },
  };
}

/** Deeper than any real config; the tree, the checks and the interpolation recurse per level. */
export const MAX_NESTING = 512;

/** Refuses text nested deeper than MAX_NESTING, in one pass that skips strings and comments. */
function checkNesting(text: string, shownAs: string, positionAt: (offset: number) => Position): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (ch === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else if (ch === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (++depth > MAX_NESTING) {
        const pos = positionAt(i);
        throw configError(`${shownAs}:${pos.line}:${pos.column}: nested more than ${MAX_NESTING} levels deep`, {
          phase: 'config',
          hint: `a config file is shallow; check that ${shownAs} is the file you meant`,
        });
      }
    } else if (ch === 0x7d || ch === 0x5d) depth = Math.max(0, depth - 1);
  }
}

function parseTreeOrThrow(text: string, shownAs: string, positionAt: (offset: number) => Position): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined || root === undefined) {
    const offset = first?.offset ?? 0;
    const pos = positionAt(offset);
    const code = first === undefined ? 'ValueExpected' : printParseErrorCode(first.error);
    const what = SYNTAX_MESSAGES[code] ?? code;
    throw configError(`${shownAs}:${pos.line}:${pos.column}: invalid JSON: ${what} (${code})\n${excerpt(text, pos)}`, {
      phase: 'config',
      hint: `fix the syntax of ${shownAs} (comments and trailing commas are allowed)`,
    });
  }
  return root;
}

/** The node at `path` below `node`, if any. */
export function nodeAt(node: Node, path: readonly JsonSegment[]): Node | undefined {
  return path.length === 0 ? node : findNodeAtLocation(node, [...path]);
}

/**
 * A JSON path as people read it: `mcpServers.github.headers.Authorization`, `args[2]`,
 * `projects["/home/me/app"].mcpServers.x`.
 */
export function formatJsonPath(path: readonly JsonSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** Members of an object node as [key, key node, value node] in file order. */
export function members(objectNode: Node): Array<[string, Node, Node]> {
  const out: Array<[string, Node, Node]> = [];
  for (const prop of objectNode.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (keyNode === undefined || valueNode === undefined) continue;
    out.push([String(keyNode.value), keyNode, valueNode]);
  }
  return out;
}
