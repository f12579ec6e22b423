// The boxed terminal table of table.ts, fitted to the terminal's width.

import stringWidth from 'string-width';
import { escapeControls } from '../escape.js';
import type { Column, TableStyle } from './table.js';
import { terminalWidth, withoutOwnCodes } from './terminal.js';

/** A column is not narrowed below its header or this, whichever is less wide than its content. */
const MIN_WIDTH = 6;
const MIN_WRAP_WIDTH = 12;

export function drawTable<Row>(columns: Column<Row>[], rows: Row[], style: TableStyle): string {
  // Colour belongs in `style`: a colour code inside a cell could be cut in two when it is fitted.
  const cells = new Map(columns.map((c) => [c, rows.map((r) => escapeControls(withoutOwnCodes(c.value(r))))]));
  let shown = columns.filter((c) => !c.optional || cells.get(c)!.some((v) => v !== ''));
  const total = terminalWidth(style.columns);
  let widths = fitWidths(shown, cells, total);
  while (widths === undefined) {
    shown = withoutLeastImportant(shown);
    widths = fitWidths(shown, cells, total);
  }
  const line = (left: string, mid: string, right: string) =>
    left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right;
  const out = [line('┌', '┬', '┐')];
  out.push(
    ...drawRow(
      shown.map((c, i) => [truncate(escapeControls(c.header), widths[i])]),
      widths,
      shown.map(() => style.chalk.bold),
    ),
  );
  out.push(line('├', '┼', '┤'));
  rows.forEach((row, r) => {
    const fitted = shown.map((c, i) => fitCell(cells.get(c)![r], widths[i], c.wrap === true));
    out.push(
      ...drawRow(
        fitted,
        widths,
        shown.map((c) => c.style?.(row)),
      ),
    );
  });
  out.push(line('└', '┴', '┘'));
  return out.join('\n') + '\n';
}

/** A tab or a newline would break the row: each becomes a space; every other byte stays. */

/** `│ a │ b │`: the borders and padding of n columns. */
function overhead(n: number): number {
  return 3 * n + 1;
}

/**
 * Widths of the shown columns' content within `total`, or undefined when not even their
 * narrowest widths fit (a single column always fits, however narrow).
 */
function fitWidths<Row>(shown: Column<Row>[], cells: Map<Column<Row>, string[]>, total: number): number[] | undefined {
  const natural = shown.map((c) => Math.max(displayWidth(c.header), ...cells.get(c)!.map(longestLine)));
  const least = shown.map((c, i) =>
    Math.min(natural[i], Math.max(displayWidth(c.header), c.wrap ? MIN_WRAP_WIDTH : MIN_WIDTH)),
  );
  const room = total - overhead(shown.length);
  const needed = least.reduce((a, b) => a + b, 0);
  if (shown.length === 1) return [Math.max(1, Math.min(natural[0], room))];
  if (needed > room) return undefined;
  // What is left over goes to the columns that want more, the least wanting first, so narrow
  // columns keep their whole width and wide ones share the rest.
  const widths = [...least];
  let spare = room - needed;
  const byWant = shown.map((_, i) => i).sort((a, b) => natural[a] - least[a] - (natural[b] - least[b]));
  byWant.forEach((i, k) => {
    const give = Math.min(natural[i] - least[i], Math.floor(spare / (byWant.length - k)));
    widths[i] += give;
    spare -= give;
  });
  return widths;
}

function withoutLeastImportant<Row>(shown: Column<Row>[]): Column<Row>[] {
  let drop = shown.length - 1;
  for (let i = shown.length - 1; i >= 0; i--) if ((shown[i].priority ?? 0) < (shown[drop].priority ?? 0)) drop = i;
  return shown.filter((_, i) => i !== drop);
}

function drawRow(fitted: string[][], widths: number[], styles: (((text: string) => string) | undefined)[]): string[] {
  const height = Math.max(1, ...fitted.map((lines) => lines.length));
  const out: string[] = [];
  for (let l = 0; l < height; l++) {
    const parts = fitted.map((lines, i) => {
      const text = lines[l] ?? '';
      const styled = text && styles[i] ? styles[i]!(text) : text;
      return styled + ' '.repeat(Math.max(0, widths[i] - displayWidth(text)));
    });
    out.push(`│ ${parts.join(' │ ')} │`);
  }
  return out;
}

function longestLine(text: string): number {
  return Math.max(0, ...text.split('\n').map(displayWidth));
}

/** The cell's lines within `width`: wrapped at spaces (long words broken), or cut with `…`. */
function fitCell(text: string, width: number, wrap: boolean): string[] {
  return text
    .split('\n')
    .flatMap((line) => (displayWidth(line) <= width ? [line] : wrap ? wrapLine(line, width) : [truncate(line, width)]));
}

function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = displayWidth(ch);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return out + '…';
}

function wrapLine(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/ +/)) {
    for (const piece of breakWord(word, width)) {
      const joined = current ? `${current} ${piece}` : piece;
      if (displayWidth(joined) <= width) current = joined;
      else {
        if (current) lines.push(current);
        current = piece;
      }
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** A word wider than the column, in pieces that fit. */
function breakWord(word: string, width: number): string[] {
  if (displayWidth(word) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && displayWidth(piece + ch) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Columns the text takes on a terminal (wide characters count two, our colour codes none). */
function displayWidth(text: string): number {
  return stringWidth(withoutOwnCodes(text));
}
