// The colour policy, decided in exactly one place: --no-color, NO_COLOR, FORCE_COLOR, then
// whether the stream is a terminal. chalk's own detection reads process.env at import time,
// so we never use its default instance.

import { Chalk, type ChalkInstance } from 'chalk';
import type { Env } from '../io.js';

export type ColorLevel = 0 | 1 | 2 | 3;

export function colorLevel(opts: { noColor: boolean; env: Env; isTTY: boolean }): ColorLevel {
  if (opts.noColor) return 0;
  const force = opts.env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    if (force === '2') return 2;
    if (force === '3') return 3;
    return 1;
  }
  if (opts.env.NO_COLOR !== undefined && opts.env.NO_COLOR !== '') return 0;
  if (!opts.isTTY || opts.env.TERM === 'dumb') return 0;
  if (opts.env.COLORTERM === 'truecolor' || opts.env.COLORTERM === '24bit') return 3;
  if (opts.env.TERM?.includes('256')) return 2;
  return 1;
}

export function makeChalk(level: ColorLevel): ChalkInstance {
  return new Chalk({ level });
}
