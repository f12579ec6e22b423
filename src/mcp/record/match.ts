// When a message sent in a replay is the one recorded: the same method and params, once what
// legitimately varies between two runs is left out: JSON-RPC ids (and the ids a cancellation
// refers to), progress tokens (the SDK makes them from ids), and the version in clientInfo (a
// newer mcpctl replays an older recording).

import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { isRecord } from '../../is-record.js';

/** `message` as compared: without what varies between runs. */
export function comparable(message: JSONRPCMessage): unknown {
  const { id: _id, ...rest } = message as JSONRPCMessage & { id?: unknown };
  return withoutVarying(rest, '');
}

function withoutVarying(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutVarying(v, ''));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'progressToken' || (k === 'requestId' && key === 'params')) continue;
    if (k === 'version' && (key === 'clientInfo' || key.endsWith('/clientInfo'))) continue;
    out[k] = withoutVarying(v, k);
  }
  return out;
}

/** Where two comparable messages first differ, briefly (`params.arguments.message: recorded "a", sent "b"`). */
export function firstDifference(recorded: unknown, sent: unknown, at = ''): string | undefined {
  if (isRecord(recorded) && isRecord(sent)) {
    for (const key of new Set([...Object.keys(recorded), ...Object.keys(sent)])) {
      const found = firstDifference(recorded[key], sent[key], at ? `${at}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  }
  if (Array.isArray(recorded) && Array.isArray(sent)) {
    for (let i = 0; i < Math.max(recorded.length, sent.length); i++) {
      const found = firstDifference(recorded[i], sent[i], `${at}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (JSON.stringify(recorded) === JSON.stringify(sent)) return undefined;
  return `${at || 'the message'}: recorded ${brief(recorded)}, sent ${brief(sent)}`;
}

const BRIEF_CHARS = 60;

function brief(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > BRIEF_CHARS ? `${text.slice(0, BRIEF_CHARS - 1)}…` : text;
}
