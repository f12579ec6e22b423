// Lists for people and for programs: a cli-table3 table on a terminal, tab-separated rows
// (no header, no decoration, never truncated) in a pipe.

import { createRequire } from 'node:module';
import type Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import { stripVTControlCharacters } from 'node:util';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  /** Let this column wrap on a narrow terminal (descriptions). */
  wrap?: boolean;
  /** Leave the column out of a terminal table when no row has a value in it. */
  optional?: boolean;
}

export interface TableStyle {
  tty: boolean;
  chalk: ChalkInstance;
  columns?: number;
}

export function renderTable<Row>(columns: Column<Row>[], rows: Row[], style: TableStyle): string {
  if (!style.tty) return rows.map((row) => columns.map((c) => tsvCell(c.value(row))).join('\t')).join('\n') + (rows.length ? '\n' : '');
  columns = columns.filter((c) => !c.optional || rows.some((r) => c.value(r) !== ''));
  const widths = style.columns ? fitWidths(columns, rows, style.columns) : undefined;
  const TableClass = loadTable();
  const table = new TableClass({
    head: columns.map((c) => style.chalk.bold(c.header)),
    style: { head: [], border: [], compact: true },
    wordWrap: true,
    wrapOnWordBoundary: true,
    ...(widths ? { colWidths: widths } : {}),
  });
  for (const row of rows) table.push(columns.map((c) => c.value(row)));
  return table.toString() + '\n';
}

/** Tabs and newlines would break a row into several: flatten them. */
function tsvCell(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ');
}

/** Natural widths, shrinking the wrapping columns until the table fits the terminal. */
function fitWidths<Row>(columns: Column<Row>[], rows: Row[], total: number): (number | null)[] | undefined {
  const natural = columns.map((c) => Math.max(c.header.length, ...rows.map((r) => longestLine(c.value(r)))) + 2);
  const borders = columns.length + 1;
  const sum = natural.reduce((a, b) => a + b, 0) + borders;
  if (sum <= total) return undefined;
  const fixed = columns.reduce((acc, c, i) => acc + (c.wrap ? 0 : natural[i]), 0) + borders;
  const wrapping = columns.filter((c) => c.wrap).length;
  if (wrapping === 0) return undefined;
  const share = Math.max(12, Math.floor((total - fixed) / wrapping));
  return columns.map((c, i) => (c.wrap ? Math.min(natural[i], share) : natural[i]));
}

function longestLine(text: string): number {
  return Math.max(0, ...stripVTControlCharacters(text).split('\n').map((l) => l.length));
}

/**
 * cli-table3 is loaded by the first terminal table, not at start: in a pipe it is never needed,
 * and loading it cost every command (even `--help`) ~4 ms. In the bundle, `require` exists and
 * esbuild resolves this call to its bundled copy; plain ESM (the tsc build) has none.
 */
function loadTable(): typeof Table {
  return typeof require === 'function' ? require('cli-table3') : createRequire(import.meta.url)('cli-table3');
}
