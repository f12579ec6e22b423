// Lists for people and for programs. In a pipe: tab-separated rows, every column always there,
// no header, nothing cut. On a terminal: a table that fits the terminal's width without ever
// cutting an identifier: columns of lowest priority drop out, long text wraps or ends with `…`,
// and a name longer than its column moves the rest of its row down a line. Cells are server
// text: their controls are escaped before they are measured. The terminal drawing
// (table-terminal.ts) loads only when a table is drawn on a terminal: measuring text widths
// costs start-up time that pipes never need.

import type { ChalkInstance } from 'chalk';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  /** A colour for the cell on a terminal, applied once it is fitted. */
  style?: (row: Row) => ((text: string) => string) | undefined;
  /** A name or URI the user types next: never cut on a terminal, and never dropped. */
  id?: boolean;
  /** Long cells wrap onto more lines; others show their first line, ending with `…` when cut. */
  wrap?: boolean;
  /** Leave the column out of a terminal table when no row has a value in it. */
  optional?: boolean;
  /** On a narrow terminal, columns of lower priority drop out first (default 0; ties: rightmost first). */
  priority?: number;
}

export interface TableStyle {
  tty: boolean;
  chalk: ChalkInstance;
  /** The terminal's width. */
  columns?: number;
}

export async function renderTable<Row>(columns: Column<Row>[], rows: Row[], style: TableStyle): Promise<string> {
  if (!style.tty)
    return (
      rows.map((row) => columns.map((c) => tsvCell(c.value(row))).join('\t')).join('\n') + (rows.length ? '\n' : '')
    );
  const { drawTable } = await import('./table-terminal.js');
  return drawTable(columns, rows, style);
}

function tsvCell(value: string): string {
  return value.replace(/\t|\r?\n/g, ' ');
}
