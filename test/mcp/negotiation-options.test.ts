// The SDK options each protocol setting becomes, in process: the probe bound travels with both
// auto and a modern pin (a pinned server that never answers server/discover must not hang).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isModernRevision, negotiationOptions } from '../../src/mcp/session/revisions.js';

test('each protocol setting, as SDK options', () => {
  assert.deepEqual(negotiationOptions('legacy', 500), {});
  assert.deepEqual(negotiationOptions('auto', 500), {
    versionNegotiation: { mode: 'auto', probe: { timeoutMs: 500 } },
  });
  assert.deepEqual(negotiationOptions('2026-07-28', 700), {
    versionNegotiation: { mode: { pin: '2026-07-28' }, probe: { timeoutMs: 700 } },
  });
  assert.deepEqual(negotiationOptions('2025-11-25', 700), { supportedProtocolVersions: ['2025-11-25'] });
  assert.equal(isModernRevision('2026-07-28'), true);
  assert.equal(isModernRevision('2025-11-25'), false);
});
