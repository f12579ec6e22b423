// Server log messages (notifications/message): how to ask for them in each protocol era, and
// how one looks on stderr. The legacy era sets a session-wide level (logging/setLevel); the
// 2026-07-28 era carries the level in each request's _meta.

import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import type { Client, LoggingLevel, LoggingMessageNotification } from '@modelcontextprotocol/client';
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

export function formatLogMessage(server: string, params: LoggingMessageNotification['params']): string {
  const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
  return `${server}: [${params.level}]${params.logger ? ` ${params.logger}:` : ''} ${data}`;
}

/** Shows every log message the server sends, through `write` (one line each). */
export function showServerLogs(client: Client, server: string, write: (line: string) => void): void {
  client.setNotificationHandler('notifications/message', (notification) =>
    write(formatLogMessage(server, notification.params)),
  );
}
