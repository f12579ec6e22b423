// Maps our protocol setting (auto, legacy, or a pinned revision) to the SDK client options
// that produce it (docs/SDK.md, "Protocol revisions").

import type { ClientOptions } from '@modelcontextprotocol/client';
import type { ProtocolSetting } from '../../config/types.js';

/** Revisions negotiated by `server/discover` (2026-07-28 and later) rather than `initialize`. */
export function isModernRevision(revision: string): boolean {
  return revision >= '2026-07-28';
}

export type NegotiationOptions = Pick<ClientOptions, 'supportedProtocolVersions' | 'versionNegotiation'>;

/**
 * @param probeTimeoutMs how long `server/discover` may stay unanswered: on stdio silence means
 *   a legacy server (then `initialize` follows), elsewhere it is an outage.
 */
export function negotiationOptions(setting: ProtocolSetting, probeTimeoutMs: number): NegotiationOptions {
  if (setting === 'legacy') return {};
  if (setting === 'auto') return { versionNegotiation: { mode: 'auto', probe: { timeoutMs: probeTimeoutMs } } };
  if (isModernRevision(setting))
    return { versionNegotiation: { mode: { pin: setting }, probe: { timeoutMs: probeTimeoutMs } } };
  // A 2025-era pin: offer only this revision, so a counter-offer of another one fails connect.
  return { supportedProtocolVersions: [setting] };
}
