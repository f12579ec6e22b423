// The terminal table of table.ts, fitted to the terminal's width the way gh and kubectl draw
// theirs: a bold header, columns two spaces apart, no borders (they would take room from the
// names). Identifiers are never cut: the other columns drop out or narrow first, and a name
// longer than its column moves the rest of its row to the next line.

import { escapeControls } from '../escape.js';
import type { Column, TableStyle } from './table.js';
import { terminalWidth, withoutOwnCodes } from './terminal.js';
import { breakAt, displayWidth, truncate, withoutTabs, wrapText } from './wrap.js';

const GAP = 2;
/**
 * A column other than an identifier is not narrowed below its header or this, whichever is less
 * wide than its content: a narrower one shows too little to be worth its room.
 */
const MIN_WIDTH = 16;

type Cells = Map<Column<unknown>, string[]>;

export function drawTable<Row>(columns: Column<Row>[], rows: Row[], style: TableStyle): string {
  const all = columns as Column<unknown>[];
  const cells: Cells = new Map(
    all.map((c) => [c, rows.map((r) => withoutTabs(escapeControls(withoutOwnCodes(c.value(r)))))]),
  );
  const present = all.filter((c) => !c.optional || cells.get(c)!.some((v) => v !== ''));
  const total = terminalWidth(style.columns);
  const { shown, widths } = layout(present, cells, total);
  const header = shown.map((c) => [escapeControls(c.header)]);
  const out = drawRow(
    header,
    widths,
    shown.map(() => style.chalk.bold),
  );
  rows.forEach((row, r) => {
    const fitted = shown.map((c, i) => fitCell(c, cells.get(c)![r]!, widths[i]!, total - startOf(widths, i)));
    out.push(
      ...drawRow(
        fitted,
        widths,
        shown.map((c) => c.style?.(row as never)),
      ),
    );
  });
  return out.join('\n') + '\n';
}

interface Layout {
  shown: Column<unknown>[];
  widths: number[];
}

/**
 * Which columns are shown and how wide each is. Identifiers keep their whole width while any
 * other column can give way: the others drop out, least important first, until one is left;
 * then the identifiers narrow (their longer cells spill, see drawRow), keeping a third of the
 * width for that last column; it drops too when that is not enough, or when an identifier to its
 * right would be left less room than its cells need.
 */
function layout(present: Column<unknown>[], cells: Cells, total: number): Layout {
  let shown = present;
  for (;;) {
    const natural = shown.map((c) => naturalWidth(c, cells));
    const least = shown.map((c, i) => leastWidth(c, natural[i]!));
    const room = total - GAP * (shown.length - 1);
    if (sum(least) <= room) {
      const widths = spread(shown, natural, least, room);
      if (!squeezed(shown, natural, widths, total)) return { shown, widths };
      shown = withoutLeastImportant(shown);
      continue;
    }
    const others = shown.filter((c) => !c.id);
    if (others.length > 1) {
      shown = withoutLeastImportant(shown);
      continue;
    }
    const narrowed = narrowIds(shown, cells, natural, least, room, total);
    if (narrowed !== undefined) return { shown, widths: narrowed };
    if (others.length === 1) {
      shown = shown.filter((c) => c !== others[0]);
      continue;
    }
    // Only identifiers, and even at their headers' width they do not fit: each takes its header's.
    return { shown, widths: shown.map((c) => displayWidth(c.header)) };
  }
}

/**
 * True when a column gets less than a third of the width it would like while a column less
 * important than it is shown: that one had better drop (a TITLE before a DESCRIPTION is cut).
 */
function squeezed(shown: Column<unknown>[], natural: number[], widths: number[], total: number): boolean {
  const lowest = Math.min(...shown.filter((c) => !c.id).map((c) => c.priority ?? 0));
  return shown.some(
    (c, i) => !c.id && (c.priority ?? 0) > lowest && widths[i]! < Math.min(natural[i]!, Math.floor(total / 3)),
  );
}

function naturalWidth(c: Column<unknown>, cells: Cells): number {
  return Math.max(displayWidth(c.header), ...cells.get(c)!.map(longestLine));
}

function leastWidth(c: Column<unknown>, natural: number): number {
  if (c.id) return natural;
  return Math.min(natural, Math.max(displayWidth(c.header), MIN_WIDTH));
}

/** What is left over goes to the columns that want more, the least wanting first. */
function spread(shown: Column<unknown>[], natural: number[], least: number[], room: number): number[] {
  const widths = [...least];
  let spare = room - sum(least);
  const byWant = shown.map((_, i) => i).sort((a, b) => natural[a]! - least[a]! - (natural[b]! - least[b]!));
  byWant.forEach((i, k) => {
    const give = Math.min(natural[i]! - least[i]!, Math.floor(spare / (byWant.length - k)));
    widths[i]! += give;
    spare -= give;
  });
  return widths;
}

/**
 * Identifier columns narrowed until the row fits: the widest one each time, to the width of its
 * next shorter cell (so what still fits fits exactly), never below its header. The last column
 * is never narrowed: its cells run to the edge of the terminal whatever its width. Undefined
 * when the one other column would keep less than a third of the width, or would leave an
 * identifier to its right less room than its cells need (that column drops instead, rather than
 * break a URI it would not break otherwise).
 */
function narrowIds(
  shown: Column<unknown>[],
  cells: Cells,
  natural: number[],
  least: number[],
  room: number,
  total: number,
): number[] | undefined {
  const widths = [...least];
  const other = shown.findIndex((c) => !c.id);
  if (other >= 0) widths[other] = Math.min(natural[other]!, Math.max(least[other]!, Math.floor(total / 3)));
  const floors = shown.map((c) => displayWidth(c.header));
  const last = shown.length - 1;
  while (sum(widths) > room) {
    let widest = -1;
    shown.forEach((c, i) => {
      if (c.id && i < last && widths[i]! > floors[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    });
    if (widest < 0) return undefined;
    const budget = widths[widest]! - Math.max(1, sum(widths) - room);
    const fitting = cells
      .get(shown[widest]!)!
      .map(longestLine)
      .filter((w) => w <= budget);
    widths[widest] = Math.max(floors[widest]!, ...fitting);
  }
  if (other >= 0) widths[other]! += room - sum(widths);
  const cramped = shown.some((c, i) => c.id && i > other && startOf(widths, i) + natural[i]! > total);
  if (other >= 0 && cramped) return undefined;
  return widths;
}

function withoutLeastImportant(shown: Column<unknown>[]): Column<unknown>[] {
  let drop = -1;
  for (let i = shown.length - 1; i >= 0; i--) {
    if (shown[i]!.id) continue;
    if (drop < 0 || (shown[i]!.priority ?? 0) < (shown[drop]!.priority ?? 0)) drop = i;
  }
  return shown.filter((_, i) => i !== drop);
}

/** Where column i starts on a line. */
function startOf(widths: number[], i: number): number {
  return widths.slice(0, i).reduce((a, w) => a + w + GAP, 0);
}

/**
 * The cell's lines: an identifier whole (broken only where it is wider than the rest of the
 * line, after `_`, `-`, `.`, `/` or `:`, each further piece indented so it does not read as
 * another row), long text wrapped at spaces, other text cut with `…`.
 */
function fitCell(c: Column<unknown>, text: string, width: number, rest: number): string[] {
  const lines = text.split('\n');
  if (c.id) return lines.flatMap((line) => (displayWidth(line) <= rest ? [line] : breakAt(line, rest, '  ')));
  if (c.wrap) return lines.flatMap((line) => wrapText(line, width));
  const first = lines[0] ?? '';
  const more = lines.slice(1).some((l) => l.trim() !== '');
  return [truncate(more ? `${first} …` : first, width)];
}

/**
 * A row's lines. A cell wider than its column (an identifier that spills) is shown whole, all
 * its lines, and the cells to its right start on the line after its last, in their own columns.
 */
function drawRow(fitted: string[][], widths: number[], styles: (((text: string) => string) | undefined)[]): string[] {
  let below = 0;
  const columns = fitted.map((lines, i) => {
    const placed = [...Array<string>(below).fill(''), ...lines];
    if (lines.some((text) => displayWidth(text) > widths[i]!)) below = placed.length;
    return placed;
  });
  const out: string[] = [];
  for (let l = 0; columns.some((lines) => lines.length > l); l++) {
    let line = '';
    columns.forEach((lines, i) => {
      const text = lines[l] ?? '';
      const width = displayWidth(text);
      const styled = text && styles[i] ? styles[i]!(text) : text;
      const last = i === columns.length - 1;
      line += styled + (last ? '' : ' '.repeat(Math.max(0, widths[i]! - width) + GAP));
    });
    out.push(line.trimEnd());
  }
  return out;
}

function longestLine(text: string): number {
  return Math.max(0, ...text.split('\n').map(displayWidth));
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
