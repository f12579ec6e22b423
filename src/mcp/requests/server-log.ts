// Asking for server log messages (notifications/message) in each protocol era: the legacy era
// sets a session-wide level (logging/setLevel); the 2026-07-28 era carries the level in each
// request's _meta. How they are shown: session/server-logs.ts, from the session's plan.

import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { Session } from '../session/session.js';

/**
 * Asks the server for log messages at `level` and returns the `_meta` each request must carry
 * (empty in the legacy era). Undefined when the server cannot send them: it does not declare
 * the logging capability.
 */
export async function requestLogs(session: Session, level: LoggingLevel): Promise<Record<string, unknown> | undefined> {
  if (session.era === 'modern') return { [LOG_LEVEL_META_KEY]: level };
  if (!session.capabilities?.logging) return undefined;
  await session.client.setLoggingLevel(level, session.requestOptions());
  return {};
}
