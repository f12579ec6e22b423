// Our colour codes travel marked until a terminal stream writes them; server text must not be
// able to forge that mark. The mark of another process is what a server could at best know (it
// is never shown): text holding it stays inert here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { forTerminal, terminalChalk, withoutOwnCodes } from '../../src/output/terminal.js';
import { ROOT } from '../helpers/run.js';

const TERMINAL = pathToFileURL(path.join(ROOT, 'dist', 'src', 'output', 'terminal.js')).href;

/** The marked red text another mcpctl process makes, before a terminal stream restores it. */
function markedElsewhere(): string {
  const script = `import(${JSON.stringify(TERMINAL)}).then((m) => process.stdout.write(m.terminalChalk(1).red('x')))`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

test('a colour mark taken from another process neither colours nor is stripped here', () => {
  const ours = terminalChalk(1).red('x');
  assert.equal(forTerminal(ours), '\x1b[31mx\x1b[39m', 'our own mark becomes ESC on a terminal');
  const theirs = markedElsewhere();
  assert.doesNotMatch(theirs, /\x1b/, 'the mark stands for ESC until a terminal stream writes it');
  assert.notEqual(theirs, ours, 'each process marks its colours differently');
  const forged = `${theirs} and ${theirs.replace('x', 'FORGED')}`;
  assert.doesNotMatch(forTerminal(forged), /\x1b/, 'a forged mark must not become ESC');
  assert.equal(withoutOwnCodes(forged), forged, 'nor is it taken for our own code');
});

test('before any colour is made, text passes both ways untouched', () => {
  const script = `import(${JSON.stringify(TERMINAL)}).then((m) => process.stdout.write(m.withoutOwnCodes('a\\x1b[31mb') + '|' + m.forTerminal('c')))`;
  const shown = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(shown, 'a\x1b[31mb|c');
});
