// A test file's text as a YAML document with positions (JSON is read by the same parser: it is
// YAML too), so every problem in it can point at file:line:col; and the jsonc-style tree of one
// of its nodes, which the config layer's entry checker reads.

import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { Node as JsonNode } from 'jsonc-parser';
import { configError } from '../errors.js';
import { excerpt, type JsonSegment, type ParsedDocument, type Position } from '../config/jsonc.js';

export interface SourceFile {
  /** As messages name it. */
  shownAs: string;
  text: string;
  value: unknown;
  /** Where the value at `path` is written; for an object member, where its key is. */
  positionOf(path: readonly JsonSegment[]): Position;
  /** The node at `path` as a jsonc-parser tree whose offsets point into this file. */
  treeAt(path: readonly JsonSegment[]): JsonNode | undefined;
  /** The file as the config layer's ParsedDocument (positions only). */
  parsed(file: string): ParsedDocument;
  /** `file:line:col` of the value at `path`. */
  at(path: readonly JsonSegment[]): string;
}

/** Parses `text`; a syntax error is a config error at its file:line:col with the line quoted. */
export function parseSource(text: string, shownAs: string): SourceFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const positionAt = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  const first = doc.errors[0];
  if (first !== undefined) {
    const pos = positionAt(first.pos[0]);
    throw configError(
      `${shownAs}:${pos.line}:${pos.column}: invalid YAML: ${first.message.split('\n')[0]} (${first.code})\n${excerpt(text, pos)}`,
      {
        phase: 'config',
        hint: `fix the syntax of ${shownAs} (a test file is YAML or JSON)`,
      },
    );
  }
  const offsetOf = (path: readonly JsonSegment[]): number => anchorOffset(doc, path);
  const positionOf = (path: readonly JsonSegment[]) => positionAt(offsetOf(path));
  return {
    shownAs,
    text,
    value: doc.toJS({ maxAliasCount: 100 }),
    positionOf,
    at: (path) => {
      const pos = positionOf(path);
      return `${shownAs}:${pos.line}:${pos.column}`;
    },
    treeAt: (path) => {
      const node = nodeAt(doc, path);
      return node === undefined ? undefined : toJsonTree(doc, node, undefined);
    },
    parsed: (file) => ({ file, text, positionAt }),
  };
}

/** The node at `path`, or undefined. */
function nodeAt(doc: Document, path: readonly JsonSegment[]): YamlNode | undefined {
  let node: unknown = doc.contents;
  for (const seg of path) {
    node = resolved(doc, node);
    if (isMap(node))
      node = node.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === String(seg))?.value;
    else if (isSeq(node) && typeof seg === 'number') node = node.items[seg];
    else return undefined;
  }
  node = resolved(doc, node);
  return isMap(node) || isSeq(node) || isScalar(node) ? node : undefined;
}

/** The offset people look at for `path`: a member's key, an item's value; the deepest existing part. */
function anchorOffset(doc: Document, path: readonly JsonSegment[]): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as YamlNode | null)?.range?.[0] ?? 0;
  for (const seg of path) {
    node = resolved(doc, node);
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) return offset;
      offset = (pair.key as YamlNode).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg] !== undefined) {
      node = node.items[seg];
      offset = (node as YamlNode).range?.[0] ?? offset;
    } else return offset;
  }
  return offset;
}

function resolved(doc: Document, node: unknown): unknown {
  return isAlias(node) ? node.resolve(doc) : node;
}

function toJsonTree(doc: Document, input: unknown, parent: JsonNode | undefined): JsonNode {
  const node = resolved(doc, input) as YamlNode | null;
  const [start, end] = node?.range ?? [0, 0];
  // jsonc-parser's Node is read-only to its users; this builds one.
  const base = { offset: start, length: Math.max(0, end - start), parent } as {
    -readonly [K in keyof JsonNode]: JsonNode[K];
  };
  if (isMap(node)) {
    base.type = 'object';
    base.children = node.items.filter(isPair).map((pair) => {
      const key = pair.key as YamlNode;
      const [ks, ke] = key.range ?? [start, start];
      const property = { type: 'property', offset: ks, length: Math.max(0, end - ks), parent: base } as {
        -readonly [K in keyof JsonNode]: JsonNode[K];
      };
      const keyNode: JsonNode = {
        type: 'string',
        value: String(isScalar(key) ? key.value : ''),
        offset: ks,
        length: ke - ks,
        parent: property,
      };
      property.children = [keyNode, toJsonTree(doc, pair.value, property)];
      return property;
    });
    return base;
  }
  if (isSeq(node)) {
    base.type = 'array';
    base.children = node.items.map((item) => toJsonTree(doc, item, base));
    return base;
  }
  const value = isScalar(node) ? node.value : null;
  base.type =
    value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
  base.value = value === null || typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
  return base;
}
