// A 2026-07-28 result that names no resultType reaches the SDK as a complete one; results that
// name theirs, and errors, pass unchanged.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { assumeCompleteResults } from '../../src/mcp/session/result-type.js';

function delivered(message: unknown): unknown {
  const seen: unknown[] = [];
  const transport = { onmessage: (m: JSONRPCMessage) => seen.push(m) } as unknown as Transport;
  assumeCompleteResults(transport);
  transport.onmessage?.(message as JSONRPCMessage);
  return seen[0];
}

test('a result without resultType is read as complete, its fields kept', () => {
  const content = [{ type: 'text', text: 'done' }];
  assert.deepEqual(delivered({ jsonrpc: '2.0', id: 3, result: { content } }), {
    jsonrpc: '2.0',
    id: 3,
    result: { content, resultType: 'complete' },
  });
});

test('a result that names its resultType is left as it is', () => {
  const answer = { jsonrpc: '2.0', id: 4, result: { resultType: 'input_required', inputRequests: {} } };
  assert.deepEqual(delivered(answer), answer);
});

test('errors and notifications are left as they are', () => {
  const error = { jsonrpc: '2.0', id: 5, error: { code: -32601, message: 'no such method' } };
  const note = { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } };
  assert.deepEqual(delivered(error), error);
  assert.deepEqual(delivered(note), note);
});
