// Long text for people, fitted where it is shown: on a terminal wrapped to its width (the
// measuring code loads only then), in a pipe as it is.

import { escapeControls } from './escape.js';

/**
 * The text's lines, each starting with `indent`: on a terminal `columns` wide wrapped at word
 * boundaries within it (controls escaped first, so they are measured as they will be shown);
 * without `columns` (a pipe), the text's own lines.
 */
export async function fitBlock(text: string, columns: number | undefined, indent = ''): Promise<string[]> {
  if (columns === undefined) return text.split('\n').map((line) => `${indent}${line}`);
  const { wrapBlock } = await import('./wrap.js');
  return wrapBlock(escapeControls(text), columns, indent);
}
