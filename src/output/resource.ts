// The contents of a read resource for stdout or a file: text as it is, blobs as their bytes.
// One content prints bare (byte-exact in a pipe); several are each labelled, as `head` does
// with several files.

import type { ChalkInstance } from 'chalk';
import { decodedSize, formatBytes, withNewline } from './content.js';

export interface ResourceContentLike {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export function isBinary(content: ResourceContentLike): boolean {
  return typeof content.blob === 'string';
}

export function contentBytes(content: ResourceContentLike): Buffer {
  return typeof content.blob === 'string'
    ? Buffer.from(content.blob, 'base64')
    : Buffer.from(content.text ?? '', 'utf8');
}

/** `application/pdf, 12 kB` — what a content is, for messages. */
export function describeContent(content: ResourceContentLike): string {
  const size =
    typeof content.blob === 'string' ? decodedSize(content.blob) : Buffer.byteLength(content.text ?? '', 'utf8');
  return [content.mimeType, formatBytes(size)].filter(Boolean).join(', ');
}

/**
 * Chunks to write, in order. A terminal gets a final newline after text; a pipe gets the text
 * exactly as sent, so `resources S URI > file` copies it.
 */
export function renderContents(
  contents: readonly ResourceContentLike[],
  style: { tty: boolean; chalk: ChalkInstance },
): (string | Buffer)[] {
  if (contents.length === 1) {
    const only = contents[0];
    if (isBinary(only)) return [contentBytes(only)];
    return [style.tty ? withNewline(only.text ?? '') : (only.text ?? '')];
  }
  const chunks: (string | Buffer)[] = [];
  contents.forEach((content, i) => {
    const label = `==> ${content.uri}${content.mimeType ? ` (${content.mimeType})` : ''} <==`;
    chunks.push(`${i > 0 ? '\n' : ''}${style.tty ? style.chalk.bold(label) : label}\n`);
    chunks.push(isBinary(content) ? contentBytes(content) : withNewline(content.text ?? ''));
  });
  return chunks;
}
