// Text fitted to a terminal's width: measured as the terminal shows it (wide characters count
// two, our colour codes none), wrapped at word boundaries, cut with `…` where a column must
// stay one line. Identifiers are never cut: they break only where they must, at their own
// separators. Loaded only on a terminal: string-width costs start-up time pipes never need.

import stringWidth from 'string-width';
import { withoutOwnCodes } from './terminal.js';

/** Printable ASCII alone: a column a character, no need to ask string-width (a table asks often). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Columns the text takes on a terminal. */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  return stringWidth(withoutOwnCodes(text));
}

/** One line within `width`, ending with `…` when it had to be cut. */
export function truncate(text: string, width: number): string {
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

/** One line wrapped at spaces into lines of at most `width` (a longer word is broken). */
export function wrapText(text: string, width: number): string[] {
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
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** A word wider than the width, in pieces that fit. */
function breakWord(word: string, width: number): string[] {
  if (displayWidth(word) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && displayWidth(piece + ch) > Math.max(1, width)) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * An identifier wider than `width` on lines of at most `width`, broken after its own
 * separators (`_ - . / : ›` and spaces) where it has them, each line holding as much as fits,
 * the lines after the first starting with `hang`. Nothing of it is left out.
 */
export function breakAt(name: string, width: number, hang = ''): string[] {
  const pieces = name.match(/[^_\-./: ›]*(?:[_\-./: ›]+|$)/g)?.filter((p) => p !== '') ?? [name];
  const lines: string[] = [];
  let current = '';
  const later = Math.max(1, width - displayWidth(hang));
  const room = (): number => (lines.length === 0 ? Math.max(1, width) : later);
  const push = (text: string): void => {
    lines.push(lines.length === 0 ? text : hang + text);
  };
  for (const piece of pieces) {
    // A piece that fits on a line of its own starts one; a longer stretch with no separator
    // wraps by characters wherever it starts (the terminal would wrap it anyway, and this way the
    // lines of the row stay in their columns), so it fills the line it is on first, and what is
    // left of it shares its last line with the pieces that follow.
    if (current && displayWidth(current + piece) > room() && displayWidth(piece) <= later) {
      push(current);
      current = '';
    }
    current += piece;
    while (current && displayWidth(current) > room()) {
      const [first, ...rest] = breakWord(current, room());
      push(first!);
      current = rest.join('');
    }
  }
  if (current) push(current);
  return lines;
}

/**
 * Text of several lines (a description, instructions) wrapped to `width`, every line starting
 * with `indent`. A line keeps its own leading spaces, and the lines it wraps onto line up under
 * its text (under the text of a list item, past its `-`, `*` or `1.`).
 */
export function wrapBlock(text: string, width: number, indent = ''): string[] {
  const room = Math.max(1, width - displayWidth(indent));
  return withoutTabs(text)
    .split(/\r?\n/)
    .flatMap((line) => {
      let lead = /^\s*(?:[-*•]\s+|\d+[.)]\s+)?/.exec(line)![0];
      // A lead too deep for the width is dropped rather than leaving no room for the text.
      if (displayWidth(lead) > room / 2) lead = '';
      const hang = ' '.repeat(displayWidth(lead));
      const [first, ...rest] = wrapText(line.trim().length ? line.slice(lead.length).trim() : '', room - hang.length);
      return [`${indent}${lead}${first}`.trimEnd(), ...rest.map((l) => `${indent}${hang}${l}`)];
    });
}

/** A tab's width is the terminal's choice: two spaces keep measured widths true. */
export function withoutTabs(text: string): string {
  return text.replace(/\t/g, '  ');
}
