// Runs mcpctl through bin/ under a real pseudo-terminal (util-linux `script`), at a chosen
// width, and returns the raw bytes the terminal received (stdout and stderr together).

import { spawn } from 'node:child_process';
import os from 'node:os';
import { BIN, ROOT } from './run.js';
import { shellQuote } from './shell-quote.js';

export interface PtyOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The terminal's width as `stty cols` sets it; 0 is a terminal that reports no width. */
  columns: number;
  /** Typed on the terminal; its end is Ctrl-D. */
  input?: string;
  killAfterMs?: number;
}

export interface PtyResult {
  code: number;
  /** Everything the terminal was sent. */
  raw: string;
}

export function runPty(argv: string[], opts: PtyOptions): Promise<PtyResult> {
  const command = `stty cols ${opts.columns} rows 50; exec ${[process.execPath, BIN, ...argv].map(shellQuote).join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? { PATH: process.env.PATH, HOME: os.tmpdir(), TERM: 'xterm-256color' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stdin.end(opts.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, raw: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/**
 * The lines the terminal ends up showing: a small emulation of what mcpctl sends (carriage
 * returns, the spinner's move to column 1 and clear to the end of line); colours dropped.
 */
export function screenLines(raw: string): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  let col = 0;
  for (const m of raw.matchAll(/\x1b\[([0-9;?]*)([A-Za-z])|\r|\n|[^\x1b\r\n]/gu)) {
    const [token, param, final] = m;
    if (token === '\n') {
      lines.push(line.join(''));
      line = [];
      col = 0;
    } else if (token === '\r') col = 0;
    else if (final === 'G') col = Math.max(0, Number(param || 1) - 1);
    else if (final === 'K') line = line.slice(0, col);
    else if (final === undefined) line[col++] = token;
  }
  if (line.length) lines.push(line.join(''));
  return lines;
}
