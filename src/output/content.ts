// MCP content blocks (tool results, prompt messages) for people: text as itself, everything else
// as a one-line summary (type, MIME type, size, URI), and the binary data a block carries.

import type { ChalkInstance } from 'chalk';
import { firstLine } from './first-line.js';

/** The content block shapes we read; unknown future types still have a `type`. */
export interface ContentLike {
  type: string;
  text?: unknown;
  data?: unknown;
  mimeType?: unknown;
  uri?: unknown;
  name?: unknown;
  title?: unknown;
  description?: unknown;
  size?: unknown;
  resource?: unknown;
}

export interface EmbeddedLike {
  uri?: unknown;
  mimeType?: unknown;
  text?: unknown;
  blob?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Size of base64 data once decoded, without decoding it. */
export function decodedSize(base64: string): number {
  const clean = base64.replace(/[\s]/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** The bytes a block carries (image/audio data, an embedded blob), or undefined for text-like blocks. */
export function binaryOf(block: ContentLike): { base64: string; mimeType?: string; uri?: string } | undefined {
  if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string') {
    return { base64: block.data, mimeType: str(block.mimeType) };
  }
  if (block.type === 'resource' && block.resource && typeof block.resource === 'object') {
    const r = block.resource as EmbeddedLike;
    if (typeof r.blob === 'string') return { base64: r.blob, mimeType: str(r.mimeType), uri: str(r.uri) };
  }
  return undefined;
}

/** One line saying what a non-text block is; `saved` is where its bytes were written, if they were. */
export function summarizeBlock(block: ContentLike, chalk: ChalkInstance, saved?: string): string {
  const tag = (word: string) => chalk.cyan(`[${word}]`);
  const details = (parts: (string | undefined)[]) => parts.filter((p): p is string => Boolean(p)).join(', ');
  const where = saved ? ` ${chalk.dim('saved to')} ${saved}` : '';
  switch (block.type) {
    case 'image':
    case 'audio': {
      const size = typeof block.data === 'string' ? formatBytes(decodedSize(block.data)) : undefined;
      return `${tag(block.type)} ${details([str(block.mimeType), size])}${where}`;
    }
    case 'resource_link': {
      const label = str(block.title) ?? str(block.name);
      const size = typeof block.size === 'number' ? formatBytes(block.size) : undefined;
      const about = details([label, str(block.mimeType), size]);
      const description = str(block.description);
      return `${tag('resource link')} ${str(block.uri) ?? '?'}${about ? ` (${about})` : ''}${description ? ` ${chalk.dim('— ' + firstLine(description))}` : ''}`;
    }
    case 'resource': {
      const r = (block.resource && typeof block.resource === 'object' ? block.resource : {}) as EmbeddedLike;
      const size = typeof r.blob === 'string' ? `${formatBytes(decodedSize(r.blob))} binary` : undefined;
      const about = details([str(r.mimeType), size]);
      return `${tag('resource')} ${str(r.uri) ?? '?'}${about ? ` (${about})` : ''}${where}`;
    }
    default:
      return tag(`${block.type} content`);
  }
}

/**
 * A block for a terminal: text as itself, an embedded text resource as its summary line and its
 * text, anything else as its summary line.
 */
export function renderBlock(block: ContentLike, chalk: ChalkInstance, saved?: string): string {
  if (block.type === 'text') return typeof block.text === 'string' ? block.text : '';
  const summary = summarizeBlock(block, chalk, saved);
  if (block.type === 'resource' && block.resource && typeof block.resource === 'object') {
    const text = (block.resource as EmbeddedLike).text;
    if (typeof text === 'string') return `${summary}\n${text}`;
  }
  return summary;
}

/** Ends text with exactly the newline a terminal or a line-reading program expects. */
export function withNewline(text: string): string {
  return lacksNewline(text) ? text + '\n' : text;
}

/** Whether withNewline would add one: text that is not empty and does not end a line. */
export function lacksNewline(text: string): boolean {
  return text !== '' && !text.endsWith('\n');
}
