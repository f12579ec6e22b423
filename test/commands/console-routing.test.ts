// What a dependency writes to the console reaches the terminal through the same guard as our own
// text, or not at all with -q: the SDK's own warning about a rejected OAuth client quotes the
// token endpoint's error_description, and a hostile one carries C1 controls and DEL. Through
// bin/ under a real pseudo-terminal (util-linux script), in a pipe, and in-process through main.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { main } from '../../commands/common/main.js';
import type { ConsoleSink } from '../../src/io.js';
import { fakeContext } from '../helpers/context.js';
import { runPty } from '../helpers/pty.js';
import { unlessInstalled } from '../helpers/requires.js';
import { runBin } from '../helpers/run.js';
import { startTokenErrorServer, type TokenErrorServer } from '../fixtures/oauth/token-error.js';

const DESCRIPTION = 'bad client \u009b2J\u009d0;owned\u009c\u007f end';
/** The SDK quotes it with JSON.stringify, which leaves C1 and DEL raw; the guard shows them so. */
const SHOWN = 'bad client \\x9b2J\\x9d0;owned\\x9c\\x7f end';

let fixture: TokenErrorServer;
let dir: string;
let config: string;

before(async () => {
  fixture = await startTokenErrorServer(DESCRIPTION);
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-console-'));
  config = path.join(dir, 'servers.json');
  const oauth = {
    grant: 'client_credentials',
    clientId: 'c1',
    clientSecretFrom: 'CLIENT_SECRET',
    issuer: fixture.issuer,
  };
  writeFileSync(config, JSON.stringify({ mcpServers: { m2m: { url: fixture.url, oauth } } }));
});
after(async () => {
  await fixture.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ PATH: process.env.PATH, HOME: dir, TERM: 'xterm-256color', CLIENT_SECRET: 'x' });

test("the SDK's console warning reaches a terminal escaped, and -q silences it", {
  skip: unlessInstalled('script'),
}, async () => {
  const r = await runPty(['-c', config, 'status', 'm2m'], { columns: 200, env: env(), cwd: dir });
  assert.equal(r.code, 4, r.raw);
  assert.doesNotMatch(r.raw, /[\u0080-\u009f\u007f]/, 'a C1 control or DEL reached the terminal');
  assert.match(r.raw, /\[mcp-sdk\] OAuth "invalid_client"/, 'the warning is still shown');
  assert.ok(r.raw.includes(`Cause: "${SHOWN}"`), r.raw);

  const quiet = await runPty(['-q', '-c', config, 'status', 'm2m'], { columns: 200, env: env(), cwd: dir });
  assert.equal(quiet.code, 4, quiet.raw);
  assert.doesNotMatch(quiet.raw, /mcp-sdk/, '-q lets the warning through');
});

test("in a pipe the SDK's warning goes to stderr as sent, never to stdout", async () => {
  const r = await runBin(['-c', config, 'status', 'm2m'], { env: env(), cwd: dir });
  assert.equal(r.code, 4, r.stderr);
  assert.ok(r.stderr.includes(`[mcp-sdk] OAuth "invalid_client"`), r.stderr);
  assert.ok(r.stderr.includes(DESCRIPTION), 'the bytes as sent');
  assert.doesNotMatch(r.stdout, /mcp-sdk/);
});

test('main routes console calls while it runs, through the guard, and restores console after', async () => {
  const saved = console.warn;
  const ctx = fakeContext({ stdoutTTY: true, stderrTTY: true, env: env(), cwd: dir, home: dir });
  let routed = 0;
  ctx.routeConsole = (sink: ConsoleSink) => {
    routed++;
    console.warn = (...args: unknown[]) => sink('warn', format(...args));
    return () => {
      console.warn = saved;
    };
  };
  const code = await main(['-c', config, 'status', 'm2m'], ctx);
  assert.equal(code, 4, ctx.stderrText());
  assert.equal(routed, 1);
  assert.equal(console.warn, saved, 'console.warn is restored');
  assert.ok(ctx.stderrText().includes(`Cause: "${SHOWN}"`), ctx.stderrText());
  assert.doesNotMatch(ctx.stderrText(), /[\u0080-\u009f\u007f]/);
});
