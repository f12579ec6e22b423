// The colour policy: --no-color, NO_COLOR, FORCE_COLOR and the terminal, decided in one place,
// and seen in real command output.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colorLevel } from '../../src/output/color.js';
import { run, ROOT } from '../helpers/run.js';

test('colour level: flag, NO_COLOR, FORCE_COLOR, terminal', () => {
  assert.equal(colorLevel({ noColor: false, env: {}, isTTY: true }), 1);
  assert.equal(colorLevel({ noColor: false, env: { COLORTERM: 'truecolor' }, isTTY: true }), 3);
  assert.equal(colorLevel({ noColor: false, env: { TERM: 'xterm-256color' }, isTTY: true }), 2);
  assert.equal(colorLevel({ noColor: false, env: {}, isTTY: false }), 0, 'no colour in a pipe');
  assert.equal(colorLevel({ noColor: true, env: { FORCE_COLOR: '1' }, isTTY: true }), 0, '--no-color wins');
  assert.equal(colorLevel({ noColor: false, env: { NO_COLOR: '1' }, isTTY: true }), 0);
  assert.equal(colorLevel({ noColor: false, env: { NO_COLOR: '' }, isTTY: true }), 1, 'an empty NO_COLOR is unset');
  assert.equal(colorLevel({ noColor: false, env: { FORCE_COLOR: '1' }, isTTY: false }), 1, 'FORCE_COLOR in a pipe');
  assert.equal(colorLevel({ noColor: false, env: { FORCE_COLOR: '0' }, isTTY: true }), 0);
  assert.equal(colorLevel({ noColor: false, env: { TERM: 'dumb' }, isTTY: true }), 0);
});

const ESC = '\u001b[';

test('a terminal gets colour; NO_COLOR and --no-color take it away', async () => {
  const base = { PATH: process.env.PATH, HOME: '/nonexistent' };
  const coloured = await run(['servers'], { cwd: ROOT, tty: true, env: base });
  assert.ok(coloured.stdout.includes(ESC), 'bold headers on a terminal');
  const noColor = await run(['servers'], { cwd: ROOT, tty: true, env: { ...base, NO_COLOR: '1' } });
  assert.ok(!noColor.stdout.includes(ESC));
  const flag = await run(['servers', '--no-color'], { cwd: ROOT, tty: true, env: base });
  assert.ok(!flag.stdout.includes(ESC));
  const pipe = await run(['servers'], { cwd: ROOT, env: base });
  assert.ok(!pipe.stdout.includes(ESC));
});

test('errors are coloured on a terminal stderr only', async () => {
  const tty = await run(['servers', 'nope'], { cwd: ROOT, tty: true, env: { PATH: process.env.PATH } });
  assert.ok(tty.stderr.includes(`${ESC}31merror:`));
  const pipe = await run(['servers', 'nope'], { cwd: ROOT, env: { PATH: process.env.PATH } });
  assert.match(pipe.stderr, /^error: unknown server "nope"/m);
});
