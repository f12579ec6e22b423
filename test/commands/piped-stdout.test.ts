// `mcpctl … | jq` typed at a terminal: stdout is a pipe and stderr a terminal. The data on stdout
// is what a script reads (plain rows, plain text, no colour or table), while the spinner still
// shows on the terminal's stderr.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { run } from '../helpers/run.js';
import { callProject } from '../helpers/call-project.js';

const project = callProject();
const config = path.join(project.dir, '.mcp.json');
const opts = { cwd: project.dir, home: project.home, env: project.env, stdoutTTY: false, stderrTTY: true };
const ESC = '\u001b';

test('tools SERVER with stdout piped and stderr a terminal: plain rows on stdout, the spinner on stderr', async () => {
  const r = await run(['-c', config, 'tools', 'everything'], opts);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!r.stdout.includes(ESC), 'no escape sequences in the piped data');
  const rows = r.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));
  const echo = rows.find((row) => row[0] === 'echo');
  assert.equal(echo?.length, 4, 'echo is a row of the four documented columns');
  assert.equal(echo[3], 'message');
  assert.match(r.stderr, /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] listing tools of everything/, 'the spinner ran on the terminal');
});

test('call with stdout piped and stderr a terminal: the text alone on stdout, the spinner on stderr', async () => {
  const r = await run(['-c', config, 'call', 'everything', 'echo', 'message=hello'], opts);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'Echo: hello\n');
  assert.match(r.stderr, /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] calling echo on everything/, 'the spinner ran on the terminal');
});

test('with stdout a terminal and stderr piped, no spinner is drawn into the pipe', async () => {
  const r = await run(['-c', config, 'call', 'everything', 'echo', 'message=hello'], {
    ...opts,
    stdoutTTY: true,
    stderrTTY: false,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '', 'nothing on the piped stderr');
  assert.match(r.stdout, /Echo: hello/);
});
