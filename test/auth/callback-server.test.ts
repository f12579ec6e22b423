// The loopback listener of a sign-in on its own: a callback that comes before anyone waits is
// kept for the waiter, only the first request to /callback counts, and a wrong state is refused.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startCallbackServer } from '../../src/auth/callback-server.js';
import { McpctlError } from '../../src/errors.js';

const STATE = 'the-state-of-this-sign-in';

// A bound, not a margin: were the first callback not taken in, both requests would be held forever.
test('a callback that arrives before the wait is kept for it; only the first counts; respond() answers it', {
  timeout: 60_000,
}, async () => {
  const server = await startCallbackServer(0, STATE);
  try {
    const sent = ['a', 'b'].map((code) =>
      fetch(`${server.redirectUrl}?code=${code}&state=${STATE}`).then((answer) => ({ code, answer })),
    );
    // Whichever reached the server first is held until respond(); the other is refused at once,
    // and by then the held one was taken in, before anyone waited for it.
    const refused = await Promise.race(sent);
    assert.equal(refused.answer.status, 409, 'only the first callback counts');
    const held = refused.code === 'a' ? 'b' : 'a';
    const callback = await server.waitForCallback({ waitMs: 30_000, namedMs: 30_000 });
    assert.equal(callback.params.get('code'), held);
    callback.respond('success');
    const answered = await sent[held === 'a' ? 0 : 1]!;
    assert.equal(answered.answer.status, 200);
    assert.match(await answered.answer.text(), /<html/i);
  } finally {
    await server.close();
  }
});

test('a callback with another state is refused: the wait ends with an auth error, the browser gets 400', async () => {
  const server = await startCallbackServer(0, STATE);
  try {
    const refused = assert.rejects(server.waitForCallback({ waitMs: 30_000, namedMs: 30_000 }), (err) => {
      assert.ok(err instanceof McpctlError);
      assert.equal(err.kind, 'auth');
      assert.match(err.message, /state that does not match this sign-in/);
      return true;
    });
    const answer = await fetch(`${server.redirectUrl}?code=abc&state=forged`);
    assert.equal(answer.status, 400);
    await refused;
  } finally {
    await server.close();
  }
});

test('other paths and methods are not the callback', async () => {
  const server = await startCallbackServer(0, STATE);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    assert.equal((await fetch(`${base}/elsewhere?state=${STATE}`)).status, 404);
    assert.equal((await fetch(`${server.redirectUrl}?state=${STATE}`, { method: 'POST' })).status, 405);
  } finally {
    await server.close();
  }
});

test('a wait that runs out names the limit the user gave, not what was left of it', async () => {
  const server = await startCallbackServer(0, STATE);
  try {
    await assert.rejects(server.waitForCallback({ waitMs: 1, namedMs: 5000 }), (err) => {
      assert.ok(err instanceof McpctlError);
      assert.equal(err.kind, 'timeout');
      assert.match(err.message, /^no sign-in arrived within 5 seconds$/);
      return true;
    });
  } finally {
    await server.close();
  }
});
