// A CallToolResult for the two audiences of `call`: a program reading a pipe gets the text
// blocks and nothing else; a person gets every block (binaries summarised), and the
// structuredContent when no text block already carries it. Binaries can be saved to files.

import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import type { ChalkInstance } from 'chalk';
import { binaryOf, renderBlock, summarizeBlock, type ContentLike } from './content.js';
import {
  extensionFor,
  fileNameFromUri,
  keepsServerName,
  safeFileName,
  saveInDirectory,
  type SaveOptions,
  type SavedFile,
} from './save.js';

export interface CallResultLike {
  content?: readonly ContentLike[];
  structuredContent?: unknown;
  isError?: boolean;
}

function blocks(result: CallResultLike): readonly ContentLike[] {
  return Array.isArray(result.content) ? result.content : [];
}

/** The text blocks joined by newlines: all a pipe gets. */
export function joinedText(result: CallResultLike): string {
  return blocks(result)
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    .join('\n');
}

/** True when some block is text: what a pipe gets. */
export function hasText(result: CallResultLike): boolean {
  return blocks(result).some((b) => b.type === 'text' && typeof b.text === 'string');
}

/** One line per block that is not text (type, MIME type, size), with where it was saved. */
export function summarizeBlocks(result: CallResultLike, opts: RenderOptions): string[] {
  return blocks(result).flatMap((block, i) =>
    block.type === 'text' ? [] : [summarizeBlock(block, opts.chalk, opts.saved?.get(i))],
  );
}

/** True when some text block is the structuredContent as JSON (servers often send both). */
export function textCarriesStructured(result: CallResultLike): boolean {
  if (result.structuredContent === undefined) return true;
  return blocks(result).some((b) => {
    if (b.type !== 'text' || typeof b.text !== 'string') return false;
    const text = b.text.trim();
    if (!text.startsWith('{') && !text.startsWith('[')) return false;
    try {
      return isDeepStrictEqual(JSON.parse(text), result.structuredContent);
    } catch {
      return false;
    }
  });
}

export interface RenderOptions {
  chalk: ChalkInstance;
  /** Where each block's bytes were saved, by block index. */
  saved?: ReadonlyMap<number, string>;
}

/** Every block for a terminal, then the structuredContent (pretty JSON) when the text lacks it. */
export function renderToolResult(result: CallResultLike, opts: RenderOptions): string {
  const parts = blocks(result).map((block, i) => renderBlock(block, opts.chalk, opts.saved?.get(i)));
  if (!textCarriesStructured(result)) {
    parts.push(`${opts.chalk.bold('structuredContent:')}\n${JSON.stringify(result.structuredContent, null, 2)}`);
  }
  return parts.join('\n');
}

/** True when some block carries bytes that `saveBinaries` would write. */
export function hasBinaries(result: CallResultLike): boolean {
  return blocks(result).some((b) => binaryOf(b) !== undefined);
}

/**
 * Writes the bytes of every image, audio and embedded blob block into `dir`, each file whole or
 * not at all, never over an existing file unless `force` (see saveInDirectory). Names: the
 * embedded resource's file name when its URI has one that `keepsServerName` allows (its
 * extension fits the MIME type, no tool runs or obeys it), else `<base>-<n>.<ext>` by block
 * position and MIME type. Returns what was written, by block index.
 */
export async function saveBinaries(
  result: CallResultLike,
  dir: string,
  base: string,
  opts: SaveOptions,
): Promise<Map<number, SavedFile>> {
  const saved = new Map<number, SavedFile>();
  const used = new Set<string>();
  const list = blocks(result);
  for (let i = 0; i < list.length; i++) {
    const binary = binaryOf(list[i]);
    if (!binary) continue;
    const fromUri = binary.uri ? fileNameFromUri(binary.uri) : undefined;
    let name =
      fromUri !== undefined && keepsServerName(fromUri, binary.mimeType)
        ? fromUri
        : `${safeFileName(base)}-${i + 1}.${extensionFor(binary.mimeType)}`;
    if (used.has(name)) name = `${path.parse(name).name}-${i + 1}${path.parse(name).ext}`;
    used.add(name);
    saved.set(i, await saveInDirectory(dir, name, Buffer.from(binary.base64, 'base64'), opts));
  }
  return saved;
}
